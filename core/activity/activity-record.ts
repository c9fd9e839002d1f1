/**
 * From a parsed file (or a generated sample) to the activity Stride stores: metrics, type, local
 * start time, laps and splits. The one place where these rules meet, so uploads, samples and
 * later imports all describe an activity the same way.
 */
import { truncateText, normaliseUserText } from '../user-text.ts';
import { ACTIVITY_EDIT_LIMITS } from './activity-edit.ts';
import { MAX_LAPS } from './bounds.ts';
import { guessActivityType, summarizeTrack, type TrackSummary } from './metrics.ts';
import { computeCumulativeDistance, positionDistance } from './track-distance.ts';
import { checkPlausibility, MAX_SUSTAINED_SPEED_MPS, type PlausibilityFlag } from './plausibility.ts';
import type { DeviceTotals, ParsedActivity, ParsedLap, ParsedLeg, UploadActivityType } from './parsed.ts';
import { activityName } from './activity-name.ts';
import { cadenceFactor, scaleCadence } from './cadence.ts';
import type { LapRecord, SplitRecord } from './schemas.ts';
import { computeSplits, withTimerTimes, type DeviceTiming, type SplitSystem } from './splits.ts';
import { resolveTimeZone } from './position-time-zone.ts';
import { localDateTime } from './time-zone.ts';
import { hasPositions, TRACK_COLUMNS, type Track } from './track.ts';

/** The track's metrics an activity keeps as they are. */
type StoredMetrics = Omit<TrackSummary, 'startTime' | 'endTime' | 'hasTiming'>;

export interface ActivityRecord extends StoredMetrics {
  name: string;
  type: UploadActivityType;
  startDate: Date;
  startDateLocal: string;
  timezone: string;
  calories: number | null;
  deviceName: string | null;
  sportLabel: string | null;
  /**
   * The device's own timer (FIT session total_timer_time, TCX laps' TotalTimeSeconds summed), in
   * seconds, or null when the file carries none. `movingTime` stays Stride's own stop detection;
   * which of the two an activity's time and pace show is the runner's choice (core/profile.ts).
   */
  timerTime: number | null;
  laps: LapRecord[];
  splitsMetric: SplitRecord[];
  splitsStandard: SplitRecord[];
  /** Why the activity is physically implausible (left out of totals until confirmed), or null. */
  flag: PlausibilityFlag | null;
  /** What the parser could not read of the file (parsed.ts warnings), told on the upload. */
  warnings: string[];
  /**
   * Whether the track has timing data (metrics.ts timingIsUsable). Without it an activity has a
   * distance but no time, pace or splits, and it counts in no total (untimed.ts countsInTotals).
   */
  hasTiming: boolean;
  /**
   * Where the start date comes from: the track's times, a date given with the file (the archive's
   * activities.csv row, or the runner's in the upload dialog), the file's own time, or the upload.
   */
  dateSource: ActivityDateSource;
  /** The file's notes (TCX <Notes>), or '' (activity-edit.ts limits it as the runner's own). */
  description: string;
}

export type ActivityDateSource = 'track' | 'given' | 'file' | 'upload';

const isTime = (ms: number | null | undefined): ms is number => ms !== null && ms !== undefined && Number.isFinite(ms);

/**
 * The start of an activity: its first timed point when the track has timing data; otherwise the
 * date given with the file (an export archive's activities.csv row, or the runner's), else the time
 * the file gives itself (GPX <metadata><time>), else the time of any point it has, else the upload
 * time.
 */
export function activityStart(
  summary: Pick<TrackSummary, 'hasTiming' | 'startTime'>,
  fileTime: number | null | undefined,
  now: Date,
  givenStart?: number | null,
): { startMs: number; dateSource: ActivityDateSource } {
  if (summary.hasTiming && summary.startTime !== null) {
    return { startMs: summary.startTime, dateSource: 'track' };
  }
  if (isTime(givenStart)) {
    return { startMs: givenStart, dateSource: 'given' };
  }
  if (isTime(fileTime)) {
    return { startMs: fileTime, dateSource: 'file' };
  }
  if (summary.startTime !== null) {
    return { startMs: summary.startTime, dateSource: 'track' };
  }
  return { startMs: now.getTime(), dateSource: 'upload' };
}

