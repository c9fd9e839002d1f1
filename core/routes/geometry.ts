/**
 * Pure geometry of a planned route (spec §1 "Plan routes"): its length, the per-km / per-mile
 * markers along it, the points sampled for elevation requests and the simplification of an imported
 * line. Distances are great-circle metres from core's one haversine (activity/track-distance.ts).
 */
import { haversineDistance } from '../activity/track-distance.ts';
import type { UnitSystem } from '../unit-system.ts';
import { metresPerUnit } from '../units.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Cumulative metres from the first point: result[i] is the distance along the line to point i. */
export function cumulativeDistances(line: readonly LatLng[]): number[] {
  const result: number[] = [];
  let total = 0;
  for (let i = 0; i < line.length; i += 1) {
    const point = line[i] as LatLng;
    const previous = line[i - 1];
    if (previous !== undefined) {
      total += haversineDistance(previous.lat, previous.lng, point.lat, point.lng);
    }
    result.push(total);
  }
  return result;
}

/** Length of a polyline in metres (0 for fewer than two points). */
export function polylineDistance(line: readonly LatLng[]): number {
  return cumulativeDistances(line).at(-1) ?? 0;
}

/** The point `distance` metres along the line (linear between vertices; clamped to the ends). */
export function pointAlong(line: readonly LatLng[], cumulative: readonly number[], distance: number): LatLng {
  const first = line[0];
  if (first === undefined) {
    throw new RangeError('pointAlong needs a line with at least one point');
  }
  let hi = 1;
  while (hi < line.length && (cumulative[hi] as number) < distance) {
    hi += 1;
  }
  if (hi >= line.length) {
    return line.at(-1) as LatLng;
  }
  const a = line[hi - 1] as LatLng;
  const b = line[hi] as LatLng;
  const from = cumulative[hi - 1] as number;
  const span = (cumulative[hi] as number) - from;
  const t = span <= 0 ? 0 : Math.max(0, Math.min(1, (distance - from) / span));
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

export interface DistanceMarker extends LatLng {
  /** 1 for the first kilometre (or mile), 2 for the second… */
  index: number;
}

/** A marker at every whole kilometre (metric) or mile (imperial) along the line, not at its start or end. */
export function distanceMarkers(line: readonly LatLng[], units: UnitSystem): DistanceMarker[] {
  const step = metresPerUnit(units);
  const cumulative = cumulativeDistances(line);
  const total = cumulative.at(-1) ?? 0;
  const markers: DistanceMarker[] = [];
  for (let index = 1; index * step < total; index += 1) {
    markers.push({ index, ...pointAlong(line, cumulative, index * step) });
  }
  return markers;
}

/** Spacing of elevation samples along a planned line, in metres. */
export const ELEVATION_SAMPLE_SPACING_M = 50;
/** Most samples in one elevation request (Open-Topo-Data's public limit is 100 locations). */
export const ELEVATION_BATCH_SIZE = 100;
/** Most samples for one route: longer routes are sampled more sparsely rather than in more requests. */
export const ELEVATION_MAX_SAMPLES = 1_000;

export interface ProfileSample extends LatLng {
  /** Metres along the line. */
  distance: number;
}

/**
 * Points every `spacing` metres along the line, always including its start and end, and each of
 * `keyPoints` that lies on the line (in order: a planned route's waypoints, where an out-and-back
 * turns and a climb often tops out, so its summit is sampled rather than fallen between two
 * samples); when that would exceed ELEVATION_MAX_SAMPLES the spacing widens so the whole line fits
 * (and key points that would take more than half of them are left out).
 */
export function sampleLine(
  line: readonly LatLng[],
  spacing = ELEVATION_SAMPLE_SPACING_M,
  keyPoints: readonly LatLng[] = [],
): ProfileSample[] {
  if (line.length === 0) {
    return [];
  }
  const cumulative = cumulativeDistances(line);
  const total = cumulative.at(-1) ?? 0;
  const keys = keyPointSamples(line, cumulative, keyPoints);
  const kept = keys.length <= ELEVATION_MAX_SAMPLES / 2 ? keys : [];
  const step = Math.max(spacing, total / (ELEVATION_MAX_SAMPLES - 1 - kept.length));
  const samples: ProfileSample[] = [];
  let next = 0;
  const addKeysBefore = (distance: number) => {
    while (next < kept.length && (kept[next] as ProfileSample).distance < distance) {
      const key = kept[next] as ProfileSample;
      if (samples.at(-1)?.distance !== key.distance) {
        samples.push(key);
      }
      next += 1;
    }
  };
  for (let distance = 0; distance < total; distance += step) {
    addKeysBefore(distance);
    samples.push({ distance, ...pointAlong(line, cumulative, distance) });
  }
  addKeysBefore(total);
  const last = line.at(-1) as LatLng;
  samples.push({ distance: total, lat: last.lat, lng: last.lng });
  return samples;
}

/** The key points found on the line, in order, each where the line passes through it exactly. */
function keyPointSamples(
  line: readonly LatLng[],
  cumulative: readonly number[],
  keyPoints: readonly LatLng[],
): ProfileSample[] {
  const found: ProfileSample[] = [];
  let k = 0;
  for (let i = 0; i < line.length && k < keyPoints.length; i += 1) {
    const point = line[i] as LatLng;
    const key = keyPoints[k] as LatLng;
    if (point.lat === key.lat && point.lng === key.lng) {
      found.push({ distance: cumulative[i] as number, lat: point.lat, lng: point.lng });
      k += 1;
    }
  }
  return found;
}

/** Splits items into batches of at most `size` (ELEVATION_BATCH_SIZE for elevation requests). */
export function batches<T>(items: readonly T[], size = ELEVATION_BATCH_SIZE): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    result.push(items.slice(i, i + size));
  }
  return result;
}

