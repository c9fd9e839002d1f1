/**
 * Running cadence in the unit runners read. FIT files and TCX files (RunCadence, and Cadence on a
 * running activity) record running cadence as strides per minute — one foot's steps, about 81–84
 * for a runner — while watches and runners speak of steps per minute, both feet, about 162–168.
 * Rides keep revolutions per minute. Strava sends strides too (its activities, laps and cadence
 * streams, core/strava); GPX files carry no agreed unit, so their cadence is kept as written.
 */
import type { ActivityFileFormat } from './upload-rules.ts';

/** Where a cadence figure was recorded: an uploaded file's format, or Strava. */
export type CadenceSource = ActivityFileFormat | 'strava';

/** Sources that count running cadence in strides per minute. */
const STRIDE_SOURCES: readonly CadenceSource[] = ['fit', 'tcx', 'strava'];

/** Types whose cadence is counted in steps: on foot. */
export const STEP_CADENCE_TYPES: readonly string[] = ['run', 'walk', 'hike'];

/** Steps per stride. */
export const STEPS_PER_STRIDE = 2;

/** What a recorded cadence is multiplied by to read in steps (or, for rides, rpm) per minute. */
export function cadenceFactor(source: CadenceSource, type: string): number {
  return STRIDE_SOURCES.includes(source) && STEP_CADENCE_TYPES.includes(type) ? STEPS_PER_STRIDE : 1;
}

/** A single cadence figure in steps (or rpm) per minute; null (no sensor) stays null. */
export function cadenceInSteps(value: number | null, source: CadenceSource, type: string): number | null {
  return value === null ? null : value * cadenceFactor(source, type);
}

/** Multiplies a cadence column in place (NaN stays NaN). */
export function scaleCadence(column: Float64Array, factor: number): void {
  if (factor === 1) {
    return;
  }
  for (let i = 0; i < column.length; i += 1) {
    column[i] = (column[i] as number) * factor;
  }
}
