// Deterministic generation of Strava-shaped athletes and activities for the simulator: every number comes
// from a seeded generator, so a seed always yields the same history. Tracks, streams, splits and laps are
// derived on demand from the activity (not stored) and always agree with its distance, times and climb.

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
}

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
}

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

const FIRST_NAMES = [
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
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Kiprop', 'Novak', 'Silva', 'Hughes', 'Berg', 'Rossi'];
const DEVICES = ['Garmin Forerunner 265', 'COROS PACE 3', 'Apple Watch Series 9', 'Strava App', 'Polar Pacer Pro'];

/** mulberry32: tiny, fast and good enough for test data. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) {
    throw new Error('pick from an empty list');
  }
  return item;
}

function between(random: () => number, low: number, high: number): number {
  return low + random() * (high - low);
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
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
  };
}

const RUN_NAMES = ['Morning Run', 'Lunch Run', 'Afternoon Run', 'Evening Run', 'Night Run'];

function nameFor(sportType: SimSportType, localHour: number, long: boolean): string {
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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Offset of the zone from UTC at that instant, in seconds (e.g. 3600 for Berlin in winter). */
export function utcOffsetSeconds(instantMs: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const text = format.formatToParts(new Date(instantMs)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text);
  if (!match) {
    return 0;
  }
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 3600 + Number(match[3]) * 60);
}

function localHourOf(instantMs: number, timeZone: string): number {
  return new Date(instantMs + utcOffsetSeconds(instantMs, timeZone) * 1000).getUTCHours();
}

/** Strava's timezone text, e.g. "(GMT-08:00) America/Los_Angeles". */
export function stravaTimezone(instantMs: number, timeZone: string): string {
  const offset = utcOffsetSeconds(instantMs, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `(GMT${sign}${hours}:${minutes}) ${timeZone}`;
}

/** Strava's date format: ISO 8601 without milliseconds, always suffixed "Z" (even for start_date_local). */
export function stravaDate(instantMs: number): string {
  return new Date(instantMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const METRES_PER_DEGREE = 111_320;

/** A closed loop whose length is close to the activity's distance, position at fraction f of the way. */
export function pointAt(activity: SimActivity, fraction: number): [number, number] {
  const shape = createRandom(activity.shapeSeed);
  const phase = shape() * Math.PI * 2;
  const lobes = 2 + Math.floor(shape() * 3);
  const wobble = 0.12 + shape() * 0.1;
  const radius = activity.distance / (2 * Math.PI);
  const angle = phase + fraction * Math.PI * 2;
  const r = radius * (1 + wobble * Math.sin(lobes * fraction * Math.PI * 2));
  const startX = radius * Math.cos(phase);
  const startY = radius * Math.sin(phase);
  const dx = r * Math.cos(angle) - startX;
  const dy = r * Math.sin(angle) - startY;
  const lat = activity.startLat + dy / METRES_PER_DEGREE;
  const lng = activity.startLng + dx / (METRES_PER_DEGREE * Math.cos((activity.startLat * Math.PI) / 180));
  return [round(lat, 6), round(lng, 6)];
}

/** Google's encoded polyline algorithm, precision 5, as Strava's map.polyline and summary_polyline use. */
export function encodePolyline(points: readonly (readonly [number, number])[]): string {
  let previousLat = 0;
  let previousLng = 0;
  let output = '';
  const encodeValue = (value: number): string => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    let chunk = '';
    while (v >= 0x20) {
      chunk += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    return chunk + String.fromCharCode(v + 63);
  };
  for (const [lat, lng] of points) {
    const latE5 = Math.round(lat * 1e5);
    const lngE5 = Math.round(lng * 1e5);
    output += encodeValue(latE5 - previousLat) + encodeValue(lngE5 - previousLng);
    previousLat = latE5;
    previousLng = lngE5;
  }
  return output;
}

export function decodePolyline(encoded: string): [number, number][] {
  const points: [number, number][] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index) - 63;
      index += 1;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push([lat / 1e5, lng / 1e5]);
  }
  return points;
}

export function summaryPolyline(activity: SimActivity, points = 80): string {
  const track: [number, number][] = [];
  for (let index = 0; index <= points; index += 1) {
    track.push(pointAt(activity, index / points));
  }
  return encodePolyline(track);
}

export interface ActivityStreams {
  time: number[];
  distance: number[];
  latlng: [number, number][];
  altitude: number[];
  velocity_smooth: number[];
  heartrate: number[] | null;
  cadence: number[];
  moving: boolean[];
  grade_smooth: number[];
}

/**
 * Samples every few seconds (at most about 1,500 points). time ends at elapsed_time, distance at the
 * activity's distance, and the altitude profile climbs total_elevation_gain over whole hills.
 */
export function buildStreams(activity: SimActivity): ActivityStreams {
  const random = createRandom(activity.shapeSeed ^ 0x5bd1e995);
  const step = Math.max(1, Math.ceil(activity.elapsedTime / 1500));
  const samples = Math.floor(activity.elapsedTime / step) + 1;
  const time: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    time.push(Math.min(index * step, activity.elapsedTime));
  }
  if (time[time.length - 1] !== activity.elapsedTime) {
    time.push(activity.elapsedTime);
  }
  const pauseStart = Math.floor(time.length * 0.55);
  const pauseSamples = Math.round((activity.elapsedTime - activity.movingTime) / step);
  const weights: number[] = [0];
  const moving: boolean[] = [true];
  for (let index = 1; index < time.length; index += 1) {
    const paused = index > pauseStart && index <= pauseStart + pauseSamples;
    const dt = (time[index] ?? 0) - (time[index - 1] ?? 0);
    const wave = 1 + 0.06 * Math.sin(index / 37) + 0.04 * (random() - 0.5);
    weights.push(paused ? 0 : wave * dt);
    moving.push(!paused);
  }
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const distance: number[] = [];
  let covered = 0;
  for (const weight of weights) {
    covered += (weight / totalWeight) * activity.distance;
    distance.push(round(covered, 1));
  }
  distance[distance.length - 1] = activity.distance;
  const hills = Math.max(1, Math.round(activity.distance / 3000));
  const amplitude = activity.totalElevationGain / (2 * hills);
  const altitude = distance.map((d) =>
    round(
      activity.elevBase + amplitude * (1 + Math.sin(2 * Math.PI * hills * (d / activity.distance) - Math.PI / 2)),
      1,
    ),
  );
  const velocity = distance.map((d, index) => {
    if (index === 0) {
      return 0;
    }
    const dt = (time[index] ?? 0) - (time[index - 1] ?? 0);
    return dt > 0 ? round((d - (distance[index - 1] ?? 0)) / dt, 3) : 0;
  });
  const grade = altitude.map((a, index) => {
    const dd = (distance[index] ?? 0) - (distance[index - 1] ?? 0);
    return index > 0 && dd > 0 ? round(((a - (altitude[index - 1] ?? 0)) / dd) * 100, 1) : 0;
  });
  const latlng = distance.map((d) => pointAt(activity, d / activity.distance));
  const heartrate = activity.hasHeartrate
    ? time.map((t, index) => {
        const warmup = Math.min(1, t / 600);
        const value = activity.averageHeartrate - 10 + 10 * warmup + 3 * Math.sin(index / 23) + 2 * (random() - 0.5);
        return Math.min(activity.maxHeartrate, Math.round(value));
      })
    : null;
  const baseCadence = activity.sportType === 'Ride' ? 85 : activity.sportType === 'Walk' ? 56 : 84;
  const cadence = moving.map((isMoving) => (isMoving ? baseCadence + Math.round(4 * (random() - 0.5)) : 0));
  return {
    time,
    distance,
    latlng,
    altitude,
    velocity_smooth: velocity,
    heartrate,
    cadence,
    moving,
    grade_smooth: grade,
  };
}

