import { describe, expect, it } from 'vitest';
import { TrackBuilder, type Track } from './track.ts';
import { decodeTrack, encodeTrack } from './track-codec.ts';

/** A steady 1 Hz run with GPS jitter, heart rate and cadence: what a watch records. */
function typicalRun(points: number): Track {
  const builder = new TrackBuilder();
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let distance = 0;
  for (let i = 0; i < points; i += 1) {
    distance += 2.8 + random() * 0.4;
    builder.push({
      time: Date.UTC(2026, 5, 21, 6, 0, 0) + i * 1000,
      lat: 46.05 + i * 0.00002 + (random() - 0.5) * 0.00001,
      lon: 14.5 + i * 0.000015 + (random() - 0.5) * 0.00001,
      elevation: 300 + Math.sin(i / 200) * 20 + random() * 0.4,
      heartRate: Math.round(140 + Math.sin(i / 300) * 15),
      cadence: Math.round(170 + random() * 6),
      distance,
    });
  }
  return builder.finish();
}

describe('track codec', () => {
  it('round-trips every column within its quantisation step', () => {
    const track = typicalRun(5000);
    const decoded = decodeTrack(encodeTrack(track));
    for (let i = 0; i < 5000; i += 1) {
      expect(decoded.time[i]).toBe(track.time[i]);
      expect(Math.abs((decoded.lat[i] as number) - (track.lat[i] as number))).toBeLessThan(1e-7);
      expect(Math.abs((decoded.lon[i] as number) - (track.lon[i] as number))).toBeLessThan(1e-7);
      expect(Math.abs((decoded.elevation[i] as number) - (track.elevation[i] as number))).toBeLessThanOrEqual(
        0.05 + 1e-9,
      );
      expect(decoded.heartRate[i]).toBe(track.heartRate[i]);
      expect(decoded.cadence[i]).toBe(track.cadence[i]);
      expect(Math.abs((decoded.distance[i] as number) - (track.distance[i] as number))).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
    }
  });

  it('stores a typical run in at most 16 bytes per point', () => {
    const bytes = encodeTrack(typicalRun(20_000));
    expect(bytes.length / 20_000).toBeLessThanOrEqual(16);
  });

  it('keeps missing values missing, whether a column is absent or partly present', () => {
    const builder = new TrackBuilder();
    builder.push({ lat: 1, lon: 2, distance: 0 });
    builder.push({ lat: 1.0001, lon: 2.0001, heartRate: 120, distance: 14 });
    builder.push({ lat: 1.0002, lon: 2.0002, distance: 28 });
    const decoded = decodeTrack(encodeTrack(builder.finish()));
    expect(Array.from(decoded.time).every(Number.isNaN)).toBe(true);
    expect(Array.from(decoded.heartRate)).toEqual([Number.NaN, 120, Number.NaN]);
    expect(Array.from(decoded.elevation).every(Number.isNaN)).toBe(true);
    expect(Array.from(decoded.distance)).toEqual([0, 14, 28]);
  });

  it('keeps the segment starts of a track recorded in several segments', () => {
    const track = typicalRun(300);
    track.segmentStarts = Uint32Array.from([1, 120, 299]);
    const decoded = decodeTrack(encodeTrack(track));
    expect(Array.from(decoded.segmentStarts ?? [])).toEqual([1, 120, 299]);
    expect(decoded.lat.length).toBe(300);
  });

  it('reads a track of one segment, as every track stored before segment starts were, without any', () => {
    const decoded = decodeTrack(encodeTrack(typicalRun(50)));
    expect(decoded.segmentStarts).toBeUndefined();
    const empty = typicalRun(50);
    empty.segmentStarts = new Uint32Array(0);
    expect(encodeTrack(empty)).toEqual(encodeTrack(typicalRun(50)));
  });

  it('rejects a segment start outside the track', () => {
    const track = typicalRun(10);
    track.segmentStarts = Uint32Array.from([4]);
    const bytes = encodeTrack(track);
    // The last byte is the step to the only start: 4 → 10 (past the last point).
    bytes[bytes.length - 1] = 10;
    expect(() => decodeTrack(bytes)).toThrow('Track data has a segment start outside the track');
  });

  it('rejects bytes that are not a track', () => {
    expect(() => decodeTrack(new Uint8Array([1, 2, 3, 4, 5]))).toThrow('Not a Stride track');
    const truncated = encodeTrack(typicalRun(10)).slice(0, 20);
    expect(() => decodeTrack(truncated)).toThrow('Track data is truncated');
  });
});

describe('track codec on values from outside', () => {
  const START = Date.UTC(2026, 5, 21, 6, 0, 0);

  it('a point with 1e308 or Infinity elevation, heart rate or cadence keeps its position and drops the value', () => {
    const builder = new TrackBuilder();
    for (let i = 0; i < 3; i += 1) {
      builder.push({
        time: START + i * 1000,
        lat: 46 + i * 0.0001,
        lon: 14.5,
        elevation: i === 1 ? 1e308 : 300,
        heartRate: i === 2 ? Infinity : 140,
        cadence: i === 0 ? 9e306 : 170,
        distance: i * 11,
      });
    }
    const track = builder.finish();
    expect(Array.from(track.elevation)).toEqual([300, Number.NaN, 300]);
    expect(Array.from(track.heartRate)).toEqual([140, 140, Number.NaN]);
    expect(Array.from(track.cadence)).toEqual([Number.NaN, 170, 170]);
    const decoded = decodeTrack(encodeTrack(track));
    expect(Array.from(decoded.elevation)).toEqual([300, Number.NaN, 300]);
  });

  it('refuses a column value it cannot store instead of looping on it', () => {
    const track: Track = {
      time: Float64Array.from([START, START + 1000]),
      lat: Float64Array.from([46, 46.001]),
      lon: Float64Array.from([14.5, 14.5]),
      elevation: Float64Array.from([300, 1e308]),
      heartRate: Float64Array.from([Number.NaN, Number.NaN]),
      cadence: Float64Array.from([Number.NaN, Number.NaN]),
      distance: Float64Array.from([0, 111]),
    };
    expect(() => encodeTrack(track)).toThrow(new RangeError('Track value out of range: Infinity'));
    track.elevation[1] = 1e20;
    expect(() => encodeTrack(track)).toThrow(RangeError);
  });
});
