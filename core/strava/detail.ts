/**
 * Strava's DetailedActivity and streams (spec §3 "Detailed activity", §7 `activities/{id}` and
 * `activities/{id}/streams?keys=…&key_by_type=true`) as what Stride stores for every activity: the
 * detail fields, splits and laps in the shapes of core/activity/schemas.ts, and a columnar Track,
 * so a Strava run gets the same map, charts and splits as an uploaded one.
 */
import { MAX_LAPS, MAX_SEGMENT_EFFORTS, MAX_SPLITS } from '../activity/bounds.ts';
import { cadenceInSteps } from '../activity/cadence.ts';
import { computeCumulativeDistance } from '../activity/track-distance.ts';
import type { LapRecord, SplitRecord } from '../activity/schemas.ts';
import { TrackBuilder, type Track } from '../activity/track.ts';
import { normalizeSegmentEfforts } from './activity-fields.ts';
import { DEFAULT_STREAM_KEYS } from './constants.ts';

/** The spec's default keys (elevation as Strava's `altitude`, distance, time) plus what the map and charts draw. */
export const STREAM_KEYS: readonly string[] = [...DEFAULT_STREAM_KEYS, 'latlng', 'heartrate', 'cadence'];

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const numOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export interface StravaDetail {
  description: string;
  deviceName: string | null;
  calories: number | null;
  splitsMetric: SplitRecord[];
  splitsStandard: SplitRecord[];
  laps: LapRecord[];
  /** Detail-only fields of spec §3 kept with the activity's other Strava fields. */
  extras: Record<string, unknown>;
}

/** Strava's lists are kept up to the bounds of uploads (core/activity/bounds.ts). */
function splits(value: unknown): SplitRecord[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObject)
    .slice(0, MAX_SPLITS)
    .map((split, index) => ({
      distance: num(split.distance),
      elapsed_time: num(split.elapsed_time),
      elevation_difference: num(split.elevation_difference),
      moving_time: num(split.moving_time),
      split: Number.isInteger(split.split) ? (split.split as number) : index + 1,
      average_speed: num(split.average_speed),
      average_grade_adjusted_speed: num(split.average_grade_adjusted_speed, num(split.average_speed)),
      pace_zone: num(split.pace_zone),
    }));
}

function laps(value: unknown, type: string): LapRecord[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObject)
    .slice(0, MAX_LAPS)
    .map((lap, index) => {
      const startDate = text(lap.start_date);
      const id = lap.id;
      return {
        id: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
        lapIndex: Number.isInteger(lap.lap_index) ? (lap.lap_index as number) : index + 1,
        name: text(lap.name) || `Lap ${index + 1}`,
        startDate: startDate === '' || Number.isNaN(Date.parse(startDate)) ? null : new Date(startDate).toISOString(),
        startDateLocal: text(lap.start_date_local) || null,
        elapsedTime: num(lap.elapsed_time),
        movingTime: num(lap.moving_time),
        distance: num(lap.distance),
        startIndex: Math.trunc(num(lap.start_index)),
        endIndex: Math.trunc(num(lap.end_index)),
        totalElevationGain: num(lap.total_elevation_gain),
        averageSpeed: num(lap.average_speed),
        maxSpeed: num(lap.max_speed),
        averageHeartrate: numOrNull(lap.average_heartrate),
        averageCadence: cadenceInSteps(numOrNull(lap.average_cadence), 'strava', type),
        averageWatts: numOrNull(lap.average_watts),
      };
    });
}

/**
 * A DetailedActivity's fields beyond the summary, for an activity of Stride's `type` (its laps'
 * cadence on foot in steps). Missing or malformed parts become empty, never an error.
 */
export function normalizeStravaDetail(raw: Raw, type: string): StravaDetail {
  const calories = numOrNull(raw.calories);
  return {
    description: text(raw.description),
    deviceName: text(raw.device_name) || null,
    calories: calories === null || calories === 0 ? null : calories,
    splitsMetric: splits(raw.splits_metric),
    splitsStandard: splits(raw.splits_standard),
    laps: laps(raw.laps, type),
    extras: {
      locationCity: text(raw.location_city) || null,
      locationState: text(raw.location_state) || null,
      locationCountry: text(raw.location_country) || null,
      sufferScore: numOrNull(raw.suffer_score),
      hasHeartrate: raw.has_heartrate === true,
      hasKudoed: raw.has_kudoed === true,
      prCount: num(raw.pr_count),
      photoCount: num(raw.total_photo_count),
      bestEfforts: (Array.isArray(raw.best_efforts) ? raw.best_efforts : []).filter(isObject).map((effort) => ({
        name: text(effort.name),
        distance: num(effort.distance),
        elapsedTime: num(effort.elapsed_time),
        movingTime: num(effort.moving_time),
        prRank: numOrNull(effort.pr_rank),
      })),
      segmentEfforts: normalizeSegmentEfforts(raw.segment_efforts, MAX_SEGMENT_EFFORTS),
    },
  };
}

function streamData(streams: Raw, key: string): unknown[] {
  const stream = streams[key];
  return isObject(stream) && Array.isArray(stream.data) ? stream.data : [];
}

/**
 * Streams keyed by type (`key_by_type=true`) as a Track. `time` is seconds from the start, so points
 * are placed at startMs + time. Points without a position are skipped (the map needs them; the
 * charts are drawn along the positioned ones). Null when there is no position at all: a manual or
 * indoor activity has no track. Cadence on foot is Strava's strides doubled to steps per minute.
 */
export function streamsToTrack(streams: Raw, startMs: number, type: string): Track | null {
  const latlng = streamData(streams, 'latlng');
  if (latlng.length === 0) {
    return null;
  }
  const time = streamData(streams, 'time');
  const altitude = streamData(streams, 'altitude');
  const distance = streamData(streams, 'distance');
  const heartrate = streamData(streams, 'heartrate');
  const cadence = streamData(streams, 'cadence');
  const builder = new TrackBuilder(latlng.length);
  const hasDistance = distance.length === latlng.length;
  latlng.forEach((point, index) => {
    if (!Array.isArray(point)) {
      return;
    }
    const seconds = numOrNull(time[index]);
    builder.push({
      lat: num(point[0], Number.NaN),
      lon: num(point[1], Number.NaN),
      time: seconds === null ? undefined : startMs + seconds * 1000,
      elevation: numOrNull(altitude[index]) ?? undefined,
      heartRate: numOrNull(heartrate[index]) ?? undefined,
      cadence: cadenceInSteps(numOrNull(cadence[index]), 'strava', type) ?? undefined,
      distance: hasDistance ? (numOrNull(distance[index]) ?? undefined) : undefined,
    });
  });
  if (builder.length === 0) {
    return null;
  }
  const track = builder.finish();
  computeCumulativeDistance(track);
  return track;
}

/**
 * Whether a Strava activity's streams are still to be fetched: one with a start position has a
 * track, fetched when it is first read (server/services/strava/remote-activity.ts ensureTrack), and
 * its splits and best efforts are computed from it when Strava's detail has none.
 */
export function streamsPending(activity: {
  source: string;
  startLat: number | null;
  streamsCachedAt: Date | null;
}): boolean {
  return activity.source === 'strava' && activity.startLat !== null && activity.streamsCachedAt === null;
}
