import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import {
  seededRandom,
  straightRun,
  writeInRandomChunks,
  type GeneratedPoint,
} from './activity-file-builders.test-support.ts';
import { compressedTimestampFit, encodeFit, encodeNonActivityFit } from './fit-file-builders.test-support.ts';
import { createFitParser } from './fit-parser.ts';
import { guessActivityType, summarizeTrack } from './metrics.ts';
import type { ParsedActivity } from './parsed.ts';
import { hasPositions } from './track.ts';
import { ActivityFileError, FIT_CONTENT_MESSAGES } from './upload-rules.ts';
import { FIT_NOT_AN_ACTIVITY_MESSAGE, FIT_READING_WARNINGS } from './fit-file-types.ts';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const real = (name: string) => new Uint8Array(readFileSync(path.join(REAL, name)));

function parse(bytes: Uint8Array): ParsedActivity {
  const parser = createFitParser();
  parser.write(bytes);
  return parser.finish();
}

function failure(bytes: Uint8Array): string {
  try {
    parse(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ActivityFileError);
    return (error as ActivityFileError).message;
  }
  throw new Error('expected the file to be rejected');
}

const invalid = 'Failed to parse FIT file: Invalid FIT file format';

describe('FIT parser on a file written by the FIT SDK Encoder', () => {
  const points = straightRun({ points: 1201, speed: 3.2, elevation: (i) => 280 + Math.sin(i / 100) * 8 });
  const file = encodeFit({ points, sport: 'running', lapStarts: [0, 313, 626, 939] });

  it('reads every record: position (semicircles → degrees), time, altitude, heart rate, cadence, distance', () => {
    const activity = parse(file);
    expect(activity.format).toBe('fit');
    expect(activity.track.lat).toHaveLength(1201);
    for (const i of [0, 600, 1200]) {
      const p = points[i] as GeneratedPoint;
      expect(activity.track.lat[i]).toBeCloseTo(p.lat, 6);
      expect(activity.track.lon[i]).toBeCloseTo(p.lon, 6);
      expect(activity.track.time[i]).toBe(p.time);
      expect(activity.track.elevation[i]).toBeCloseTo(p.elevation, 0);
      expect(activity.track.heartRate[i]).toBe(p.heartRate);
      expect(activity.track.cadence[i]).toBe(p.cadence + 0.5);
      expect(activity.track.distance[i]).toBeCloseTo(p.distance, 1);
    }
    expect(activity.deviceDistance).toBe(true);
  });

  it('reads the sport, device, totals and laps', () => {
    const activity = parse(file);
    expect(activity.declaredType).toBe('run');
    expect(activity.sportLabel).toBe('running');
    expect(activity.deviceName).toBe('Garmin fr965');
    expect(activity.name).toBeNull();
    expect(activity.deviceTotals).toEqual({
      distanceM: 3840,
      timerTimeS: 1200,
      elapsedTimeS: 1200,
      ascentM: 12,
      calories: 321,
      maxSpeedMps: Number.NaN,
    });
    expect(activity.laps.map((lap) => [lap.startIndex, lap.endIndex])).toEqual([
      [0, 313],
      [313, 626],
      [626, 939],
      [939, 1201],
    ]);
    expect(activity.laps[1]).toMatchObject({
      startTime: (points[313] as GeneratedPoint).time,
      totalTimeS: 312,
      averageHeartrate: 141,
      maxHeartrate: 161,
      averageCadence: 85,
    });
    expect(activity.laps[1]?.distanceM).toBeCloseTo(312 * 3.2, 1);
  });

  it('Stride computes what the device recorded', () => {
    const activity = parse(file);
    const summary = summarizeTrack(activity.track);
    expect(summary.distance).toBeCloseTo(activity.deviceTotals?.distanceM ?? 0, 1);
    expect(summary.movingTime).toBe(1200);
    expect(summary.elapsedTime).toBe(1200);
    expect(summary.averageSpeed).toBeCloseTo(3.2, 3);
  });

  it('maps the FIT sports to Stride types', () => {
    const short = points.slice(0, 30);
    expect(parse(encodeFit({ points: short, sport: 'cycling', lapStarts: [0] })).declaredType).toBe('ride');
    expect(parse(encodeFit({ points: short, sport: 'walking', lapStarts: [0] })).declaredType).toBe('walk');
    expect(parse(encodeFit({ points: short, sport: 'hiking', lapStarts: [0] })).declaredType).toBe('hike');
    const swim = parse(encodeFit({ points: short, sport: 'swimming', subSport: 'openWater', lapStarts: [0] }));
    expect(swim.declaredType).toBe('swim');
    expect(swim.sportLabel).toBe('swimming');
    const yoga = parse(encodeFit({ points: short, sport: 'training', subSport: 'yoga', lapStarts: [0] }));
    expect(yoga.declaredType).toBe('other');
    // A treadmill run written under the generic sport is still a run; generic alone says nothing.
    const treadmill = parse(encodeFit({ points: short, sport: 'generic', subSport: 'treadmill', lapStarts: [0] }));
    expect(treadmill.declaredType).toBe('run');
    expect(parse(encodeFit({ points: short, sport: 'generic', lapStarts: [0] })).declaredType).toBeNull();
  });

  it('keeps the odometer going through records without a position', () => {
    const withoutPosition = new Set([5, 6, 7, 29]);
    const activity = parse(
      encodeFit({ points: points.slice(0, 30), sport: 'running', lapStarts: [0], withoutPosition }),
    );
    expect(activity.track.lat).toHaveLength(26);
    expect(activity.deviceDistance).toBe(true);
    // The last record (29) has no position; its distance still counts, on the last point.
    expect(summarizeTrack(activity.track).distance).toBeCloseTo(29 * 3.2, 1);
  });

  it('streams in random chunks', () => {
    const parser = createFitParser();
    writeInRandomChunks(file, (chunk) => parser.write(chunk), 5, 4096);
    expect(parser.finish().track).toEqual(parse(file).track);
  });

  it('"No valid track points found in FIT file" for records with neither position, distance nor time', () => {
    const nothing = encodeFit({
      points: points.slice(0, 10),
      sport: 'running',
      lapStarts: [0],
      withoutPosition: new Set(Array.from({ length: 10 }, (_, i) => i)),
      withoutDistance: true,
      withoutTime: true,
    });
    expect(failure(nothing)).toBe(`Failed to parse FIT file: ${FIT_CONTENT_MESSAGES.noValidPoints}`);
  });

  it('"Invalid FIT file format" for corrupt, empty and foreign files', () => {
    // A complete file whose CRC does not match is corrupt: never repaired, never imported.
    const corrupt = file.slice();
    const middle = Math.floor(corrupt.length / 2);
    corrupt[middle] = (corrupt[middle] ?? 0) ^ 0xff;
    expect(failure(corrupt)).toBe(invalid);
    expect(failure(file.subarray(0, 10))).toBe(invalid);
    expect(failure(new Uint8Array(0))).toBe(invalid);
    expect(failure(new TextEncoder().encode('<?xml version="1.0"?><gpx version="1.1"></gpx>'))).toBe(invalid);
    const random = seededRandom(9);
    expect(failure(Uint8Array.from({ length: 1024 }, () => Math.floor(random() * 256)))).toBe(invalid);
  });
});

