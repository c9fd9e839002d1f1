/**
 * Distance along a track: the one haversine great-circle rule in core, the cumulative distance
 * column (the device's own when every point has one, otherwise haversine with the gaps between
 * recorded segments left out) and the positional distance a device's figure is checked against.
 */
import { hasPositions, trackLength, type Track } from './track.ts';

/**
 * The WGS84 mean Earth radius (IUGG: (2a + b) / 3 = 6,371,008.8 m). The haversine formula on a
 * sphere of this radius is within about 0.5 % of the ellipsoidal distance anywhere, far below the
 * error of GPS fixes.
 */
export const EARTH_MEAN_RADIUS_M = 6_371_008.8;

const DEG_TO_RAD = Math.PI / 180;

/** Great-circle distance in metres between two positions in degrees. */
export function haversineDistance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const phi1 = lat1 * DEG_TO_RAD;
  const phi2 = lat2 * DEG_TO_RAD;
  const sinDPhi = Math.sin((phi2 - phi1) / 2);
  const sinDLambda = Math.sin(((lon2 - lon1) * DEG_TO_RAD) / 2);
  const h = sinDPhi * sinDPhi + Math.cos(phi1) * Math.cos(phi2) * sinDLambda * sinDLambda;
  return 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function everyFinite(column: Float64Array): boolean {
  for (let i = 0; i < column.length; i += 1) {
    if (!Number.isFinite(column[i])) {
      return false;
    }
  }
  return column.length > 0;
}

/**
 * Fills `track.distance` with cumulative haversine metres from the first point, not counting the
 * gap before each segment start (track.segmentStarts: a GPX file's tracks and segments are separate
 * recordings, so the straight line between them was never travelled), unless every point
 * already carries a device distance (FIT, TCX), which is kept: a wheel sensor or footpod, and the
 * device's own filtering of its fixes, beat recomputing from positions.
 * Returns whether the device's distance was kept.
 */
export function computeCumulativeDistance(track: Track): boolean {
  if (everyFinite(track.distance)) {
    return true;
  }
  if (!hasPositions(track)) {
    carryDistanceForward(track.distance, track.distance);
    return false;
  }
  haversineCumulative(track, track.distance);
  return false;
}

/**
 * An indoor track's distance (no positions to measure): the device's readings where it has them,
 * each point without one taking the reading before it (0 before the first). A track with no
 * reading at all covers no distance.
 */
function carryDistanceForward(readings: Float64Array, out: Float64Array): void {
  let last = 0;
  for (let i = 0; i < readings.length; i += 1) {
    const reading = readings[i] as number;
    if (Number.isFinite(reading)) {
      last = Math.max(last, reading);
    }
    out[i] = last;
  }
}

/**
 * Cumulative haversine metres from the first point, written into `out`; the step into a segment
 * start adds nothing, so distance, moving time, speeds and splits all leave segment gaps out.
 */
function haversineCumulative(track: Track, out: Float64Array): void {
  const { lat, lon } = track;
  const starts = track.segmentStarts;
  let nextStart = 0;
  let total = 0;
  for (let i = 0; i < out.length; i += 1) {
    if (starts !== undefined && nextStart < starts.length && starts[nextStart] === i) {
      nextStart += 1;
    } else if (i > 0) {
      total += haversineDistance(lat[i - 1] as number, lon[i - 1] as number, lat[i] as number, lon[i] as number);
    }
    out[i] = total;
  }
}

/**
 * The haversine metres the track's points cover (gaps between segments left out), whatever
 * distance column it carries: what a device's own distance is compared with (plausibility.ts).
 */
export function positionDistance(track: Track): number {
  if (!hasPositions(track)) {
    return 0;
  }
  const out = new Float64Array(trackLength(track));
  haversineCumulative(track, out);
  return out.length > 0 ? (out[out.length - 1] as number) : 0;
}

/** The track's cumulative distance column, computed on a copy when the track has none. */
export function cumulativeDistance(track: Track): Float64Array {
  if (everyFinite(track.distance)) {
    return track.distance;
  }
  const distance = new Float64Array(trackLength(track));
  if (hasPositions(track)) {
    haversineCumulative(track, distance);
  } else {
    carryDistanceForward(track.distance, distance);
  }
  return distance;
}
