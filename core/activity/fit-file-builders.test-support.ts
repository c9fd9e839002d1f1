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
  /** Records, laps and the session written without a distance (yoga, strength training). */
  withoutDistance?: boolean;
  /** Records written without a timestamp (a file that says nothing of when). */
  withoutTime?: boolean;
  /**
   * The laps' own totals: 'points' from a lap's first point to its last (default), 'watch' to the
   * next lap's first point (a watch's lap ends where the next begins), 'none' leaves them out.
   */
  lapTotals?: 'points' | 'watch' | 'none';
  /** Laps, session and activity before the records, as the Strava Android app writes them. */
  summaryFirst?: boolean;
  /** The session's enhanced_max_speed in m/s (the watch's own maximum); left out by default. */
  sessionMaxSpeed?: number;
}

/** An activity file written with the FIT SDK's own Encoder, as a watch would record it. */
export function encodeFit({
  points,
  sport,
  subSport = 'generic',
  lapStarts,
  withoutPosition = new Set(),
  withoutDistance = false,
  withoutTime = false,
  lapTotals = 'points',
  summaryFirst = false,
  sessionMaxSpeed,
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
  function writeSummary() {
    lapStarts.forEach((start, lap) => {
      const next = lapStarts[lap + 1];
      const end = lapTotals === 'watch' && next !== undefined ? next : (next ?? points.length) - 1;
      const a = points[start] as GeneratedPoint;
      const b = points[end] as GeneratedPoint;
      const totals = lapTotals !== 'none';
      write('LAP', {
        messageIndex: lap,
        timestamp: date(b.time),
        startTime: date(a.time),
        ...(totals ? { totalElapsedTime: (b.time - a.time) / 1000, totalTimerTime: (b.time - a.time) / 1000 } : {}),
        ...(withoutDistance || !totals ? {} : { totalDistance: b.distance - a.distance }),
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
      ...(withoutDistance ? {} : { totalDistance: last.distance }),
      totalAscent: 12,
      totalCalories: 321,
      ...(sessionMaxSpeed === undefined ? {} : { enhancedMaxSpeed: sessionMaxSpeed }),
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
  }
  write('EVENT', { timestamp: date(first.time), event: 'timer', eventType: 'start' });
  if (summaryFirst) {
    writeSummary();
  }
  points.forEach((p, i) => {
    write('RECORD', {
      ...(withoutTime ? {} : { timestamp: date(p.time) }),
      ...(withoutPosition.has(i)
        ? {}
        : {
            positionLat: Math.round(p.lat * SEMICIRCLES_PER_DEGREE),
            positionLong: Math.round(p.lon * SEMICIRCLES_PER_DEGREE),
          }),
      ...(withoutDistance ? {} : { distance: p.distance }),
      enhancedAltitude: p.elevation,
      heartRate: p.heartRate,
      cadence: p.cadence,
      fractionalCadence: 0.5,
    });
  });
  if (!summaryFirst) {
    writeSummary();
  }
  return encoder.close();
}

export interface MultisportLeg {
  sport: string;
  points: readonly GeneratedPoint[];
}

/**
 * A multisport file as a Garmin fenix writes one: a session per leg (transitions included), one
 * lap each, and the records' distance starting again from 0 with each session. `firstSessionLateS`
 * writes the first session's start_time that many seconds after its first record (its end and
 * elapsed time stay right); `recordsBefore` records come before the first session, in none.
 */
export function encodeMultisportFit({
  legs,
  firstSessionLateS = 0,
  recordsBefore = [],
}: {
  legs: readonly MultisportLeg[];
  firstSessionLateS?: number;
  recordsBefore?: readonly GeneratedPoint[];
}): Uint8Array {
  const encoder = new Encoder();
  const write = (name: string, fields: Record<string, unknown>) => encoder.onMesg(mesgNum(name), fields);
  const date = (ms: number) => new Date(ms);
  const first = (recordsBefore[0] ?? legs[0]?.points[0]) as GeneratedPoint;
  write('FILE_ID', { type: 'activity', manufacturer: 'garmin', product: 1967, timeCreated: date(first.time) });
  const record = (p: GeneratedPoint, distance: number) =>
    write('RECORD', {
      timestamp: date(p.time),
      positionLat: Math.round(p.lat * SEMICIRCLES_PER_DEGREE),
      positionLong: Math.round(p.lon * SEMICIRCLES_PER_DEGREE),
      distance,
      enhancedAltitude: p.elevation,
      heartRate: p.heartRate,
    });
  recordsBefore.forEach((p) => record(p, p.distance - first.distance));
  legs.forEach(({ points }) => {
    const start = points[0] as GeneratedPoint;
    points.forEach((p) => record(p, p.distance - start.distance));
  });
  legs.forEach(({ sport, points }, index) => {
    const a = points[0] as GeneratedPoint;
    const b = points[points.length - 1] as GeneratedPoint;
    const totals = {
      timestamp: date(b.time),
      startTime: date(a.time + (index === 0 ? firstSessionLateS * 1000 : 0)),
      totalElapsedTime: (b.time - a.time) / 1000,
      totalTimerTime: (b.time - a.time) / 1000,
      totalDistance: b.distance - a.distance,
      sport,
    };
    write('LAP', { messageIndex: index, ...totals, event: 'lap', eventType: 'stop' });
    write('SESSION', { messageIndex: index, ...totals, firstLapIndex: index, numLaps: 1, event: 'session' });
  });
  const last = legs.at(-1)?.points.at(-1) as GeneratedPoint;
  write('ACTIVITY', { timestamp: date(last.time), numSessions: legs.length, type: 'manual', event: 'activity' });
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

/** Seconds between the Unix epoch and the FIT epoch (1989-12-31T00:00:00Z). */
const FIT_EPOCH_S = 631_065_600;

/** A FIT CRC-16, written independently of core/activity/fit-repair.ts so that tests check it. */
function crc16(bytes: readonly number[]): number {
  const table = [
    0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01,
    0x8801, 0x4400,
  ];
  let crc = 0;
  for (const byte of bytes) {
    for (const nibble of [byte & 0xf, byte >> 4]) {
      const tmp = table[crc & 0xf] as number;
      crc = ((crc >> 4) & 0x0fff) ^ tmp ^ (table[nibble] as number);
    }
  }
  return crc;
}

/**
 * A running activity written by hand in the FIT protocol with compressed-timestamp records, as
 * older Garmin devices write them: the first record carries a full timestamp (local type 0); the
 * others use local type 1, a record definition without the timestamp field, and a compressed
 * header (bit 7 set, local type in bits 5–6, the timestamp's low 5 bits in bits 0–4). The session
 * at the end holds the device's totals.
 */
export function compressedTimestampFit(points: readonly GeneratedPoint[]): Uint8Array {
  const data: number[] = [];
  const u8 = (value: number) => data.push(value & 0xff);
  const u16 = (value: number) => data.push(value & 0xff, (value >> 8) & 0xff);
  const u32 = (value: number) => {
    const v = value >>> 0;
    data.push(v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff);
  };
  const define = (local: number, global: number, fields: readonly [number, number, number][]) => {
    u8(0x40 | local);
    u8(0);
    u8(0); // little-endian
    u16(global);
    u8(fields.length);
    for (const field of fields) {
      field.forEach(u8);
    }
  };
  const fitTime = (ms: number) => Math.round(ms / 1000) - FIT_EPOCH_S;
  const first = points[0] as GeneratedPoint;
  const last = points[points.length - 1] as GeneratedPoint;
  // file_id: type 4 (activity), manufacturer 1 (Garmin), time_created.
  define(0, 0, [
    [0, 1, 0x00],
    [1, 2, 0x84],
    [4, 4, 0x86],
  ]);
  u8(0);
  u8(4);
  u16(1);
  u32(fitTime(first.time));
  define(0, 20, [
    [253, 4, 0x86],
    [0, 4, 0x85],
    [1, 4, 0x85],
    [5, 4, 0x86],
  ]);
  define(1, 20, [
    [0, 4, 0x85],
    [1, 4, 0x85],
    [5, 4, 0x86],
  ]);
  points.forEach((p, i) => {
    const position = () => {
      u32(Math.round(p.lat * SEMICIRCLES_PER_DEGREE));
      u32(Math.round(p.lon * SEMICIRCLES_PER_DEGREE));
      u32(Math.round(p.distance * 100));
    };
    if (i === 0) {
      u8(0);
      u32(fitTime(p.time));
    } else {
      u8(0x80 | (1 << 5) | (fitTime(p.time) & 0x1f));
    }
    position();
  });
  // session: timestamp, start_time, sport (1 running), total_elapsed_time, total_timer_time (ms), total_distance (cm).
  define(2, 18, [
    [253, 4, 0x86],
    [2, 4, 0x86],
    [5, 1, 0x00],
    [7, 4, 0x86],
    [8, 4, 0x86],
    [9, 4, 0x86],
  ]);
  u8(2);
  u32(fitTime(last.time));
  u32(fitTime(first.time));
  u8(1);
  u32(last.time - first.time);
  u32(last.time - first.time);
  u32(Math.round(last.distance * 100));
  const header = [14, 0x20, 0x08, 0x08, ...[0, 0, 0, 0], ...'.FIT'].map((v) =>
    typeof v === 'string' ? v.charCodeAt(0) : v,
  );
  header[4] = data.length & 0xff;
  header[5] = (data.length >> 8) & 0xff;
  header[6] = (data.length >> 16) & 0xff;
  header[7] = (data.length >>> 24) & 0xff;
  const headerCrc = crc16(header);
  const file = [...header, headerCrc & 0xff, headerCrc >> 8, ...data];
  const crc = crc16(file);
  return Uint8Array.from([...file, crc & 0xff, crc >> 8]);
}

/**
 * A run as the Strava Android app writes its FIT file: the session first (its totals), then the
 * records (timestamp, position, distance, 2-byte speed). `shortRecords` are written with their
 * speed in 1 byte, as the app now and then does, which puts every later byte out of step for the
 * SDK; `times` stamps records with the FIT time given (seconds since the FIT epoch) instead of
 * their own. The CRC is the file's own, right for the bytes written.
 */
export function stravaAppFit(
  points: readonly GeneratedPoint[],
  {
    shortRecords = new Set<number>(),
    times = new Map<number, number>(),
  }: { shortRecords?: ReadonlySet<number>; times?: ReadonlyMap<number, number> } = {},
): Uint8Array {
  const data: number[] = [];
  const u8 = (value: number) => data.push(value & 0xff);
  const u16 = (value: number) => data.push(value & 0xff, (value >> 8) & 0xff);
  const u32 = (value: number) => {
    const v = value >>> 0;
    data.push(v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff);
  };
  const define = (local: number, global: number, fields: readonly [number, number, number][]) => {
    data.push(0x40 | local, 0, 0, global & 0xff, global >> 8, fields.length, ...fields.flat());
  };
  const fitTime = (ms: number) => Math.round(ms / 1000) - FIT_EPOCH_S;
  const first = points[0] as GeneratedPoint;
  const last = points[points.length - 1] as GeneratedPoint;
  // file_id: type 4 (activity), manufacturer 265 (Strava), time_created.
  define(0, 0, [
    [0, 1, 0x00],
    [1, 2, 0x84],
    [4, 4, 0x86],
  ]);
  u8(0);
  u8(4);
  u16(265);
  u32(fitTime(first.time));
  // session: start_time, sport (1 running), total_elapsed_time, total_timer_time (ms), total_distance (cm).
  define(1, 18, [
    [2, 4, 0x86],
    [5, 1, 0x00],
    [7, 4, 0x86],
    [8, 4, 0x86],
    [9, 4, 0x86],
  ]);
  u8(1);
  u32(fitTime(first.time));
  u8(1);
  u32(last.time - first.time);
  u32(last.time - first.time);
  u32(Math.round(last.distance * 100));
  // record: timestamp, position_lat, position_long, distance (cm), speed (mm/s).
  define(2, 20, [
    [253, 4, 0x86],
    [0, 4, 0x85],
    [1, 4, 0x85],
    [5, 4, 0x86],
    [6, 2, 0x84],
  ]);
  points.forEach((p, i) => {
    u8(2);
    u32(times.get(i) ?? fitTime(p.time));
    u32(Math.round(p.lat * SEMICIRCLES_PER_DEGREE));
    u32(Math.round(p.lon * SEMICIRCLES_PER_DEGREE));
    u32(Math.round(p.distance * 100));
    if (shortRecords.has(i)) {
      u8(3000);
    } else {
      u16(3000);
    }
  });
  const header = [12, 0x10, 0x08, 0x08, data.length & 0xff, (data.length >> 8) & 0xff, (data.length >> 16) & 0xff, 0];
  const file = [...header, ...'.FIT'].map((v) => (typeof v === 'string' ? v.charCodeAt(0) : v));
  file.push(...data);
  const crc = crc16(file);
  return Uint8Array.from([...file, crc & 0xff, crc >> 8]);
}