describe('FIT files the SDK alone refuses: compressed timestamps, trailing bytes, an early end', () => {
  const points = straightRun({ points: 600, speed: 3.1, start: Date.UTC(2026, 3, 4, 6, 0, 7) });
  const file = encodeFit({ points, sport: 'running', lapStarts: [0, 300] });
  const sdkErrors = (bytes: Uint8Array) => new Decoder(Stream.fromByteArray(bytes)).read().errors.length;

  it('compressed-timestamp records: every point with its time, the figures the session says', () => {
    const compressed = compressedTimestampFit(points);
    expect(sdkErrors(compressed)).toBe(1);
    const activity = parse(compressed);
    expect(activity.warnings).toBeUndefined();
    expect(activity.declaredType).toBe('run');
    expect(Array.from(activity.track.time)).toEqual(points.map((p) => p.time));
    expect(activity.track.lat[599]).toBeCloseTo((points[599] as GeneratedPoint).lat, 6);
    const summary = summarizeTrack(activity.track);
    const device = activity.deviceTotals as NonNullable<ParsedActivity['deviceTotals']>;
    expect(device.timerTimeS).toBe(599);
    expect(Math.abs(summary.distance - device.distanceM) / device.distanceM).toBeLessThan(0.01);
    expect(Math.abs(summary.movingTime - device.timerTimeS) / device.timerTimeS).toBeLessThan(0.01);
  });

  it('bytes after the end (a phone app padding the file) are left out, with nothing to say', () => {
    const random = seededRandom(4);
    const padded = new Uint8Array([...file, ...Array.from({ length: 700 }, () => Math.floor(random() * 256))]);
    expect(sdkErrors(padded)).toBe(1);
    const activity = parse(padded);
    expect(activity.track).toEqual(parse(file).track);
    expect(activity.deviceTotals).toEqual(parse(file).deviceTotals);
    expect(activity.warnings).toBeUndefined();
  });

  it('a file that ends early imports what was recorded, and says so', () => {
    const cut = file.subarray(0, Math.floor(file.length * 0.6));
    expect(new Decoder(Stream.fromByteArray(cut)).checkIntegrity()).toBe(false);
    const activity = parse(cut);
    expect(activity.warnings).toEqual([FIT_READING_WARNINGS.endsEarly]);
    expect(FIT_READING_WARNINGS.endsEarly).toBe(
      'The file ends early; Stride imported what the device recorded until then.',
    );
    const kept = activity.track.time.length;
    expect(kept).toBeGreaterThan(200);
    expect(kept).toBeLessThan(600);
    expect(Array.from(activity.track.time)).toEqual(points.slice(0, kept).map((p) => p.time));
    expect(activity.deviceTotals).toBeNull();
  });

  it('a file that ends before any record has nothing to import', () => {
    expect(failure(file.subarray(0, 60))).toBe(`Failed to parse FIT file: ${FIT_CONTENT_MESSAGES.noValidPoints}`);
  });
});

