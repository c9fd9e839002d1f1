/**
 * Figures a runner can check against the watch, from small files made for the purpose: averages
 * weighted by time, and plausibility judged on the speed held over 30 s.
 */
import { describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  settlingGpsRun,
  smartRecordingRun,
  straightRun,
} from './activity-file-builders.test-support.ts';
import { describeActivity } from './activity-record.ts';
import { summarizeTrack } from './metrics.ts';
import { SUSTAINED_SPEED_WINDOW_S, maxSpeed, sustainedSpeed } from './moving-speed.ts';
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

describe('plausibility on the speed held over 30 s', () => {
  it('a 9 km run whose watch settles its position (79 m in 4 s at the start) is not flagged', () => {
    const points = settlingGpsRun({ seconds: 2974 });
    expect(points.at(-1)?.distance).toBe(79 + 2970 * 3);
    const parsed = gpx(garminConnectGpx(points));
    // The jump is 19.75 m/s (71 km/h) over four seconds: still the maximum a few seconds hold…
    expect(maxSpeed(parsed.track.time, parsed.track.distance)).toBeCloseTo(19.75, 1);
    // …but over 30 s it is (79 + 26 × 3) m in 30 s.
    expect(SUSTAINED_SPEED_WINDOW_S).toBe(30);
    expect(sustainedSpeed(parsed.track.time, parsed.track.distance)).toBeCloseTo((79 + 26 * 3) / 30, 2);
    const record = describeActivity(parsed, context);
    expect(record.type).toBe('run');
    expect(record.distance).toBeCloseTo(8989, 0);
    expect(record.flag).toBeNull();
  });

  it('a car ride in a run file is still flagged: 60 s at 25 m/s', () => {
    const run = straightRun({ points: 601, speed: 3 });
    const last = run.at(-1)!;
    const drive = straightRun({ points: 61, speed: 25, start: last.time + 1000, startLat: last.lat });
    const record = describeActivity(gpx(garminConnectGpx([...run, ...drive])), context);
    expect(record.flag?.reason).toBe('speed');
    expect(record.flag?.message).toBe(
      FLAG_MESSAGES.speed(
        sustainedSpeed(
          Float64Array.from([...run, ...drive], (p) => p.time),
          Float64Array.from(
            [...run, ...drive.map((p) => ({ ...p, distance: p.distance + last.distance }))],
            (p) => p.distance,
          ),
        ),
        'run',
      ),
    );
  });

  it('a track shorter than 30 s is judged on its whole average', () => {
    const time = Float64Array.from([0, 1000, 2000, 3000]);
    expect(sustainedSpeed(time, Float64Array.from([0, 3, 60, 63]))).toBe(21);
    expect(sustainedSpeed(Float64Array.from([0]), Float64Array.from([0]))).toBe(0);
  });
});