export interface DescribeContext {
  /** The uploader's browser time zone: used when the track has no position to look one up. */
  fallbackTimeZone: string;
  /** The start date of a track without timing data (spec: no timing → still an activity). */
  now: Date;
  /**
   * The start given with a file for when its track has no times (epoch ms): the export archive's
   * activities.csv row, or the date the runner entered in the upload dialog.
   */
  givenStart?: number | null;
}

function slice(track: Track, start: number, end: number): Track {
  return {
    time: track.time.subarray(start, end),
    lat: track.lat.subarray(start, end),
    lon: track.lon.subarray(start, end),
    elevation: track.elevation.subarray(start, end),
    heartRate: track.heartRate.subarray(start, end),
    cadence: track.cadence.subarray(start, end),
    distance: track.distance.subarray(start, end),
  };
}

const finiteOr = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);

/**
 * An indoor activity (no positions: a treadmill run, a trainer ride, yoga) has the device's
 * distance, or none. Without a distance that moves, nothing says when it was moving: its moving
 * time is the device's timer time (else the elapsed time), and its distance the device's total.
 */
function indoorFigures(summary: TrackSummary, totals: DeviceTotals | null): void {
  if (summary.movingTime === 0 && summary.hasTiming) {
    const timer = totals?.timerTimeS ?? Number.NaN;
    summary.movingTime =
      Number.isFinite(timer) && timer > 0 ? Math.min(timer, summary.elapsedTime) : summary.elapsedTime;
    const distance = totals?.distanceM ?? Number.NaN;
    if (summary.distance === 0 && Number.isFinite(distance) && distance > 0) {
      summary.distance = distance;
    }
    summary.averageSpeed = summary.movingTime > 0 ? summary.distance / summary.movingTime : 0;
  }
}

/**
 * A lap as the watch shows it. Its distance and time are the file's own lap totals when it has them
 * (FIT lap messages, TCX <Lap> DistanceMeters and TotalTimeSeconds), else its own points': from the
 * previous lap's last point to its own last, so the distance and the seconds between two laps'
 * points belong to the lap they lead into, and the distance counts from where the lap starts, not
 * from the start of the activity. Its pace is that distance over that time.
 */
function lapRecord(track: Track, lap: ParsedLap, index: number, cadence: number): LapRecord {
  const from = Math.max(0, lap.startIndex - 1);
  const part = summarizeTrack(slice(track, from, Math.max(lap.endIndex, lap.startIndex + 1)));
  const base = lap.startIndex > 0 ? (track.distance[from] as number) : 0;
  const ownDistance = Math.max(0, part.distance - (Number.isFinite(base) ? base : 0));
  const distance = finiteOr(lap.distanceM, ownDistance);
  const fileTime = Number.isFinite(lap.totalTimeS) && lap.totalTimeS > 0 ? lap.totalTimeS : Number.NaN;
  const movingTime = finiteOr(fileTime, part.movingTime);
  return {
    lapIndex: index + 1,
    name: `Lap ${index + 1}`,
    startDate: Number.isNaN(lap.startTime) ? null : new Date(lap.startTime).toISOString(),
    elapsedTime: finiteOr(fileTime, part.elapsedTime),
    movingTime,
    distance,
    startIndex: lap.startIndex,
    endIndex: lap.endIndex,
    totalElevationGain: part.elevationGain,
    averageSpeed: movingTime > 0 ? distance / movingTime : 0,
    maxSpeed: part.maxSpeed,
    averageHeartrate: Number.isFinite(lap.averageHeartrate) ? lap.averageHeartrate : part.averageHeartrate,
    averageCadence: Number.isFinite(lap.averageCadence) ? lap.averageCadence * cadence : part.averageCadence,
  };
}

/**
 * A file whose records end before the activity did (the rest could not be read): its distance,
 * moving and elapsed time are the device's session totals, where they are known.
 */
function totalsFigures(summary: TrackSummary, totals: DeviceTotals): void {
  summary.distance = finiteOr(totals.distanceM, summary.distance);
  summary.movingTime = finiteOr(totals.timerTimeS, summary.movingTime);
  summary.elapsedTime = Math.max(summary.movingTime, finiteOr(totals.elapsedTimeS, summary.elapsedTime));
  summary.averageSpeed = summary.movingTime > 0 ? summary.distance / summary.movingTime : 0;
}

