/**
 * Strava's activities (SummaryActivity / DetailedActivity, snake_case) as Stride activities (spec §3
 * "Activity", "Normalisation"). The same-run rule of spec §7 is in same-run.ts; the list filters of
 * spec §5 run in SQL (server/db/activity-repository.ts).
 */
import type { UploadActivityType } from '../activity/parsed.ts';
import { cadenceInSteps } from '../activity/cadence.ts';
import { FALLBACK_TIME_ZONE } from '../activity/time-zone.ts';
import { checkPlausibility } from '../activity/plausibility.ts';
import { type ActivitySummary, normaliseActivityName } from '../activity/schemas.ts';

/**
 * Strava's sport types as Stride's (exact, case-sensitive names as Strava writes them in
 * sport_type or the older, coarser type). A sport not in the table is Stride's "other".
 */
export const STRAVA_SPORT_TYPES: Readonly<Record<string, UploadActivityType>> = {
  Run: 'run',
  TrailRun: 'run',
  VirtualRun: 'run',
  Ride: 'ride',
  MountainBikeRide: 'ride',
  GravelRide: 'ride',
  EBikeRide: 'ride',
  EMountainBikeRide: 'ride',
  VirtualRide: 'ride',
  Velomobile: 'ride',
  Handcycle: 'ride',
  Walk: 'walk',
  Hike: 'hike',
  Swim: 'swim',
};

function mappedSport(sport: unknown): UploadActivityType | null {
  const name = typeof sport === 'string' ? sport.trim() : '';
  // Own keys only: "toString" or "constructor" is no sport.
  return Object.hasOwn(STRAVA_SPORT_TYPES, name) ? (STRAVA_SPORT_TYPES[name] ?? null) : null;
}

/**
 * Stride's type of a Strava activity from its sport_type and type: the finer sport_type when the
 * table knows it, else the coarser type (a new kind of ride is still typed "Ride"), else "other".
 */
export function stravaSportType(sportType: unknown, type?: unknown): UploadActivityType {
  return mappedSport(sportType) ?? mappedSport(type) ?? 'other';
}

type Raw = Record<string, unknown>;

function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first of `keys` present (not undefined or null) in `raw`: camelCase first, snake_case fallback. */
function pick(raw: Raw, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = raw[key];
    if (value !== undefined && value !== null) {
      return value;
    }
  }
  return undefined;
}

/** A finite number from a number or numeric text, else null. */
function numberOrNull(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** Spec §3: numbers default to 0. */
function numberOrZero(value: unknown): number {
  return numberOrNull(value) ?? 0;
}

/** Spec §3: text is trimmed. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function flag(value: unknown): boolean {
  return value === true;
}

const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Spec §3: a date may be ISO text (read as UTC when it has no zone), a Date, a timestamp with seconds ({seconds, nanoseconds}, or the
 * serialised {_seconds, _nanoseconds}), or an object with a toDate() conversion method. A bare
 * number is epoch milliseconds. Returns epoch ms, or null when the value is no valid date.
 */
export function parseActivityDate(value: unknown): number | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    // A date-time without a zone would be read in the machine's zone; Stride reads it as UTC.
    const zoned = ZONELESS_DATE_TIME.test(trimmed) ? `${trimmed}Z` : trimmed;
    const ms = zoned === '' ? NaN : Date.parse(zoned);
    return Number.isNaN(ms) ? null : ms;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : ms;
  }
  if (!isObject(value)) {
    return null;
  }
  const seconds = numberOrNull(pick(value, 'seconds', '_seconds'));
  if (seconds !== null) {
    const nanoseconds = numberOrNull(pick(value, 'nanoseconds', '_nanoseconds')) ?? 0;
    return seconds * 1000 + Math.floor(nanoseconds / 1_000_000);
  }
  if (typeof value.toDate === 'function') {
    const converted: unknown = (value.toDate as () => unknown).call(value);
    return converted instanceof Date ? parseActivityDate(converted) : null;
  }
  return null;
}

/** Strava's [lat, lng] (or an already-normalised {lat, lng}); null when empty or not numbers. */
export function parseLatLng(value: unknown): { lat: number; lng: number } | null {
  const [lat, lng] = Array.isArray(value)
    ? [numberOrNull(value[0]), numberOrNull(value[1])]
    : isObject(value)
      ? [numberOrNull(value.lat), numberOrNull(value.lng)]
      : [null, null];
  return lat === null || lng === null ? null : { lat, lng };
}

/** "YYYY-MM-DDTHH:mm:ss" of an epoch-ms instant read in UTC. */
function wallClock(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/**
 * Strava's start_date_local is the local wall-clock time written with a misleading "Z". Its digits
 * are the local time, so they are kept as they are.
 */
function localWallClock(value: unknown, fallbackMs: number): string {
  const written = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.exec(value.trim()) : null;
  if (written) {
    return written[0];
  }
  const ms = parseActivityDate(value);
  return ms === null ? wallClock(fallbackMs) : wallClock(ms);
}

/** Strava writes "(GMT+01:00) Europe/Paris"; Stride keeps the IANA name. Without one: FALLBACK_TIME_ZONE. */
function timezoneOf(value: unknown): string {
  const zone = text(value).replace(/^\([^)]*\)\s*/, '');
  return zone === '' ? FALLBACK_TIME_ZONE : zone;
}