describe('FIT files that are not activities (file_id.type) are refused for what they are', () => {
  const points = straightRun({ points: 60, speed: 3.2 });
  it.each([
    ['workout', 'This FIT file holds a workout, not an activity, so there is nothing to import.'],
    ['course', 'This FIT file holds a course, not an activity, so there is nothing to import.'],
    ['settings', 'This FIT file holds device settings, not an activity, so there is nothing to import.'],
    ['monitoringB', 'This FIT file holds daily monitoring data, not an activity, so there is nothing to import.'],
    [250, FIT_NOT_AN_ACTIVITY_MESSAGE],
  ] as const)('%s', (type, sentence) => {
    expect(failure(encodeNonActivityFit(type, points))).toBe(`Failed to parse FIT file: ${sentence}`);
  });

  it('the generic sentence for a type Stride does not know', () => {
    expect(FIT_NOT_AN_ACTIVITY_MESSAGE).toBe('This FIT file holds no activity, so there is nothing to import.');
  });
});

/** Device session totals (spec: the ground truth) for every real FIT file with a track. */
const REAL_FIT_FILES = [
  'garmin-stamina.fit',
  'running-with-developer-data.fit',
  'snorkeling-unknown-sport.fit',
  'test.fit',
  'triathlon_summary_first.fit',
] as const;

