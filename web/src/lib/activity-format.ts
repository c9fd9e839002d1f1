/**
 * Display helpers for activities that are the web app's alone: dates from the wall-clock
 * startDateLocal (the time where the run happened, not where the reader is), type and source
 * labels, file sizes. Units live in core/units.ts.
 */
import type { ActivitySource } from '../../../core/activity/schemas.ts';
import type { UploadActivityType } from '../../../core/activity/parsed.ts';
import type { UnitSystem } from '../../../core/profile.ts';

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

/**
 * startDateLocal is "YYYY-MM-DDTHH:mm:ss" with no zone: read it as UTC and format it in UTC so the
 * reader's own zone never shifts the run's local time.
 */
function wallClock(startDateLocal: string): Date | undefined {
  const date = new Date(`${startDateLocal.slice(0, 19)}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const longDateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Jun 14, 2025, 7:32 AM". */
export function formatActivityDate(startDateLocal: string): string {
  const date = wallClock(startDateLocal);
  return date ? dateTimeFormat.format(date) : startDateLocal;
}

/** "Saturday, June 14, 2025 at 7:32 AM". */
export function formatActivityDateLong(startDateLocal: string): string {
  const date = wallClock(startDateLocal);
  return date ? longDateTimeFormat.format(date) : startDateLocal;
}

const calendarDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** An instant as the runner's calendar date: "June 14, 2025". */
export function formatCalendarDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDateFormat.format(date);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${(bytes / 1024).toFixed(1)} KB`;
  }
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatHeartRate(bpm: number | null): string {
  return bpm === null || bpm <= 0 ? '—' : `${Math.round(bpm)} bpm`;
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
