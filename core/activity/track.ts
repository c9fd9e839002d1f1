/**
 * A recorded track, column by column: one typed array per measurement, NaN where a point has no
 * value. Columns keep 200,000 points in a few megabytes and let metrics and the storage codec walk
 * them without allocating an object per point.
 */
import { isPlausible, plausibleOrNaN } from '../plausible-ranges.ts';

export const TRACK_COLUMNS = ['time', 'lat', 'lon', 'elevation', 'heartRate', 'cadence', 'distance'] as const;
export type TrackColumn = (typeof TRACK_COLUMNS)[number];

export interface Track {
  /** Milliseconds since the Unix epoch (UTC); NaN when the point has no time. */
  time: Float64Array;
  /**
   * Degrees, WGS84. Either every point has a finite position, or none has (an indoor activity: a
   * treadmill run, a trainer ride, yoga — see TrackBuilder's `keepUnpositioned`), and then every
   * value is NaN: a track never mixes the two.
   */
  lat: Float64Array;
  lon: Float64Array;
  /** Metres above sea level; NaN when absent. */
  elevation: Float64Array;
  /** Beats per minute; NaN when absent. */
  heartRate: Float64Array;
  /** Steps (running) or revolutions (cycling) per minute; NaN when absent. */
  cadence: Float64Array;
  /** Cumulative metres from the first point. */
  distance: Float64Array;
  /**
   * Indices (ascending, each > 0) of points that begin a new recorded segment (a GPX <trkseg> or
   * <trk>, a TCX <Track>). The gap before such a point was not travelled: it adds no distance and
   * no moving time (see computeCumulativeDistance). Absent when the track is one segment. Stored
   * with the track (track-codec.ts) so that the map draws a break at each gap.
   */
  segmentStarts?: Uint32Array;
}

export interface TrackPointInput {
  time?: number | undefined;
  lat: number;
  lon: number;
  elevation?: number | undefined;
  heartRate?: number | undefined;
  cadence?: number | undefined;
  /** A device's own cumulative distance (FIT, TCX), in metres, when the file has one. */
  distance?: number | undefined;
}

/** A measurement as stored: the number, or NaN when absent or outside its plausible range. */
const columnValue = plausibleOrNaN;

export function trackLength(track: Track): number {
  return track.lat.length;
}

/** Whether the track has positions (it has none at all when recorded indoors). */
export function hasPositions(track: Track): boolean {
  return track.lat.length > 0 && Number.isFinite(track.lat[0]);
}

/**
 * Whether a track without positions still holds an activity: times that span at least a second,
 * or a distance from the device. A file with neither (nor positions) has nothing to import.
 */
export function indoorTrackHasData(track: Track): boolean {
  let first = Number.NaN;
  for (let i = 0; i < track.time.length; i += 1) {
    const time = track.time[i] as number;
    if (Number.isFinite(time)) {
      if (Number.isNaN(first)) {
        first = time;
      } else if (Math.abs(time - first) >= 1000) {
        return true;
      }
    }
  }
  return track.distance.some((metres) => Number.isFinite(metres) && metres > 0);
}

export interface TrackBuilderOptions {
  /**
   * Keep points without a position (FIT and TCX record time, heart rate and the device's distance
   * indoors). When at least two points have a position, the points without one are still left out
   * (a GPS dropout: the track is the positioned points, as before); otherwise the track is an
   * indoor one, every point kept and none with a position.
   */
  keepUnpositioned?: boolean;
}

/** Collects points as a file is read; grows its arrays by doubling. */
export class TrackBuilder {
  private size = 0;
  private capacity: number;
  private columns: Record<TrackColumn, Float64Array>;
  /** Whether every point so far carried a device distance. */
  private allHaveDistance = true;
  /** Indices of points that begin a new segment, in push order. */
  private segmentStarts: number[] = [];
  private segmentPending = false;
  private readonly keepUnpositioned: boolean;
  private positioned = 0;
  /** Whether every point with a position so far carried a device distance. */
  private positionedHaveDistance = true;
  /** Raw index → index in the finished track, when unpositioned points were left out. */
  private kept: Uint32Array | undefined;

  constructor(initialCapacity = 1024, options: TrackBuilderOptions = {}) {
    this.keepUnpositioned = options.keepUnpositioned ?? false;
    this.capacity = initialCapacity;
    this.columns = Object.fromEntries(TRACK_COLUMNS.map((name) => [name, new Float64Array(initialCapacity)])) as Record<
      TrackColumn,
      Float64Array
    >;
  }

  get length(): number {
    return this.size;
  }

  /** The next point pushed begins a new segment (the first point of a track needs no marking). */
  startSegment(): void {
    this.segmentPending = this.size > 0;
  }