/** Distance in metres from p to the segment a–b, on a local equirectangular projection (metres). */
function offsetFromSegment(p: LatLng, a: LatLng, b: LatLng): number {
  const metresPerDegLat = 111_195;
  const metresPerDegLng = metresPerDegLat * Math.cos((a.lat * Math.PI) / 180);
  const bx = (b.lng - a.lng) * metresPerDegLng;
  const by = (b.lat - a.lat) * metresPerDegLat;
  const px = (p.lng - a.lng) * metresPerDegLng;
  const py = (p.lat - a.lat) * metresPerDegLat;
  const lengthSquared = bx * bx + by * by;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / lengthSquared));
  return Math.hypot(px - t * bx, py - t * by);
}

/**
 * Douglas–Peucker once, for every tolerance at the same time: for each point, the largest tolerance
 * at which the simplification still keeps it (Infinity for the two ends). The farthest point of a
 * span does not depend on the tolerance, only whether the span is split, so a point is kept at a
 * tolerance when its own offset and every enclosing split's offset exceed it. Quadratic at worst
 * (points cycling over a triangle), so callers on outside data thin the line first (thinEvenly).
 */
export function keepTolerances(line: readonly LatLng[]): Float64Array {
  const keep = new Float64Array(line.length);
  if (line.length === 0) {
    return keep;
  }
  keep[0] = Infinity;
  keep[line.length - 1] = Infinity;
  const stack: [number, number, number][] = [[0, line.length - 1, Infinity]];
  while (stack.length > 0) {
    const [from, to, enclosing] = stack.pop() as [number, number, number];
    let farthest = -1;
    let farthestOffset = 0;
    for (let i = from + 1; i < to; i += 1) {
      const offset = offsetFromSegment(line[i] as LatLng, line[from] as LatLng, line[to] as LatLng);
      if (offset > farthestOffset) {
        farthest = i;
        farthestOffset = offset;
      }
    }
    if (farthest > 0) {
      const kept = Math.min(enclosing, farthestOffset);
      keep[farthest] = kept;
      stack.push([from, farthest, kept], [farthest, to, kept]);
    }
  }
  return keep;
}

