/**
 * FIT files for tests, written with Garmin's own SDK Encoder as a watch would record them, and
 * FIT protocol helpers to damage them the way real files are damaged.
 */
import { Encoder, Profile } from '@garmin/fitsdk';
import type { GeneratedPoint } from './activity-file-builders.test-support.ts';

const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;

export function mesgNum(name: string): number {
  const number = Profile.MesgNum[name];
  if (number === undefined) {
    throw new Error(`no FIT message ${name}`);
  }
  return number;
}

export interface EncodedActivity {
  points: readonly GeneratedPoint[];
  sport: string;
  subSport?: string;
  /** Indices where laps start (the first is 0). */
  lapStarts: readonly number[];
  /** Records written without a position (indoor, tunnel): their indices. */
  withoutPosition?: ReadonlySet<number>;
}

/** An activity file written with the FIT SDK's own Encoder, as a watch would record it. */
export function encodeFit({
  points,
  sport,
  subSport = 'generic',
  lapStarts,
  withoutPosition = new Set(),
}: EncodedActivity): Uint8Array {
  const encoder = new Encoder();
  // Field values as the decoder returns them (enum names as strings, Date times), which the
  // Encoder accepts; its TypeScript message types describe only raw numbers, so fields go in loosely.
  const write = (name: string, fields: Record<string, unknown>) => encoder.onMesg(mesgNum(name), fields);
  const first = points[0] as GeneratedPoint;
  const last = points[points.length - 1] as GeneratedPoint;
  const date = (ms: number) => new Date(ms);
  write('FILE_ID', {
    type: 'activity',
    manufacturer: 'garmin',
    product: 4315,
    serialNumber: 3448026845,
    timeCreated: date(first.time),
  });
  write('DEVICE_INFO', {
    timestamp: date(first.time),
    deviceIndex: 'creator',
    manufacturer: 'garmin',
    product: 4315,
    softwareVersion: 27.09,
  });
  write('EVENT', { timestamp: date(first.time), event: 'timer', eventType: 'start' });
  points.forEach((p, i) => {
    write('RECORD', {
      timestamp: date(p.time),
      ...(withoutPosition.has(i)
        ? {}
        : {
            positionLat: Math.round(p.lat * SEMICIRCLES_PER_DEGREE),
            positionLong: Math.round(p.lon * SEMICIRCLES_PER_DEGREE),
          }),
      distance: p.distance,
      enhancedAltitude: p.elevation,
      heartRate: p.heartRate,
      cadence: p.cadence,
      fractionalCadence: 0.5,
    });
  });
  lapStarts.forEach((start, lap) => {
    const end = (lapStarts[lap + 1] ?? points.length) - 1;
    const a = points[start] as GeneratedPoint;
    const b = points[end] as GeneratedPoint;
    write('LAP', {
      messageIndex: lap,
      timestamp: date(b.time),
      startTime: date(a.time),
      totalElapsedTime: (b.time - a.time) / 1000,
      totalTimerTime: (b.time - a.time) / 1000,
      totalDistance: b.distance - a.distance,
      avgHeartRate: 140 + lap,
      maxHeartRate: 160 + lap,
      avgCadence: 85,
      event: 'lap',
      eventType: 'stop',
      sport,
    });
  });
  const elapsed = (last.time - first.time) / 1000;
  write('SESSION', {
    messageIndex: 0,
    timestamp: date(last.time),
    startTime: date(first.time),
    totalElapsedTime: elapsed,
    totalTimerTime: elapsed,
    totalDistance: last.distance,
    totalAscent: 12,
    totalCalories: 321,
    sport,
    subSport,
    firstLapIndex: 0,
    numLaps: lapStarts.length,
    event: 'session',
    eventType: 'stop',
  });
  write('ACTIVITY', {
    timestamp: date(last.time),
    totalTimerTime: elapsed,
    numSessions: 1,
    type: 'manual',
    event: 'activity',
    eventType: 'stop',
  });
  return encoder.close();
}

/**
 * A FIT file of another type than activity (file_id.type), as devices write them: a course with
 * the positions of a route, a workout with its steps, settings, daily monitoring, or a type number
 * Stride does not know.
 */
export function encodeNonActivityFit(type: string | number, points: readonly GeneratedPoint[]): Uint8Array {
  const encoder = new Encoder();
  const write = (name: string, fields: Record<string, unknown>) => encoder.onMesg(mesgNum(name), fields);
  const first = points[0] as GeneratedPoint;
  write('FILE_ID', { type, manufacturer: 'garmin', product: 4315, timeCreated: new Date(first.time) });
  if (type === 'workout') {
    write('WORKOUT', { wktName: 'Intervals', sport: 'running', numValidSteps: 1 });
    write('WORKOUT_STEP', { messageIndex: 0, durationType: 'time', durationTime: 600, intensity: 'active' });
  } else if (type === 'settings') {
    write('USER_PROFILE', { friendlyName: 'Ana', weight: 61, gender: 'female' });
  } else if (type === 'monitoringB') {
    points.slice(0, 20).forEach((p, i) => write('MONITORING', { timestamp: new Date(p.time), cycles: i * 10 }));
  } else {
    write('COURSE', { name: 'Lake loop', sport: 'running' });
    points.forEach((p) =>
      write('RECORD', {
        timestamp: new Date(p.time),
        positionLat: Math.round(p.lat * SEMICIRCLES_PER_DEGREE),
        positionLong: Math.round(p.lon * SEMICIRCLES_PER_DEGREE),
        distance: p.distance,
      }),
    );
  }
  return encoder.close();
}