  /**
   * Adds a point; returns false (and adds nothing) when its coordinates are not numbers in range,
   * unless the builder keeps unpositioned points (then it is added without a position). Every other
   * measurement outside its plausible range (core/plausible-ranges.ts) is dropped from the point.
   */
  push(point: TrackPointInput): boolean {
    let { lat, lon } = point;
    const located = isPlausible('latitude', lat) && isPlausible('longitude', lon);
    if (!located) {
      if (!this.keepUnpositioned) {
        return false;
      }
      lat = Number.NaN;
      lon = Number.NaN;
    }
    if (this.size === this.capacity) {
      this.capacity *= 2;
      for (const name of TRACK_COLUMNS) {
        const grown = new Float64Array(this.capacity);
        grown.set(this.columns[name]);
        this.columns[name] = grown;
      }
    }
    const i = this.size;
    // A module-level helper, not a closure: push runs once per point of a 50 MB file.
    const value = columnValue;
    this.columns.time[i] = value('time', point.time);
    this.columns.lat[i] = lat;
    this.columns.lon[i] = lon;
    this.columns.elevation[i] = value('elevation', point.elevation);
    this.columns.heartRate[i] = value('heartRate', point.heartRate);
    this.columns.cadence[i] = value('cadence', point.cadence);
    this.columns.distance[i] = value('distance', point.distance);
    if (Number.isNaN(this.columns.distance[i])) {
      this.allHaveDistance = false;
      if (located) {
        this.positionedHaveDistance = false;
      }
    }
    if (located) {
      this.positioned += 1;
    }
    if (this.segmentPending) {
      this.segmentStarts.push(i);
      this.segmentPending = false;
    }
    this.size += 1;
    return true;
  }

  /** Whether every point kept carried a device distance (otherwise distance is computed from positions). */
  get hasDeviceDistance(): boolean {
    if (this.positioned >= 2) {
      return this.positionedHaveDistance;
    }
    return this.size > 0 && this.allHaveDistance;
  }

  /** The index in the finished track of the point pushed as `rawIndex`-th (or of the next one kept). */
  finishedIndex(rawIndex: number): number {
    if (this.kept === undefined) {
      return rawIndex;
    }
    return this.kept[Math.min(rawIndex, this.kept.length - 1)] as number;
  }

  /**
   * Leaves out the points without a position when at least two have one (see keepUnpositioned);
   * `kept` maps each raw index to its new one (a left-out point to the next kept point's).
   */
  private dropUnpositioned(): void {
    const n = this.size;
    if (this.positioned < 2) {
      // One position among indoor points is no track to draw: the track has none.
      this.columns.lat.fill(Number.NaN, 0, n);
      this.columns.lon.fill(Number.NaN, 0, n);
      return;
    }
    if (this.positioned === n) {
      return;
    }
    const kept = new Uint32Array(n + 1);
    const starts = new Set(this.segmentStarts);
    const newStarts: number[] = [];
    let pendingStart = false;
    let out = 0;
    for (let i = 0; i < n; i += 1) {
      kept[i] = out;
      if (starts.has(i)) {
        pendingStart = true;
      }
      if (Number.isNaN(this.columns.lat[i])) {
        continue;
      }
      for (const name of TRACK_COLUMNS) {
        this.columns[name][out] = this.columns[name][i] as number;
      }
      if (pendingStart && out > 0) {
        newStarts.push(out);
      }
      pendingStart = false;
      out += 1;
    }
    kept[n] = out;
    this.kept = kept;
    this.segmentStarts = newStarts;
    this.size = out;
  }

  /**
   * The finished track: trimmed, sorted by time (spec §5: "points are sorted by time"; points
   * without time keep their file order, after timed ones only if no point is timed), stable for ties.
   */
  finish(): Track {
    if (this.keepUnpositioned) {
      this.dropUnpositioned();
    }
    const n = this.size;
    const time = this.columns.time;
    // Most files are in time order already, or untimed (file order stays): then the columns are
    // copied as they are, without building and sorting an index of every point.
    let timedInOrder = true;
    for (let i = 0; i < n; i += 1) {
      const t = time[i] as number;
      if (Number.isNaN(t) || (i > 0 && t < (time[i - 1] as number))) {
        timedInOrder = false;
        break;
      }
    }
    const untimed = !timedInOrder && time.subarray(0, n).some((t) => Number.isNaN(t));
    if (timedInOrder || untimed) {
      const track = Object.fromEntries(
        TRACK_COLUMNS.map((name) => [name, this.columns[name].slice(0, n)]),
      ) as unknown as Track;
      if (this.segmentStarts.length > 0) {
        track.segmentStarts = Uint32Array.from(this.segmentStarts);
      }
      return track;
    }
    const order = Array.from({ length: n }, (_, i) => i);
    const timed = order.every((i) => !Number.isNaN(time[i] as number));
    if (timed) {
      order.sort((a, b) => (time[a] as number) - (time[b] as number) || a - b);
    }
    const sorted = Object.fromEntries(
      TRACK_COLUMNS.map((name) => {
        const source = this.columns[name];
        const column = new Float64Array(n);
        for (let k = 0; k < n; k += 1) {
          column[k] = source[order[k] as number] as number;
        }
        return [name, column];
      }),
    ) as unknown as Track;
    if (this.segmentStarts.length > 0) {
      // A segment start stays with its point; after sorting it begins a segment wherever it lands.
      const starts = new Set(this.segmentStarts);
      const moved: number[] = [];
      for (let k = 1; k < n; k += 1) {
        if (starts.has(order[k] as number)) {
          moved.push(k);
        }
      }
      if (moved.length > 0) {
        sorted.segmentStarts = Uint32Array.from(moved);
      }
    }
    return sorted;
  }
}
