// Deterministic generation of Strava-shaped athletes and activities for the simulator: every number comes
// from a seeded generator (seeded-random.ts), so a seed always yields the same history. Names, places and
// devices come from name-tables.ts. Tracks, streams, splits and laps are derived on demand from the activity
// (activity-track.ts, not stored) and always agree with its distance, times and climb.
import { CITIES, DEVICES, FIRST_NAMES, LAST_NAMES, nameFor, type City, type SimSportType } from './name-tables.ts';
import { between, pick, round } from './seeded-random.ts';
import { localHourOf, utcOffsetSeconds } from './strava-time.ts';

/** A pair of shoes or a bike of the athlete (GET /athlete's `shoes` and `bikes`). */
export interface SimGear {
  /** Strava's gear id: "g…" for shoes, "b…" for bikes. */
  id: string;
  name: string;
  primary: boolean;
  retired: boolean;
}

export interface SimAthlete {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  city: string;
  country: string;
  sex: 'M' | 'F';
  weight: number;
  createdAt: number;
  home: City;
  /** Their shoes and bikes; activities name one by `gearId`. Tests change them freely. */
  shoes: SimGear[];
  bikes: SimGear[];
}

export interface SimActivity {
  id: number;
  athleteId: number;
  name: string;
  sportType: SimSportType;
  /** Epoch milliseconds, UTC. */
  startMs: number;
  timeZone: string;
  distance: number;
  movingTime: number;
  elapsedTime: number;
  totalElevationGain: number;
  elevBase: number;
  hasHeartrate: boolean;
  averageHeartrate: number;
  maxHeartrate: number;
  startLat: number;
  startLng: number;
  /** Seeds the route shape and pace profile so streams are reproducible. */
  shapeSeed: number;
  kudosCount: number;
  commentCount: number;
  description: string;
  deviceName: string;
  private: boolean;
  commute: boolean;
  trainer: boolean;
  manual: boolean;
  workoutType: number | null;
  gearId: string | null;
  /** Epoch milliseconds of the last edit; Strava-side edits made by tests bump it. */
  updatedMs: number;
  /**
   * Strava has not analysed it yet (an activity just uploaded): its detail sends no splits and no
   * best efforts, while its streams are whole.
   */
  notAnalysed?: boolean;
}

export function generateAthlete(random: () => number, id: number, nowMs: number): SimAthlete {
  const firstname = pick(random, FIRST_NAMES);
  const lastname = pick(random, LAST_NAMES);
  const home = pick(random, CITIES);
  return {
    id,
    firstname,
    lastname,
    username: `${firstname}${lastname}${id % 1000}`.toLowerCase(),
    city: home.city,
    country: home.country,
    sex: random() < 0.5 ? 'F' : 'M',
    weight: round(between(random, 52, 82), 1),
    createdAt: nowMs - Math.round(between(random, 6, 9) * 365 * 86400_000),
    home,
    shoes: [{ id: 'g7654321', name: 'Daily trainers', primary: true, retired: false }],
    bikes: [{ id: 'b1234567', name: 'Road bike', primary: true, retired: false }],
  };
}

export interface ActivityDraft {
  sportType?: SimSportType;
  startMs: number;
}