/** The device's timer time from its totals, or null when the file carries none. */
function timerTimeOf(totals: DeviceTotals | null): number | null {
  const timer = totals?.timerTimeS ?? Number.NaN;
  return Number.isFinite(timer) && timer > 0 ? timer : null;
}

/** Splits of the track, with the device's timer time of each where the file carries the timer. */
function splitsOf(track: Track, system: SplitSystem, parsed: ParsedActivity): SplitRecord[] {
  const splits = computeSplits(track, system);
  const timer = timerTimeOf(parsed.deviceTotals);
  if (timer === null) {
    return splits;
  }
  const timing: DeviceTiming = {
    laps: parsed.laps.map((lap) => ({ distance: lap.distanceM, timerTime: lap.totalTimeS })),
    pauses: parsed.timerPauses ?? [],
    // A file that says when its timer stood still says all of its time: its splits add up to it.
    ...(parsed.timerPauses ? { startMs: parsed.timerStart ?? Number.NaN, totalS: timer } : {}),
  };
  return withTimerTimes(splits, track, timing, system);
}

/** A file's notes as an activity's description: the runner's text rules and length. */
export function fileDescription(notes: string | null | undefined): string {
  return truncateText(normaliseUserText(notes ?? '', { multiline: true }), ACTIVITY_EDIT_LIMITS.description);
}

/**
 * The maximum speed an activity shows: the device's own (FIT session enhanced_max_speed, what the
 * watch shows the runner) when it and the track's (moving-speed.ts maxSpeed) are both possible for
 * the sport (plausibility.ts MAX_SUSTAINED_SPEED_MPS: a run's device once said 14.2 m/s); else the
 * track's.
 */
export function deviceOrTrackMaxSpeed(
  trackMaxSpeed: number,
  totals: DeviceTotals | null,
  type: UploadActivityType,
): number {
  const limit = MAX_SUSTAINED_SPEED_MPS[type];
  const device = totals?.maxSpeedMps ?? Number.NaN;
  return Number.isFinite(device) && device > 0 && device <= limit && trackMaxSpeed <= limit ? device : trackMaxSpeed;
}

export function describeActivity(parsed: ParsedActivity, context: DescribeContext): ActivityRecord {
  const { track } = parsed;
  if (!parsed.deviceDistance) {
    computeCumulativeDistance(track);
  }
  const located = hasPositions(track);
  const summary = summarizeTrack(track);
  if (!located) {
    indoorFigures(summary, parsed.deviceTotals);
  }
  if (parsed.recordsEndEarly && parsed.deviceTotals) {
    totalsFigures(summary, parsed.deviceTotals);
  }
  const type = parsed.declaredType ?? guessActivityType(summary);
  // Strides per minute become steps per minute on foot, in the stored track and every average.
  const cadence = cadenceFactor(parsed.format, type);
  scaleCadence(track.cadence, cadence);
  if (summary.averageCadence !== null) {
    summary.averageCadence *= cadence;
  }
  const timerTime = summary.hasTiming ? timerTimeOf(parsed.deviceTotals) : null;
  // The timer runs from before the first record to after the last: the elapsed time is never less.
  summary.elapsedTime = Math.max(summary.elapsedTime, timerTime ?? 0);
  const { startTime: _start, endTime: _end, hasTiming: _timed, ...metrics } = summary;
  const timezone = resolveTimeZone(summary.startLatLng, context.fallbackTimeZone);
  const { startMs, dateSource } = activityStart(summary, parsed.fileTime, context.now, context.givenStart);
  const startDateLocal = localDateTime(startMs, timezone);
  const laps = parsed.laps.slice(0, MAX_LAPS).map((lap, index) => lapRecord(track, lap, index, cadence));
  const calories =
    parsed.deviceTotals && Number.isFinite(parsed.deviceTotals.calories) ? parsed.deviceTotals.calories : null;
  // Judged on the track's own maximum speed, the one a GPS spike cannot raise (moving-speed.ts).
  const flag = checkPlausibility({
    ...summary,
    type,
    positionDistance:
      parsed.deviceDistance && located ? { metres: positionDistance(track), points: track.lat.length } : null,
    start: { startMs, nowMs: context.now.getTime() },
  });
  const splittable = summary.hasTiming && (located || (track.distance.at(-1) ?? 0) > 0);
  return {
    // A name of its own from the file, else "Morning Run" and the like from the local start
    // (none for an activity dated only by its upload).
    name: activityName({
      fileName: parsed.name,
      type,
      startDateLocal: dateSource === 'upload' ? null : startDateLocal,
    }),
    type,
    startDate: new Date(startMs),
    startDateLocal,
    timezone,
    ...metrics,
    maxSpeed: deviceOrTrackMaxSpeed(summary.maxSpeed, parsed.deviceTotals, type),
    calories,
    deviceName: parsed.deviceName,
    sportLabel: parsed.sportLabel,
    timerTime,
    laps,
    // Splits are a time per kilometre or mile: a track without timing data has none, and neither
    // has one whose points carry no distance (an indoor activity known only by its total).
    splitsMetric: splittable ? splitsOf(track, 'metric', parsed) : [],
    splitsStandard: splittable ? splitsOf(track, 'standard', parsed) : [],
    flag,
    warnings: parsed.warnings ?? [],
    hasTiming: summary.hasTiming,
    dateSource,
    description: fileDescription(parsed.notes),
  };
}