describe('FIT parser on real-world files (test/fixtures/real)', () => {
  it.each(REAL_FIT_FILES)("%s: Stride's distance is within 1 % of the device's session total", (name) => {
    const activity = parse(real(name));
    const device = activity.deviceTotals?.distanceM ?? Number.NaN;
    const stride = summarizeTrack(activity.track).distance;
    expect(device).toBeGreaterThan(0);
    expect(Math.abs(stride - device) / device).toBeLessThan(0.01);
  });

  it('garmin-stamina.fit: a Forerunner 965 run with 12 laps', () => {
    const activity = parse(real('garmin-stamina.fit'));
    expect(activity.declaredType).toBe('run');
    expect(activity.deviceName).toBe('Garmin fr965');
    expect(activity.track.lat).toHaveLength(4488);
    expect(activity.laps).toHaveLength(12);
    expect(activity.laps[0]).toMatchObject({ startIndex: 0, totalTimeS: 611.106, distanceM: 1317.31 });
    expect(activity.laps.at(-1)?.endIndex).toBe(4488);
    const summary = summarizeTrack(activity.track);
    expect(summary.elapsedTime).toBeCloseTo(activity.deviceTotals?.elapsedTimeS ?? 0, -1);
    expect(summary.maxHeartrate).toBe(199);
    expect(summary.averageHeartrate).toBeGreaterThan(100);
  });

  it('running-with-developer-data.fit: developer fields do not get in the way', () => {
    const activity = parse(real('running-with-developer-data.fit'));
    expect(activity.declaredType).toBe('run');
    expect(activity.deviceName).toBe('Garmin fenix5x');
    expect(activity.track.lat).toHaveLength(1681);
    expect(activity.laps).toHaveLength(14);
    const summary = summarizeTrack(activity.track);
    expect(summary.movingTime).toBeGreaterThan(1600);
    expect(summary.movingTime).toBeLessThanOrEqual(activity.deviceTotals?.timerTimeS ?? 0);
  });

  it('test.fit: an Edge 510 ride; the one record without a position is skipped', () => {
    const activity = parse(real('test.fit'));
    expect(activity.declaredType).toBe('ride');
    expect(activity.deviceName).toBe('Garmin edge510');
    expect(activity.track.lat).toHaveLength(3228);
    expect(guessActivityType(summarizeTrack(activity.track))).toBe('ride');
  });

  it('triathlon_summary_first.fit: one leg per session, split by time at each session end', () => {
    const activity = parse(real('triathlon_summary_first.fit'));
    expect(activity.track.lat).toHaveLength(4041);
    expect(activity.sportLabel).toBe('swimming + cycling + running');
    expect(activity.declaredType).toBe('swim');
    expect(activity.laps).toHaveLength(11);
    expect(activity.deviceTotals?.distanceM).toBeCloseTo(513.26 + 132.35 + 13517.59 + 71.72 + 4491.51, 2);
    const legs = activity.legs ?? [];
    expect(legs.map((leg) => [leg.type, leg.transition, leg.sportLabel])).toEqual([
      ['swim', false, 'swimming'],
      [null, true, 'transition'],
      ['ride', false, 'cycling'],
      [null, true, 'transition'],
      ['run', false, 'running'],
    ]);
    // Consecutive and covering the track: a point at a boundary belongs to the leg starting there.
    expect(legs.map((leg) => [leg.startIndex, leg.endIndex])).toEqual([
      [0, 676],
      [676, 832],
      [832, 2398],
      [2398, 2468],
      [2468, 4040],
    ]);
    expect(legs[4]?.deviceTotals).toMatchObject({ distanceM: 4491.51, timerTimeS: 1573.613, calories: 425 });
  });

  it('snorkeling-unknown-sport.fit: sport "snorkeling" (no sub_sport) is a swim, not the speed guess', () => {
    const activity = parse(real('snorkeling-unknown-sport.fit'));
    // Snorkelling is swimming at the surface; 75 m in 35 minutes would be guessed a walk.
    expect(activity.declaredType).toBe('swim');
    expect(activity.sportLabel).toBe('snorkeling');
    expect(activity.deviceName).toBe('Suunto Vertical 2');
    expect(activity.track.lat).toHaveLength(15);
  });

  it('failed.fit: a yoga session without GPS is an indoor track: time and heart rate, no position', () => {
    const activity = parse(real('failed.fit'));
    expect(activity.declaredType).toBe('other');
    expect(activity.track.time).toHaveLength(779);
    expect(hasPositions(activity.track)).toBe(false);
    const summary = summarizeTrack(activity.track);
    expect(summary.elapsedTime).toBe(778);
    expect(summary.distance).toBe(0);
    expect(summary.startLatLng).toBeNull();
    expect(summary.maxHeartrate).toBeGreaterThan(90);
  });
});
