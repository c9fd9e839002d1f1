/**
 * Figures a runner can check against the watch, from small files made for the purpose: averages
 * weighted by time, and the maximum speed (which plausibility judges) held over 10 s.
 */
import { describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  METRES_PER_DEGREE_LAT,
  settlingGpsRun,
  smartRecordingRun,
  straightRun,
  type GeneratedPoint,
} from './activity-file-builders.test-support.ts';
import { describeActivity } from './activity-record.ts';
import { encodeFit } from './fit-file-builders.test-support.ts';
import { summarizeTrack } from './metrics.ts';
import { MAX_SPEED_WINDOW_MAX_SEGMENTS, MAX_SPEED_WINDOW_S, maxSpeed } from './moving-speed.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import { FLAG_MESSAGES } from './plausibility.ts';

const context = { fallbackTimeZone: 'UTC', now: new Date('2026-01-01T00:00:00Z') };
const gpx = (text: string) => parseActivityFile('gpx', new TextEncoder().encode(text));

describe('averages weighted by time', () => {
  // 300 s at 156 bpm written every 10 s, then 300 s at 158 bpm written every second: 157 bpm over
  // the time, although 300 of the 330 points say 158.
  const points = smartRecordingRun({
    steady: { seconds: 300, interval: 10, heartRate: 156, cadence: 84 },
    dense: { seconds: 300, heartRate: 158, cadence: 90 },
  });

  it('smart recording: a time-weighted 157 bpm shows 157, not 158', () => {
    expect(points).toHaveLength(330);
    const plainMean = points.reduce((sum, p) => sum + p.heartRate, 0) / points.length;
    expect(Math.round(plainMean)).toBe(158);
    const record = describeActivity(gpx(garminConnectGpx(points)), context);
    // Each reading weighs half the gap to each neighbour: 156 for 300 s, 158 for 304.5 s.
    expect(record.averageHeartrate).toBeCloseTo((156 * 300 + 158 * 304.5) / 604.5, 9);
    expect(Math.round(record.averageHeartrate as number)).toBe(157);
    expect(record.maxHeartrate).toBe(158);
  });

  it('cadence too (a GPX run: as the file writes it)', () => {
    const record = describeActivity(gpx(garminConnectGpx(points)), context);
    expect(record.averageCadence).toBeCloseTo((84 * 300 + 90 * 304.5) / 604.5, 9);
    expect(Math.round(record.averageCadence as number)).toBe(87);
  });

  it('evenly written points weigh the same: the plain mean', () => {
    const even = straightRun({ points: 61, speed: 3 });
    const record = describeActivity(gpx(garminConnectGpx(even)), context);
    expect(record.averageHeartrate).toBeCloseTo(even.reduce((sum, p) => sum + p.heartRate, 0) / 61, 9);
  });

  it('a pause between two segments stands for no time', () => {
    // Two minutes at 150 bpm, a 30-minute pause, two minutes at 170 bpm: 160 bpm, not pulled by the pause.
    const first = straightRun({ points: 121, speed: 3 }).map((p) => ({ ...p, heartRate: 150 }));
    const later = first.at(-1)!.time + 30 * 60_000;
    const second = straightRun({ points: 121, speed: 3, start: later, startLat: first.at(-1)!.lat + 0.001 }).map(
      (p) => ({
        ...p,
        heartRate: 170,
      }),
    );
    const text = garminConnectGpx([...first, ...second]).replace(
      `<trkpt lat="${second[0]!.lat.toFixed(10)}"`,
      `</trkseg><trkseg><trkpt lat="${second[0]!.lat.toFixed(10)}"`,
    );
    const summary = summarizeTrack(gpx(text).track);
    expect(summary.averageHeartrate).toBeCloseTo(160, 9);
  });
});

/** A straight run's points with point `index` thrown `metres` east for its one second. */
function withSpike(points: readonly GeneratedPoint[], index: number, metres: number): GeneratedPoint[] {
  return points.map((p, i) =>
    i === index ? { ...p, lon: p.lon + metres / (METRES_PER_DEGREE_LAT * Math.cos((p.lat * Math.PI) / 180)) } : p,
  );
}