/** An activity described from a file, with the track it covers (a leg's part of a multisport file). */
export interface DescribedActivity {
  record: ActivityRecord;
  track: Track;
}

/**
 * A leg's part of the track: a copy (describing a leg scales its cadence in place), its distance
 * counted from where the leg starts — the metres since the last point before it, so the distance
 * covered between two legs' points belongs to the leg it leads into, as the device counts it.
 */
function legTrack(track: Track, leg: ParsedLeg): Track {
  const part = Object.fromEntries(
    TRACK_COLUMNS.map((name) => [name, track[name].slice(leg.startIndex, leg.endIndex)]),
  ) as unknown as Track;
  const base = leg.startIndex > 0 ? (track.distance[leg.startIndex - 1] as number) : 0;
  if (Number.isFinite(base) && base !== 0) {
    for (let i = 0; i < part.distance.length; i += 1) {
      part.distance[i] = (part.distance[i] as number) - base;
    }
  }
  if (track.segmentStarts) {
    const starts = [...track.segmentStarts]
      .filter((start) => start > leg.startIndex && start < leg.endIndex)
      .map((start) => start - leg.startIndex);
    if (starts.length > 0) {
      part.segmentStarts = Uint32Array.from(starts);
    }
  }
  return part;
}

/**
 * Every activity a parsed file holds. An ordinary file is one activity. A multisport file (FIT:
 * one session per leg) is one activity per leg, each with its own sport, its part of the track, its
 * laps and the device's totals for that leg: a triathlon is a swim, a ride and a run, and only the
 * run counts as running. Transitions between legs are never activities. A leg with fewer than two
 * points has no track to describe and is left out. What the file could not be read for is said on
 * the first activity.
 *
 * This is the one function that turns a parsed file into what Stride stores: uploads and any later
 * re-derivation of a kept original file call it.
 */
export function describeActivities(parsed: ParsedActivity, context: DescribeContext): DescribedActivity[] {
  const legs = (parsed.legs ?? []).filter((leg) => !leg.transition && leg.endIndex - leg.startIndex >= 2);
  if (parsed.legs === undefined || legs.length === 0) {
    return [{ record: describeActivity(parsed, context), track: parsed.track }];
  }
  if (!parsed.deviceDistance) {
    computeCumulativeDistance(parsed.track);
  }
  return legs.map((leg, index) => {
    const track = legTrack(parsed.track, leg);
    const laps = parsed.laps
      .filter((lap) => lap.startIndex >= leg.startIndex && lap.startIndex < leg.endIndex)
      .map((lap) => ({
        ...lap,
        startIndex: lap.startIndex - leg.startIndex,
        endIndex: Math.min(lap.endIndex, leg.endIndex) - leg.startIndex,
      }));
    const { legs: _legs, warnings, ...rest } = parsed;
    const record = describeActivity(
      {
        ...rest,
        declaredType: leg.type,
        sportLabel: leg.sportLabel,
        track,
        deviceDistance: parsed.deviceDistance,
        laps,
        deviceTotals: leg.deviceTotals,
        timerStart: leg.startTime,
        ...(index === 0 && warnings ? { warnings } : {}),
      },
      context,
    );
    return { record, track };
  });
}
