/**
 * The geometry and recordings derived on demand from a generated activity, never stored: its route
 * (a closed loop as long as its distance), the summary polyline, the streams sampled every few
 * seconds, and splits — all agreeing with the activity's distance, times and climb.
 */
import type { SimActivity } from './generate-activities.ts';
import { encodePolyline } from './polyline.ts';
import { createRandom, round } from './seeded-random.ts';

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

/** Strava's standard best-effort distances for runs, by the names its detailed activity uses. */
const BEST_EFFORT_DISTANCES: readonly [string, number][] = [
  ['400m', 400],
  ['1/2 mile', 804.67],
  ['1K', 1000],
  ['1 mile', 1609.34],
  ['2 mile', 3218.69],
  ['5K', 5000],
  ['10K', 10000],
  ['15K', 15000],
  ['10 mile', 16093.4],
  ['20K', 20000],
  ['Half-Marathon', 21097.5],
  ['Marathon', 42195],
];

export interface StreamBestEffort {
  name: string;
  distance: number;
  /** Whole seconds from the stretch's first point to its last. */
  elapsedTime: number;
  startIndex: number;
  endIndex: number;
}

/**
 * A run's best efforts as Strava lists them: for each standard distance the run covers, the
 * shortest time between two stream points at least that far apart (a two-pointer walk).
 */
export function buildBestEfforts(streams: ActivityStreams): StreamBestEffort[] {
  const { time, distance } = streams;
  const efforts: StreamBestEffort[] = [];
  for (const [name, metres] of BEST_EFFORT_DISTANCES) {
    let best: StreamBestEffort | null = null;
    let start = 0;
    for (let end = 1; end < distance.length; end += 1) {
      while (start + 1 < end && (distance[end] as number) - (distance[start + 1] as number) >= metres) {
        start += 1;
      }
      if ((distance[end] as number) - (distance[start] as number) < metres) {
        continue;
      }
      const elapsed = Math.round((time[end] as number) - (time[start] as number));
      if (best === null || elapsed < best.elapsedTime) {
        best = { name, distance: metres, elapsedTime: elapsed, startIndex: start, endIndex: end };
      }
    }
    if (best !== null) {
      efforts.push(best);
    }
  }
  return efforts;
}