export interface Split {
  distance: number;
  elapsed_time: number;
  elevation_difference: number;
  moving_time: number;
  split: number;
  average_speed: number;
  average_grade_adjusted_speed: number;
  average_heartrate?: number;
  pace_zone: number;
}

function timeAtDistance(streams: ActivityStreams, target: number): number {
  const { distance, time } = streams;
  for (let index = 1; index < distance.length; index += 1) {
    const d1 = distance[index] ?? 0;
    if (d1 >= target) {
      const d0 = distance[index - 1] ?? 0;
      const t0 = time[index - 1] ?? 0;
      const t1 = time[index] ?? 0;
      return d1 === d0 ? t1 : t0 + ((target - d0) / (d1 - d0)) * (t1 - t0);
    }
  }
  return time[time.length - 1] ?? 0;
}

function altitudeAtDistance(streams: ActivityStreams, target: number): number {
  const index = streams.distance.findIndex((d) => d >= target);
  return streams.altitude[index === -1 ? streams.altitude.length - 1 : index] ?? 0;
}

/** Splits every `length` metres (1000 for splits_metric, 1609.34 for splits_standard); the last is partial. */
export function buildSplits(activity: SimActivity, streams: ActivityStreams, length: number): Split[] {
  const splits: Split[] = [];
  const pauseRatio = activity.movingTime / activity.elapsedTime;
  for (let start = 0, index = 1; start < activity.distance - 0.5; start += length, index += 1) {
    const end = Math.min(activity.distance, start + length);
    const elapsed = Math.round(timeAtDistance(streams, end) - timeAtDistance(streams, start));
    const movingTime = Math.round(elapsed * pauseRatio);
    const speed = movingTime > 0 ? round((end - start) / movingTime, 2) : 0;
    const split: Split = {
      distance: round(end - start, 1),
      elapsed_time: elapsed,
      elevation_difference: round(altitudeAtDistance(streams, end) - altitudeAtDistance(streams, start), 1),
      moving_time: movingTime,
      split: index,
      average_speed: speed,
      average_grade_adjusted_speed: speed,
      pace_zone: 0,
    };
    if (activity.hasHeartrate) {
      split.average_heartrate = activity.averageHeartrate;
    }
    splits.push(split);
  }
  return splits;
}
