/**
 * The simulator's name and type tables: home cities with their time zones, athletes' first and last
 * names, recording devices, the sport types it generates, and Strava's default activity names by
 * local time of day.
 */

export interface City {
  city: string;
  state: string;
  country: string;
  lat: number;
  lng: number;
  timeZone: string;
}

/** The generator picks among the first four; tests may ask for the others (they move like walks). */
export type SimSportType = 'Run' | 'TrailRun' | 'Ride' | 'Walk' | 'Hike' | 'Swim' | 'Yoga';

export const CITIES: readonly City[] = [
  {
    city: 'Portland',
    state: 'Oregon',
    country: 'United States',
    lat: 45.5152,
    lng: -122.6784,
    timeZone: 'America/Los_Angeles',
  },
  {
    city: 'Boulder',
    state: 'Colorado',
    country: 'United States',
    lat: 40.015,
    lng: -105.2705,
    timeZone: 'America/Denver',
  },
  {
    city: 'London',
    state: 'England',
    country: 'United Kingdom',
    lat: 51.5072,
    lng: -0.1276,
    timeZone: 'Europe/London',
  },
  { city: 'Berlin', state: 'Berlin', country: 'Germany', lat: 52.52, lng: 13.405, timeZone: 'Europe/Berlin' },
  { city: 'Nairobi', state: 'Nairobi', country: 'Kenya', lat: -1.2921, lng: 36.8219, timeZone: 'Africa/Nairobi' },
  {
    city: 'Melbourne',
    state: 'Victoria',
    country: 'Australia',
    lat: -37.8136,
    lng: 144.9631,
    timeZone: 'Australia/Melbourne',
  },
];

export const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Dario',
  'Eliud',
  'Fiona',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kara',
  'Luis',
];
export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Kiprop',
  'Novak',
  'Silva',
  'Hughes',
  'Berg',
  'Rossi',
];
export const DEVICES = [
  'Garmin Forerunner 265',
  'COROS PACE 3',
  'Apple Watch Series 9',
  'Strava App',
  'Polar Pacer Pro',
];

export const RUN_NAMES = ['Morning Run', 'Lunch Run', 'Afternoon Run', 'Evening Run', 'Night Run'];

export function nameFor(sportType: SimSportType, localHour: number, long: boolean): string {
  const part = localHour < 11 ? 0 : localHour < 14 ? 1 : localHour < 17 ? 2 : localHour < 21 ? 3 : 4;
  const base = RUN_NAMES[part] ?? 'Run';
  if (sportType === 'Run') {
    return long ? `Long ${base}` : base;
  }
  if (sportType === 'TrailRun') {
    return base.replace('Run', 'Trail Run');
  }
  return base.replace(
    'Run',
    sportType === 'Ride' || sportType === 'Hike' || sportType === 'Swim' || sportType === 'Yoga' ? sportType : 'Walk',
  );
}