describe('maximum speed and plausibility judge the speed held over 10 s', () => {
  it('a point thrown 300 m aside for one second neither flags a run nor sets its maximum speed', () => {
    // 15 km/h for 20 minutes, one point 300 m off the line: out and back in two 1-s segments.
    const points = straightRun({ points: 1201, speed: 15 / 3.6 });
    const record = describeActivity(gpx(garminConnectGpx(withSpike(points, 600, 300))), context);
    expect(record.type).toBe('run');
    expect(record.flag).toBeNull();
    expect(record.maxSpeed).toBeCloseTo(15 / 3.6, 3);
  });

  it('a 9 km run whose watch settles its position (79 m in 4 s at the start) is not flagged', () => {
    const points = settlingGpsRun({ seconds: 2974 });
    expect(points.at(-1)?.distance).toBe(79 + 2970 * 3);
    const record = describeActivity(gpx(garminConnectGpx(points)), context);
    expect(record.type).toBe('run');
    expect(record.distance).toBeCloseTo(8989, 0);
    // 19.75 m/s for 4 s of the first 10: held for less than half of any 10 s.
    expect(record.maxSpeed).toBeCloseTo(3, 3);
    expect(record.flag).toBeNull();
  });

  it('a car ride in a run file is still flagged: 60 s at 25 m/s', () => {
    const run = straightRun({ points: 601, speed: 3 });
    const last = run.at(-1)!;
    const drive = straightRun({ points: 61, speed: 25, start: last.time + 1000, startLat: last.lat });
    const record = describeActivity(gpx(garminConnectGpx([...run, ...drive])), context);
    expect(record.maxSpeed).toBeCloseTo(25, 3);
    expect(record.flag?.message).toBe(FLAG_MESSAGES.speed(record.maxSpeed, 'run'));
  });

  it('a sprint shows when it lasts 10 s, not when it lasts 4 s', () => {
    const steps = (fast: number) => Array.from({ length: 120 }, (_, i) => (i >= 60 && i < 60 + fast ? 6 : 3));
    const maxOf = (step: number[]) => {
      const distance = step.map((_, i) => step.slice(0, i).reduce((a, b) => a + b, 0));
      return maxSpeed(
        Float64Array.from(distance, (_, i) => i * 1000),
        Float64Array.from(distance),
      );
    };
    expect(MAX_SPEED_WINDOW_S).toBe(10);
    expect(maxOf(steps(10))).toBe(6);
    expect(maxOf(steps(4))).toBe(3);
  });

  it('a track shorter than 10 s: the speed held for half its time', () => {
    const time = Float64Array.from([0, 1000, 2000, 3000]);
    expect(maxSpeed(time, Float64Array.from([0, 3, 60, 63]))).toBe(3);
    expect(maxSpeed(time, Float64Array.from([0, 3, 60, 120]))).toBe(57);
    expect(maxSpeed(Float64Array.from([0]), Float64Array.from([0]))).toBe(0);
  });
});

describe("a FIT file's own maximum speed", () => {
  const points = straightRun({ points: 601, speed: 3 });
  const fit = (sessionMaxSpeed: number) =>
    describeActivity(
      parseActivityFile('fit', encodeFit({ points, sport: 'running', lapStarts: [0], sessionMaxSpeed })),
      context,
    );

  it('is the maximum speed when it is possible on foot', () => {
    expect(fit(4.6).maxSpeed).toBe(4.6);
  });

  it('is not when it is not (14.2 m/s on a run): the track held 3 m/s', () => {
    expect(fit(14.2).maxSpeed).toBeCloseTo(3, 6);
  });
});

describe('a file whose points are a millisecond apart', () => {
  it('is judged on stretches of at most MAX_SPEED_WINDOW_MAX_SEGMENTS segments', () => {
    // 3 m/s for 2 s, then 30 m/s for the next 0.4 s (400 segments): over the cap, the fast part shows.
    const time = Float64Array.from({ length: 2401 }, (_, i) => i);
    const distance = Float64Array.from(time, (ms) => (ms <= 2000 ? ms * 0.003 : 6 + (ms - 2000) * 0.03));
    expect(MAX_SPEED_WINDOW_MAX_SEGMENTS).toBe(250);
    expect(maxSpeed(time, distance)).toBeCloseTo(30, 6);
  });
});