/** A Strava activity as Stride stores it: the summary plus the Strava-only fields of spec §3. */
export interface StravaActivity extends ActivitySummary {
  source: 'strava';
  stravaId: string;
  calories: number;
  kilojoules: number;
  gearId: string | null;
  workoutType: number | null;
  trainer: boolean;
  commute: boolean;
  manual: boolean;
  private: boolean;
  /** Strava's own flag (reported by other athletes), kept with the Strava fields. */
  stravaFlagged: boolean;
  achievementCount: number;
  kudosCount: number;
  commentCount: number;
  athleteCount: number;
  photoCount: number;
}

/**
 * One Strava activity as Stride's, or null when it cannot be one: no id or no valid start date
 * (callers skip those). Every sport is kept, typed by stravaSportType. Heart rate and cadence stay null when
 * Strava has none ("no sensor" differs from 0); every other number defaults to 0. Cadence on foot
 * is Strava's strides per minute doubled to steps (core/activity/cadence.ts). The Stride id is
 * Strava's id as text, so re-syncing the same activity updates it instead of adding a copy.
 */
export function normalizeStravaActivity(input: unknown): StravaActivity | null {
  if (!isObject(input)) {
    return null;
  }
  const rawId = pick(input, 'id');
  const stravaId = typeof rawId === 'number' || typeof rawId === 'string' ? text(String(rawId)) : '';
  const type = stravaSportType(pick(input, 'sport_type', 'sportType'), input.type);
  const startMs = parseActivityDate(pick(input, 'startDate', 'start_date'));
  if (stravaId === '' || startMs === null) {
    return null;
  }
  const polyline = isObject(input.map) ? text(pick(input.map, 'summary_polyline', 'polyline')) : '';
  const startLatLng = parseLatLng(pick(input, 'startLatLng', 'start_latlng'));
  const workoutType = numberOrNull(pick(input, 'workoutType', 'workout_type'));
  const gearId = text(pick(input, 'gearId', 'gear_id'));
  const distance = numberOrZero(input.distance);
  const movingTime = numberOrZero(pick(input, 'movingTime', 'moving_time'));
  const elapsedTime = numberOrZero(pick(input, 'elapsedTime', 'elapsed_time'));
  const averageSpeed = numberOrZero(pick(input, 'averageSpeed', 'average_speed'));
  const maxSpeed = numberOrZero(pick(input, 'maxSpeed', 'max_speed'));
  // The same physical check as uploads (Strava's max_speed is its own smoothed maximum).
  const implausible = checkPlausibility({ type, distance, movingTime, elapsedTime, averageSpeed, maxSpeed });
  return {
    id: stravaId,
    stravaId,
    name: normaliseActivityName(text(input.name)),
    type,
    source: 'strava',
    startDate: new Date(startMs).toISOString(),
    startDateLocal: localWallClock(pick(input, 'startDateLocal', 'start_date_local'), startMs),
    timezone: timezoneOf(input.timezone),
    distance,
    movingTime,
    // Strava sends no device timer: its moving time is the activity's time.
    strideMovingTime: movingTime,
    timerTime: null,
    elapsedTime,
    elevationGain: numberOrZero(pick(input, 'elevationGain', 'total_elevation_gain')),
    // Strava keeps a moving time for every recorded or manual activity; one without is untimed.
    hasTiming: movingTime > 0,
    averageSpeed,
    maxSpeed,
    averageHeartrate: numberOrNull(pick(input, 'averageHeartrate', 'average_heartrate')),
    maxHeartrate: numberOrNull(pick(input, 'maxHeartrate', 'max_heartrate')),
    averageCadence: cadenceInSteps(numberOrNull(pick(input, 'averageCadence', 'average_cadence')), 'strava', type),
    startLatLng,
    endLatLng: parseLatLng(pick(input, 'endLatLng', 'end_latlng')),
    hasTrack: polyline !== '' || startLatLng !== null,
    fileType: null,
    originalFilename: null,
    flagged: implausible !== null,
    flagReason: implausible?.message ?? null,
    flagConfirmedAt: null,
    countedOverride: null,
    counted: implausible === null,
    calories: numberOrZero(input.calories),
    kilojoules: numberOrZero(input.kilojoules),
    gearId: gearId === '' ? null : gearId,
    workoutType,
    trainer: flag(input.trainer),
    commute: flag(input.commute),
    manual: flag(input.manual),
    private: flag(input.private),
    stravaFlagged: flag(input.flagged),
    achievementCount: numberOrZero(pick(input, 'achievementCount', 'achievement_count')),
    kudosCount: numberOrZero(pick(input, 'kudosCount', 'kudos_count')),
    commentCount: numberOrZero(pick(input, 'commentCount', 'comment_count')),
    athleteCount: numberOrZero(pick(input, 'athleteCount', 'athlete_count')),
    photoCount: numberOrZero(pick(input, 'photoCount', 'total_photo_count', 'photo_count')),
  };
}

/** Normalise a page of Strava activities, skipping those normalizeStravaActivity rejects. */
export function normalizeStravaActivities(inputs: readonly unknown[]): StravaActivity[] {
  return inputs.flatMap((input) => normalizeStravaActivity(input) ?? []);
}
