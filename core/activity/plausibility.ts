/**
 * Whether an activity's figures are physically possible. A file may claim anything: points that
 * jump between the poles each second, a device distance of ten million kilometres, a run at the
 * speed of a car. Such an activity is still imported (the file is valid) but flagged: it is left
 * out of the runner's totals, public counts and medals until the runner confirms it
 * (activities.flagged, flag_reason, flag_confirmed_at).
 *
 * The thresholds are set where no human gets near them, so that a real run, ride or walk is never
 * flagged; the runner's confirmation covers the rare genuine exception. The first rule that fails
 * names the reason.
 */
import type { UploadActivityType } from './parsed.ts';
import { METRES_PER_MILE } from '../units.ts';
import { DEFAULT_LOCALE, formatDay, formatNumber } from '../format.ts';
import { PLAUSIBLE_RANGES } from '../plausible-ranges.ts';

/**
 * Farther than anyone covers on foot in one go: 330 km, above the 24-hour running record (319.6 km).
 * A track without timing data has no speed to judge, so this is what keeps a test file's 600 km
 * "run" out of the totals; the rare multi-day runner confirms.
 */
export const MAX_PLAUSIBLE_FOOT_DISTANCE_M = 330_000;

/** Sports on foot: held to MAX_PLAUSIBLE_FOOT_DISTANCE_M. */
const ON_FOOT: ReadonlySet<UploadActivityType> = new Set(['run', 'walk', 'hike']);

/**
 * The highest maximum speed (the activity's own: moving-speed.ts maxSpeed, held over a stretch of
 * at least 10 s, so a watch settling its position or one bad fix is not one) that a person on foot
 * or on a bike reaches.
 * - On foot 12.5 m/s (45 km/h): Usain Bolt's top speed in his 9.58 s 100 m was about 12.3 m/s.
 * - On a bike 35 m/s (126 km/h): above the fastest descents ever measured in road racing (about
 *   130 km/h, a handful of records, which their riders confirm). A car, train or plane is faster.
 */
export const MAX_SUSTAINED_SPEED_MPS: Readonly<Record<UploadActivityType, number>> = {
  run: 12.5,
  walk: 12.5,
  hike: 12.5,
  // A swimmer's watch may carry its GPS fixes over a boat ride between spots: held to a foot's speed.
  swim: 12.5,
  ride: 35,
  // Another declared sport may be on wheels or skis (inline skating, downhill skiing): a bike's speeds.
  other: 35,
};

/**
 * World-record average speeds on foot (m/s) from a distance up: over at least `fromM` metres no one
 * has averaged more than `recordMps`. 400 m 43.03 s (9.30), 1500 m 3:26.00 (7.28), 5 km 12:35
 * (6.62), 10 km 26:11 (6.37), half marathon 57:30 (6.12), marathon 2:00:35 (5.83), 100 km 6:05:41
 * (4.56). An activity's moving average over its distance is implausible when it beats the record
 * of the longest distance it covered by more than AVERAGE_SPEED_MARGIN.
 */
export const FOOT_RECORD_SPEEDS: readonly { fromM: number; recordMps: number }[] = [
  { fromM: 400, recordMps: 9.3 },
  { fromM: 1500, recordMps: 7.28 },
  { fromM: 5000, recordMps: 6.62 },
  { fromM: 10_000, recordMps: 6.37 },
  { fromM: 21_097.5, recordMps: 6.12 },
  { fromM: 42_195, recordMps: 5.83 },
  { fromM: 100_000, recordMps: 4.56 },
];

/**
 * On a bike, over at least 40 km: the hour record (56.792 km, 15.78 m/s) is the fastest anyone has
 * averaged unpaced over such a distance.
 */
export const RIDE_RECORD_SPEEDS: readonly { fromM: number; recordMps: number }[] = [
  { fromM: 40_000, recordMps: 15.78 },
];

/**
 * Records are beaten only by a little; a margin of 10 % covers GPS that measures a course long,
 * downhill and wind-aided courses, and moving time that leaves out a few slow seconds.
 */
export const AVERAGE_SPEED_MARGIN = 1.1;

/**
 * A device's own distance (footpod, wheel sensor, the file's DistanceMeters) and the distance its
 * GPS points cover agree within a few per cent on a real recording. More than twice, or less than
 * half, is a file whose distance was made up — checked only when the GPS distance has enough
 * points and metres to mean something (a treadmill run with GPS on covers a few metres).
 */
export const DEVICE_DISTANCE_MAX_RATIO = 2;
export const DEVICE_DISTANCE_MIN_POINTS = 100;
export const DEVICE_DISTANCE_MIN_POSITION_M = 1000;