function keptAt(line: readonly LatLng[], keep: Float64Array, tolerance: number): LatLng[] {
  return line.filter((_, i) => (keep[i] as number) > tolerance);
}

function countKeptAt(keep: Float64Array, tolerance: number): number {
  let count = 0;
  for (const value of keep) {
    if (value > tolerance) {
      count += 1;
    }
  }
  return count;
}

/** Douglas–Peucker: keeps the points that stray more than `tolerance` metres from the simplified line. */
export function simplifyLine(line: readonly LatLng[], tolerance: number): LatLng[] {
  if (line.length <= 2) {
    return [...line];
  }
  return keptAt(line, keepTolerances(line), tolerance);
}

/** Starting tolerance of the import simplification, in metres (below a GPS fix's own error). */
export const IMPORT_SIMPLIFY_START_TOLERANCE_M = 2;

/**
 * Simplifies a line to at most `maxPoints`: Douglas–Peucker starting at
 * IMPORT_SIMPLIFY_START_TOLERANCE_M, doubling the tolerance until the line fits (one pass of
 * keepTolerances, then a count per tolerance).
 */
export function simplifyToAtMost(line: readonly LatLng[], maxPoints: number): LatLng[] {
  if (line.length <= 2) {
    return [...line];
  }
  const keep = keepTolerances(line);
  return keptAt(line, keep, fittingTolerance(keep, maxPoints));
}

function fittingTolerance(keep: Float64Array, maxPoints: number): number {
  let tolerance = IMPORT_SIMPLIFY_START_TOLERANCE_M;
  // Past the largest finite offset only the two ends are left, so the doubling ends there.
  while (countKeptAt(keep, tolerance) > Math.max(2, maxPoints)) {
    tolerance *= 2;
  }
  return tolerance;
}

/**
 * At most `maxPoints` points of the line (at least 2), evenly spread by index, its first and last
 * kept: a linear pass, for lines from outside too long to simplify point by point.
 */
export function thinEvenly(line: readonly LatLng[], maxPoints: number): LatLng[] {
  const target = Math.max(2, maxPoints);
  if (line.length <= target) {
    return [...line];
  }
  const step = (line.length - 1) / (target - 1);
  return Array.from({ length: target }, (_, k) => line[Math.round(k * step)] as LatLng);
}

/** Most points of an imported line the editable-waypoint search reads (a longer line is thinned first). */
export const IMPORT_WAYPOINT_SEARCH_MAX_POINTS = 2_000;

/** How much shorter than the file's line an imported route's straight waypoint line may be. */
export const IMPORT_WAYPOINT_DISTANCE_TOLERANCE = 0.005;

/**
 * The editable waypoints of an imported line: the coarsest Douglas–Peucker (tolerance doubling from
 * IMPORT_SIMPLIFY_START_TOLERANCE_M) whose straight line is within IMPORT_WAYPOINT_DISTANCE_TOLERANCE
 * of the line's distance and has at most `maxPoints`. Every waypoint is a point of the line; the
 * search reads at most IMPORT_WAYPOINT_SEARCH_MAX_POINTS of them (thinEvenly), so its work is bounded
 * whatever the file.
 */
export function editableWaypoints(line: readonly LatLng[], maxPoints: number): LatLng[] {
  const full = polylineDistance(line);
  const candidates = thinEvenly(line, IMPORT_WAYPOINT_SEARCH_MAX_POINTS);
  if (candidates.length <= 2) {
    return candidates;
  }
  const keep = keepTolerances(candidates);
  let best = keptAt(candidates, keep, fittingTolerance(keep, maxPoints));
  for (let tolerance = IMPORT_SIMPLIFY_START_TOLERANCE_M * 2; tolerance <= 1_024; tolerance *= 2) {
    if (countKeptAt(keep, tolerance) > maxPoints) {
      continue;
    }
    const coarser = keptAt(candidates, keep, tolerance);
    if (full - polylineDistance(coarser) > full * IMPORT_WAYPOINT_DISTANCE_TOLERANCE) {
      break;
    }
    best = coarser;
  }
  return best;
}
