/**
 * What a parser makes of an activity file, before any metric is computed. Parsers are streaming:
 * feed `write` with the file's bytes as they arrive, then call `finish`. They throw
 * ActivityFileError (upload-rules.ts) with the spec's message for anything they cannot import.
 */
import type { Track } from './track.ts';
import type { ActivityFileFormat } from './upload-rules.ts';

/**
 * Spec §3 names run, ride and walk; runners' devices record more, so a file that says it is a hike,
 * a swim or another sport keeps that (only runs count as runs in totals and medals).
 */
export const UPLOAD_ACTIVITY_TYPES = ['run', 'ride', 'walk', 'hike', 'swim', 'other'] as const;
export type UploadActivityType = (typeof UPLOAD_ACTIVITY_TYPES)[number];

export interface ParsedLap {
  /** ms since epoch, NaN when unknown. */
  startTime: number;
  /** Index range into the track, inclusive start, exclusive end. */
  startIndex: number;
  endIndex: number;
  /** The file's own figures where it has them (NaN otherwise). */
  totalTimeS: number;
  distanceM: number;
  averageHeartrate: number;
  maxHeartrate: number;
  averageCadence: number;
}

/** A device's own session totals (FIT session, TCX laps summed): ground truth to compare with. */
export interface DeviceTotals {
  distanceM: number;
  timerTimeS: number;
  elapsedTimeS: number;
  ascentM: number;
  calories: number;
  /** The device's own maximum speed in m/s (FIT session enhanced_max_speed); NaN when it has none. */
  maxSpeedMps: number;
}

/** One leg of a multisport file: a part of its track with its own sport and device totals. */
export interface ParsedLeg {
  /** The leg's sport as a Stride type ("other" when it says nothing); null for a transition. */
  type: UploadActivityType | null;
  /** A transition between legs (FIT sport "transition"): never an activity, never running. */
  transition: boolean;
  /** The sport as the file wrote it, for display. */
  sportLabel: string | null;
  /** ms since the epoch. */
  startTime: number;
  /** Index range into the track, inclusive start, exclusive end (split by time at the leg's end). */
  startIndex: number;
  endIndex: number;
  deviceTotals: DeviceTotals;
}

export interface ParsedActivity {
  format: ActivityFileFormat;
  /** The name the file gives the activity (GPX <name>, a TCX Course's <Name>; FIT none), trimmed, or null. */
  name: string | null;
  /** What the file says about the activity (a TCX Activity's <Notes>), trimmed, or absent: its description. */
  notes?: string | null;
  /** The sport the file declares, mapped to Stride's types, or null when absent or unknown. */
  declaredType: UploadActivityType | null;
  /**
   * A multisport file's legs (FIT: one session per leg — swim, transition, bike, transition, run),
   * in time order; absent for a file of one activity. Each leg that is not a transition becomes an
   * activity of its own (activity-record.ts describeActivities).
   */
  legs?: ParsedLeg[];
  /** The sport as the file wrote it (e.g. "Running", "snorkeling"), for display. */
  sportLabel: string | null;
  deviceName: string | null;
  /**
   * When the file says it was made (GPX <metadata><time>), ms since the epoch; absent or null when
   * it does not say. Dates an activity whose track has no timing data.
   */
  fileTime?: number | null;
  track: Track;
  /** True when distance comes from the device's own records rather than from positions. */
  deviceDistance: boolean;
  laps: ParsedLap[];
  deviceTotals: DeviceTotals | null;
  /** Sentences on what could not be read of an imported file (e.g. it ends early); absent when none. */
  warnings?: string[];
  /**
   * The file could not be read whole and its records end before the activity did (its session
   * covers more than they do): the device totals are the activity's distance and time.
   */
  recordsEndEarly?: boolean;
  /**
   * When the device's timer stood still (FIT timer stop … start events), in time order; absent
   * when the file does not say. The timer's time is the time from its start less these.
   */
  timerPauses?: TimerPause[];
  /** When the device's timer started (FIT session start), ms since the epoch; absent when unknown. */
  timerStart?: number;
}

/** A stretch during which the device's timer was stopped, ms since the epoch. */
export interface TimerPause {
  startMs: number;
  endMs: number;
}

export interface ActivityFileParser {
  write(chunk: Uint8Array): void;
  finish(): ParsedActivity;
}