/**
 * Dates no real recording has: before 1 January 2000 (before GPS watches for runners, so a device
 * clock that was never set, e.g. 1990 or 1970) or after the moment it is judged (`nowMs`, handed in).
 * A day's margin on the future side lets a device clock a few hours ahead through.
 */
export const EARLIEST_PLAUSIBLE_START_MS = Date.UTC(2000, 0, 1);
export const FUTURE_START_MARGIN_MS = 24 * 60 * 60 * 1000;

export const FLAG_REASONS = ['distance', 'duration', 'speed', 'average-speed', 'distance-mismatch', 'date'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export interface PlausibilityInput {
  /** A multisport file's legs are each an activity of their own type (activity-record.ts). */
  type: UploadActivityType;
  /** Metres. */
  distance: number;
  /** Seconds. */
  movingTime: number;
  elapsedTime: number;
  /** m/s over moving time. */
  averageSpeed: number;
  /**
   * The activity's maximum speed in m/s: held over at least MAX_SPEED_WINDOW_S (moving-speed.ts) for a track;
   * a service's own maximum speed for an activity without one (Strava's max_speed).
   */
  maxSpeed: number;
  /** What the GPS points cover, when the distance is the device's own; null otherwise. */
  positionDistance?: { metres: number; points: number } | null;
  /** The activity's start and the moment it is judged (ms since the epoch); the date is not judged without. */
  start?: { startMs: number; nowMs: number };
}

export interface PlausibilityFlag {
  reason: FlagReason;
  /** The sentence shown to the runner. */
  message: string;
}

/** Said after every reason: what the flag does and what the runner can do. */
export const FLAG_CONSEQUENCE = 'It is left out of your totals and medals until you confirm it.';

/** What the web app says about flags: the list chip, the confirm button and the note after it. */
export const FLAG_TEXTS = {
  chip: 'Flagged',
  chipTitle: 'Left out of your totals and medals until you confirm it',
  confirm: 'Count this activity',
  confirmed: 'You confirmed this activity: it counts in your totals and medals.',
  makeRide: 'Make it a ride',
} as const;

/** What the flag judges of a stored activity: its figures and its start. */
export type StoredFigures = Pick<
  PlausibilityInput,
  'type' | 'distance' | 'movingTime' | 'elapsedTime' | 'averageSpeed' | 'maxSpeed'
> & {
  /** ISO 8601, or a Date. */
  startDate: string | Date;
};

/**
 * The flag a stored activity's figures give under `type` (a new type re-judges them); its date is
 * judged at `nowMs`, and not without.
 */
export function checkStoredFigures(
  activity: StoredFigures,
  type: UploadActivityType,
  nowMs?: number,
): PlausibilityFlag | null {
  return checkPlausibility({
    type,
    distance: activity.distance,
    movingTime: activity.movingTime,
    elapsedTime: activity.elapsedTime,
    averageSpeed: activity.averageSpeed,
    maxSpeed: activity.maxSpeed,
    ...(nowMs === undefined ? {} : { start: { startMs: new Date(activity.startDate).getTime(), nowMs } }),
  });
}

/**
 * Whether "Make it a ride" fits a flagged activity: its figures are too fast for its sport (a file
 * that declares running at 30 km/h) and possible on a bike. A flag its stored figures do not give
 * (the file's points: a distance mismatch), its date or a ride's own flag is not one a new type mends.
 */
export function rideWouldMend(activity: StoredFigures & { flagged: boolean }): boolean {
  if (!activity.flagged || activity.type === 'ride') {
    return false;
  }
  const reason = checkStoredFigures(activity, activity.type)?.reason;
  return (reason === 'speed' || reason === 'average-speed') && checkStoredFigures(activity, 'ride') === null;
}

/** Whether a flagged activity still waits for its runner's confirmation. */
export function awaitsConfirmation(activity: { flagged: boolean; flagConfirmedAt: string | null }): boolean {
  return activity.flagged && activity.flagConfirmedAt === null;
}

const MOVERS: Readonly<Record<UploadActivityType, string>> = {
  run: 'anyone runs',
  walk: 'anyone walks or runs',
  hike: 'anyone walks or runs',
  swim: 'anyone swims or runs',
  ride: 'anyone rides a bike',
  other: 'anyone moves under their own power',
};

/** Figures in the sentences: both unit systems, rounded for reading, with thousands separators. */
function round(value: number): string {
  return formatNumber(value, DEFAULT_LOCALE, Math.abs(value) < 10 ? 1 : 0);
}
const distanceText = (metres: number) => `${round(metres / 1000)} km, ${round(metres / METRES_PER_MILE)} mi`;
const dayText = (ms: number) => formatDay(new Date(ms).toISOString().slice(0, 10), DEFAULT_LOCALE, 'long');
const speedText = (mps: number) => `${round(mps * 3.6)} km/h, ${round((mps * 3600) / METRES_PER_MILE)} mph`;

export const FLAG_MESSAGES = {
  distance: (metres: number) =>
    `This activity's distance (${distanceText(metres)}) is longer than any single activity. ${FLAG_CONSEQUENCE}`,
  footDistance: (metres: number) =>
    `This activity's distance (${distanceText(metres)}) is farther than anyone covers on foot in one go. ${FLAG_CONSEQUENCE}`,
  duration: (seconds: number) =>
    `This activity lasts ${round(seconds / 86_400)} days, longer than any single activity. ${FLAG_CONSEQUENCE}`,
  speed: (mps: number, type: UploadActivityType) =>
    `This activity's speed (${speedText(mps)}) is faster than ${MOVERS[type]}. ${FLAG_CONSEQUENCE}`,
  averageSpeed: (mps: number, metres: number) =>
    `This activity's average speed (${speedText(mps)}) over ${distanceText(metres)} is faster than the world record for that distance. ${FLAG_CONSEQUENCE}`,
  dateTooEarly: (startMs: number) =>
    `This activity is dated ${dayText(startMs)}, before 2000: the device's clock was probably not set. ${FLAG_CONSEQUENCE}`,
  dateInFuture: (startMs: number) =>
    `This activity is dated ${dayText(startMs)}, in the future: the device's clock was probably wrong. ${FLAG_CONSEQUENCE}`,
  distanceMismatch: (deviceMetres: number, positionMetres: number) =>
    `The distance this file records (${distanceText(deviceMetres)}) disagrees with the distance its GPS points cover (${distanceText(positionMetres)}). ${FLAG_CONSEQUENCE}`,
} as const;

function recordSpeed(table: readonly { fromM: number; recordMps: number }[], metres: number): number | null {
  let record: number | null = null;
  for (const row of table) {
    if (metres >= row.fromM) {
      record = row.recordMps;
    }
  }
  return record;
}

/**
 * The first rule the activity breaks, or null when it is plausible. Non-finite figures (a file's
 * NaN or Infinity) are implausible too. The date is judged last, when `start` is given.
 */
export function checkPlausibility(input: PlausibilityInput): PlausibilityFlag | null {
  const { type, distance, elapsedTime, averageSpeed, maxSpeed } = input;
  if (!Number.isFinite(distance) || distance > PLAUSIBLE_RANGES.distance.max) {
    return { reason: 'distance', message: FLAG_MESSAGES.distance(distance) };
  }
  if (ON_FOOT.has(type) && distance > MAX_PLAUSIBLE_FOOT_DISTANCE_M) {
    return { reason: 'distance', message: FLAG_MESSAGES.footDistance(distance) };
  }
  if (!Number.isFinite(elapsedTime) || elapsedTime > PLAUSIBLE_RANGES.elapsedSeconds.max) {
    return { reason: 'duration', message: FLAG_MESSAGES.duration(elapsedTime) };
  }
  if (!Number.isFinite(maxSpeed) || maxSpeed > MAX_SUSTAINED_SPEED_MPS[type]) {
    return { reason: 'speed', message: FLAG_MESSAGES.speed(maxSpeed, type) };
  }
  const record = recordSpeed(type === 'ride' || type === 'other' ? RIDE_RECORD_SPEEDS : FOOT_RECORD_SPEEDS, distance);
  if (!Number.isFinite(averageSpeed) || (record !== null && averageSpeed > record * AVERAGE_SPEED_MARGIN)) {
    return { reason: 'average-speed', message: FLAG_MESSAGES.averageSpeed(averageSpeed, distance) };
  }
  const position = input.positionDistance;
  if (
    position &&
    position.points >= DEVICE_DISTANCE_MIN_POINTS &&
    position.metres >= DEVICE_DISTANCE_MIN_POSITION_M &&
    (distance > position.metres * DEVICE_DISTANCE_MAX_RATIO || distance < position.metres / DEVICE_DISTANCE_MAX_RATIO)
  ) {
    return { reason: 'distance-mismatch', message: FLAG_MESSAGES.distanceMismatch(distance, position.metres) };
  }
  const start = input.start;
  if (start && (!Number.isFinite(start.startMs) || start.startMs < EARLIEST_PLAUSIBLE_START_MS)) {
    return { reason: 'date', message: FLAG_MESSAGES.dateTooEarly(start.startMs) };
  }
  if (start && start.startMs > start.nowMs + FUTURE_START_MARGIN_MS) {
    return { reason: 'date', message: FLAG_MESSAGES.dateInFuture(start.startMs) };
  }
  return null;
}
