/**
 * Thins a track for the browser's map and charts: at most `maxPoints` evenly spaced by index, the
 * first and last always kept. Charts of 2,000 points look the same as of 200,000 and load at once.
 * `lat` and `lon` are empty for an indoor track (no map), the other columns are not.
 */
import type { DisplayTrack } from './schemas.ts';
import { hasPositions, type Track } from './track.ts';

const nullable = (value: number, digits: number) => (Number.isNaN(value) ? null : Number(value.toFixed(digits)));

export function toDisplayTrack(track: Track, maxPoints: number): DisplayTrack {
  const n = track.lat.length;
  const count = Math.min(n, Math.max(2, maxPoints));
  const indices: number[] = [];
  for (let k = 0; k < count; k += 1) {
    indices.push(count === 1 ? 0 : Math.round((k * (n - 1)) / (count - 1)));
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
  };
}
