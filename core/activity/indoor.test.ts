/**
 * Indoor activities: a FIT or TCX file without positions (treadmill, trainer, yoga) is imported with
 * its time, heart rate, cadence and the device's distance, and no map.
 */
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-record.ts';
import { garminTcx, straightRun } from './activity-file-builders.test-support.ts';
import { toDisplayTrack } from './display-track.ts';
import { encodeFit } from './fit-file-builders.test-support.ts';
import { trackToGpx } from './gpx-export.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import { decodeTrack, encodeTrack } from './track-codec.ts';
import { hasPositions } from './track.ts';
import { ActivityFileError, TCX_CONTENT_MESSAGES } from './upload-rules.ts';

// Uploaded after the runs it reads (a start after the upload would ask to be confirmed).
const context = { fallbackTimeZone: 'Europe/Ljubljana', now: new Date(Date.UTC(2026, 11, 1)) };
// 30 minutes at 3 m/s (5:33 per km): 5,397 m on the treadmill's footpod, 07:00 local.
const points = straightRun({ points: 1800, speed: 3, start: Date.UTC(2026, 2, 3, 6, 0, 0) });
const everyIndex = new Set(points.map((_, i) => i));

describe('a treadmill run (FIT, no positions, the device distance)', () => {
  const bytes = encodeFit({
    points,
    sport: 'running',
    subSport: 'treadmill',
    lapStarts: [0, 900],
    withoutPosition: everyIndex,
  });
  const parsed = parseActivityFile('fit', bytes);
  const record = describeActivity(parsed, context);

  it('has its time, distance, pace and heart rate from the device, and no position', () => {
    expect(hasPositions(parsed.track)).toBe(false);
    expect(record.type).toBe('run');
    expect(record.name).toBe('Morning Run');
    expect(record.distance).toBeCloseTo(5397, 6);
    expect(record.elapsedTime).toBe(1799);
    expect(record.movingTime).toBe(1799);
    expect(record.averageSpeed).toBeCloseTo(3, 6);
    expect(record.averageHeartrate).toBeCloseTo(139.5, 1);
    expect(record.calories).toBe(321);
    expect(record.startLatLng).toBeNull();
    expect(record.endLatLng).toBeNull();
    expect(record.timezone).toBe('Europe/Ljubljana');
    expect(record.flag).toBeNull();
  });

  it('has splits from the device distance and its two laps', () => {
    expect(record.splitsMetric.map((split) => Math.round(split.distance))).toEqual([1000, 1000, 1000, 1000, 1000, 397]);
    expect(record.splitsMetric[0]?.moving_time).toBeCloseTo(1000 / 3, 0);
    expect(record.laps.map((lap) => lap.distance)).toEqual([2697, 2697]);
  });

  it('is stored without positions and drawn without a map', () => {
    const decoded = decodeTrack(encodeTrack(parsed.track));
    expect(hasPositions(decoded)).toBe(false);
    expect(decoded.heartRate).toEqual(parsed.track.heartRate);
    expect(decoded.distance.at(-1)).toBeCloseTo(5397, 2);
    const display = toDisplayTrack(decoded, 100);
    expect(display.lat).toEqual([]);
    expect(display.lon).toEqual([]);
    expect(display.distance).toHaveLength(100);
    expect(display.heartRate.every((value) => value !== null)).toBe(true);
    expect(trackToGpx({ name: 'Treadmill', type: 'run', track: decoded })).not.toContain('<trkpt');
  });
});

describe('a trainer ride exported as TCX (no positions, DistanceMeters)', () => {
  it('is a ride with the device distance', () => {
    const ride = straightRun({ points: 1200, speed: 8, start: Date.UTC(2026, 2, 3, 17, 0, 0) });
    const tcx = garminTcx(
      [{ points: ride, averageHeartRate: 140, maxHeartRate: 160, calories: 400 }],
      'Biking',
      'Edge 540',
      { indoor: true },
    );
    const parsed = parseActivityFile('tcx', new TextEncoder().encode(tcx));
    const record = describeActivity(parsed, context);
    expect(hasPositions(parsed.track)).toBe(false);
    expect(record.type).toBe('ride');
    expect(record.distance).toBeCloseTo(9592, 1);
    expect(record.movingTime).toBe(1199);
    expect(record.startLatLng).toBeNull();
    expect(record.laps).toHaveLength(1);
    expect(record.laps[0]?.endIndex).toBe(1200);
    expect(record.splitsMetric).toHaveLength(10);
  });
});

describe('yoga (FIT, neither positions nor distance)', () => {
  it('is "other" with its time and heart rate only: moving time is the timer time, no splits', () => {
    const bytes = encodeFit({
      points: points.slice(0, 600),
      sport: 'training',
      subSport: 'yoga',
      lapStarts: [0],
      withoutPosition: everyIndex,
      withoutDistance: true,
    });
    const record = describeActivity(parseActivityFile('fit', bytes), context);
    expect(record.type).toBe('other');
    expect(record.name).toBe('Morning Activity');
    expect(record.distance).toBe(0);
    expect(record.elapsedTime).toBe(599);
    expect(record.movingTime).toBe(599);
    expect(record.averageSpeed).toBe(0);
    expect(record.averageHeartrate).toBeGreaterThan(130);
    expect(record.splitsMetric).toEqual([]);
    expect(record.hasTiming).toBe(true);
  });
});

describe('a file with neither positions, nor distance, nor time', () => {
  it('is refused with its sentence (TCX)', () => {
    const tcx = garminTcx(
      [{ points: points.slice(0, 5), averageHeartRate: 1, maxHeartRate: 1, calories: 1 }],
      'Running',
      'X',
      {
        indoor: true,
      },
    )
      .replace(/<Time>[^<]*<\/Time>/g, '')
      .replace(/<DistanceMeters>[^<]*<\/DistanceMeters>/g, '');
    expect(() => parseActivityFile('tcx', new TextEncoder().encode(tcx))).toThrow(
      new ActivityFileError('tcx', TCX_CONTENT_MESSAGES.noValidPoints),
    );
  });
});

describe('a track with positions keeps leaving out the points without one (a GPS dropout)', () => {
  it('FIT: the positioned points only, as before', () => {
    const bytes = encodeFit({
      points: points.slice(0, 100),
      sport: 'running',
      lapStarts: [0],
      withoutPosition: new Set([10, 11, 12]),
    });
    const parsed = parseActivityFile('fit', bytes);
    expect(parsed.track.lat).toHaveLength(97);
    expect(hasPositions(parsed.track)).toBe(true);
    // The first format, byte for byte: tracks with positions are stored as before.
    expect([...encodeTrack(parsed.track).subarray(0, 4)]).toEqual([0x53, 0x54, 0x4b, 0x31]);
  });
});