/** One plausible activity starting at (roughly) draft.startMs for the athlete. */
export function generateActivity(
  random: () => number,
  athlete: SimAthlete,
  id: number,
  draft: ActivityDraft,
): SimActivity {
  const roll = random();
  const sportType: SimSportType =
    draft.sportType ?? (roll < 0.78 ? 'Run' : roll < 0.86 ? 'TrailRun' : roll < 0.94 ? 'Ride' : 'Walk');
  const long = sportType === 'Run' && random() < 0.15;
  let distance: number;
  let speed: number;
  let climbPerKm: number;
  if (sportType === 'Run') {
    distance = long ? between(random, 16000, 32000) : between(random, 3000, 13000);
    speed = 1000 / between(random, 270, 400);
    climbPerKm = between(random, 2, 14);
  } else if (sportType === 'TrailRun') {
    distance = between(random, 6000, 25000);
    speed = 1000 / between(random, 360, 540);
    climbPerKm = between(random, 20, 60);
  } else if (sportType === 'Ride') {
    distance = between(random, 15000, 90000);
    speed = between(random, 6.5, 9.5);
    climbPerKm = between(random, 4, 15);
  } else {
    distance = between(random, 1500, 8000);
    speed = between(random, 1.2, 1.6);
    climbPerKm = between(random, 1, 8);
  }
  distance = round(distance, 1);
  const movingTime = Math.round(distance / speed);
  const elapsedTime = movingTime + Math.round(random() < 0.6 ? between(random, 0, movingTime * 0.06) : 0);
  const hasHeartrate = sportType !== 'Walk' ? random() < 0.88 : random() < 0.4;
  const averageHeartrate = round(
    sportType === 'Walk' ? between(random, 95, 115) : long ? between(random, 140, 152) : between(random, 135, 165),
    1,
  );
  const maxHeartrate = Math.round(averageHeartrate + between(random, 12, 28));
  const home = athlete.home;
  const startLat = round(home.lat + between(random, -0.03, 0.03), 6);
  const startLng = round(home.lng + between(random, -0.04, 0.04), 6);
  const localHour = localHourOf(draft.startMs, home.timeZone);
  const useDevice = random() < 0.93;
  return {
    id,
    athleteId: athlete.id,
    name: nameFor(sportType, localHour, long),
    sportType,
    startMs: draft.startMs,
    timeZone: home.timeZone,
    distance,
    movingTime,
    elapsedTime,
    totalElevationGain: round((distance / 1000) * climbPerKm, 1),
    elevBase: round(between(random, 5, 400), 1),
    hasHeartrate,
    averageHeartrate,
    maxHeartrate,
    startLat,
    startLng,
    shapeSeed: Math.floor(random() * 2 ** 31),
    kudosCount: Math.floor(random() * 25),
    commentCount: random() < 0.2 ? Math.floor(random() * 4) : 0,
    description: random() < 0.3 ? 'Felt good, legs fresh.' : '',
    deviceName: useDevice ? pick(random, DEVICES) : 'Strava App',
    private: random() < 0.05,
    commute: sportType === 'Ride' && random() < 0.2,
    trainer: false,
    manual: false,
    workoutType: sportType === 'Run' || sportType === 'TrailRun' ? (long ? 2 : random() < 0.1 ? 3 : 0) : null,
    gearId: sportType === 'Ride' ? 'b1234567' : 'g7654321',
    updatedMs: draft.startMs + elapsedTime * 1000,
  };
}

/**
 * Spreads `count` activities over the past years, about four to five a week, oldest first, each at a
 * morning or evening local hour.
 */
export function generateHistory(
  random: () => number,
  athlete: SimAthlete,
  count: number,
  nowMs: number,
  nextId: () => number,
): SimActivity[] {
  const spanDays = Math.max(30, Math.ceil(count * 1.6));
  const dayOffsets: number[] = [];
  for (let index = 0; index < count; index += 1) {
    dayOffsets.push(1 + Math.floor(random() * spanDays));
  }
  dayOffsets.sort((a, b) => b - a);
  const activities: SimActivity[] = [];
  for (const daysAgo of dayOffsets) {
    const morning = random() < 0.6;
    const hourUtc = morning ? between(random, 5, 9) : between(random, 16, 20);
    const dayStart = Math.floor((nowMs - daysAgo * 86400_000) / 86400_000) * 86400_000;
    const offsetMs = utcOffsetSeconds(dayStart, athlete.home.timeZone) * 1000;
    const startMs = Math.round((dayStart + hourUtc * 3600_000 - offsetMs) / 1000) * 1000;
    activities.push(generateActivity(random, athlete, nextId(), { startMs }));
  }
  activities.sort((a, b) => a.startMs - b.startMs);
  return activities;
}
