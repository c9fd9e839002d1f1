/**
 * Display helpers for activities that are the web app's alone: type and source labels, file sizes,
 * heart rate and cadence. Dates and numbers are written by ./format.ts; units live in core/units.ts.
 */
import type { ActivitySource } from '../../../core/activity/schemas.ts';
import type { UploadActivityType } from '../../../core/activity/parsed.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { formatDecimal, formatNumber } from './format.ts';

export const ACTIVITY_TYPE_LABELS: Readonly<Record<UploadActivityType, string>> = {
  run: 'Run',
  ride: 'Ride',
  walk: 'Walk',
  hike: 'Hike',
  swim: 'Swim',
  other: 'Other',
};

export const ACTIVITY_SOURCE_LABELS: Readonly<Record<ActivitySource, string>> = {
  upload: 'Uploaded file',
  strava: 'Strava',
  placeholder: 'Sample',
  manual: 'Manual entry',
};

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) {
    return `${formatNumber(bytes)} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${formatDecimal(bytes / 1024, 1)} KB`;
  }
  return `${formatDecimal(bytes / (1024 * 1024), 1)} MB`;
}

/** What the splits section says instead of a table. */
export const SPLITS_TEXTS = {
  none: 'No splits: this activity has no timing data.',
  /** A Strava activity whose splits come from its streams, still being fetched. */
  pending: 'Computing splits from this activity’s track…',
} as const;

/** The note shown instead of splits: null when there are splits. */
export function splitsNote(splitCount: number, streamsPending: boolean): string | null {
  if (splitCount > 0) {
    return null;
  }
  return streamsPending ? SPLITS_TEXTS.pending : SPLITS_TEXTS.none;
}

export function formatHeartRate(bpm: number | null): string {
  return bpm === null || bpm <= 0 ? '—' : `${Math.round(bpm)} bpm`;
}

/** Average power in watts ("245 W"); none: "—". */
export function formatPower(watts: number | null): string {
  return watts === null || watts <= 0 ? '—' : `${Math.round(watts)} W`;
}

/** Running cadence in steps per minute (rides: revolutions). */
export function formatCadence(cadence: number | null, type: UploadActivityType): string {
  return cadence === null || cadence <= 0 ? '—' : `${Math.round(cadence)} ${type === 'ride' ? 'rpm' : 'spm'}`;
}

/** The splits' unit (spec §3 Split: per mile for imperial readers, per kilometre for metric ones). */
const SPLIT_UNIT: Readonly<Record<UnitSystem, { title: string; heading: string }>> = {
  imperial: { title: 'Splits per mile', heading: 'Mile' },
  metric: { title: 'Splits per kilometre', heading: 'Km' },
};

/** "Splits per mile" or "Splits per kilometre": the section's title and the table's name. */
export const splitsTitle = (units: UnitSystem): string => SPLIT_UNIT[units].title;

/** The split number column's heading. */
export const splitUnitHeading = (units: UnitSystem): string => SPLIT_UNIT[units].heading;
