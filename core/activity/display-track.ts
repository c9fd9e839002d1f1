/**
 * Thins a track for the browser's map and charts: at most `maxPoints` evenly spaced by index, the
 * first and last always kept. Charts of 2,000 points look the same as of 200,000 and load at once.
 * `lat` and `lon` are empty for an indoor track (no map), the other columns are not.
 * A track of several recorded segments keeps both ends of each gap (within the same bound) and
 * says where each segment starts, so the map breaks its line there instead of joining the gap.
 */
import type { DisplayTrack } from './schemas.ts';
import { hasPositions, type Track } from './track.ts';

const nullable = (value: number, digits: number) => (Number.isNaN(value) ? null : Number(value.toFixed(digits)));

/** The indices shown: evenly spaced, plus the points either side of each gap while they fit in half the budget. */
function displayIndices(n: number, maxPoints: number, segmentStarts: readonly number[]): number[] {
  const budget = Math.max(2, maxPoints);
  if (n <= budget) {
    return Array.from({ length: n }, (_, i) => i);
  }
  const gapEnds = 2 * segmentStarts.length <= budget / 2 ? segmentStarts.flatMap((start) => [start - 1, start]) : [];
  const count = budget - gapEnds.length;
  const chosen = new Set(gapEnds);
  for (let k = 0; k < count; k += 1) {
    chosen.add(Math.round((k * (n - 1)) / (count - 1)));
  }
  return [...chosen].sort((a, b) => a - b);
}

export function toDisplayTrack(track: Track, maxPoints: number): DisplayTrack {
  const n = track.lat.length;
  const starts = Array.from(track.segmentStarts ?? []).filter((start) => start > 0 && start < n);
  const indices = displayIndices(n, maxPoints, starts);
  // A shown point begins a segment when a segment start lies after the shown point before it.
  const segmentStarts: number[] = [];
  let next = 0;
  for (let k = 1; k < indices.length && next < starts.length; k += 1) {
    const here = indices[k] as number;
    if ((starts[next] as number) <= here) {
      segmentStarts.push(k);
      while (next < starts.length && (starts[next] as number) <= here) {
        next += 1;
      }
    }
  }
  const start = track.time[0] ?? Number.NaN;
  // An indoor track has nothing to draw on a map: no positions at all (the charts still have the rest).
  const located = hasPositions(track);
  return {
    pointCount: n,
    elapsed: indices.map((i) => nullable(((track.time[i] as number) - start) / 1000, 1)),
    lat: located ? indices.map((i) => Number((track.lat[i] as number).toFixed(6))) : [],
    lon: located ? indices.map((i) => Number((track.lon[i] as number).toFixed(6))) : [],
    elevation: indices.map((i) => nullable(track.elevation[i] as number, 1)),
    heartRate: indices.map((i) => nullable(track.heartRate[i] as number, 0)),
    cadence: indices.map((i) => nullable(track.cadence[i] as number, 0)),
    distance: indices.map((i) => Number((track.distance[i] as number).toFixed(1))),
    segmentStarts,
  };
}

/**
 * The recorded segments of a display track as [from, to) index ranges, in order: one range for a
 * track of one segment, none for an empty one. Start indices out of order or range are ignored.
 */
export function segmentRanges(pointCount: number, segmentStarts: readonly number[]): [number, number][] {
  if (pointCount <= 0) {
    return [];
  }
  const ranges: [number, number][] = [];
  let from = 0;
  for (const start of segmentStarts) {
    if (start > from && start < pointCount) {
      ranges.push([from, start]);
      from = start;
    }
  }
  ranges.push([from, pointCount]);
  return ranges;
}
