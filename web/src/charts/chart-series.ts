/**
 * The Charts page's answer turned into chart rows in the runner's units: a short label per bucket
 * in the reader's locale (lib/format.ts: "23 Nov" for a week, "Nov" or "Nov 26" for a month in
 * en-GB), distance, hours, climb and pace as numbers for the axes, and the same figures as text for
 * the tooltips.
 */
import type { Charts } from '../../../core/charts/chart-api.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceInUnits, elevationInUnits } from '../../../core/units.ts';
import {
  formatDay as formatLocaleDay,
  formatDayMonth,
  formatMonth,
  formatMonthShortYear,
  formatPaceSeconds,
  formatYear,
} from '../lib/format.ts';
import { timeTicks, type TimeAxis } from '../lib/time-ticks.ts';

/** "2026-11-23" → "23 Nov"; "2026-11" → "Nov", or "Nov 26" when the chart spans several years (en-GB). */
export function bucketLabel(key: string, withYear: boolean): string {
  if (key.length > 7) {
    return formatDayMonth(key);
  }
  const day = `${key}-01`;
  return withYear ? formatMonthShortYear(day) : formatMonth(day);
}

export interface BucketRow {
  key: string;
  label: string;
  /** Miles or kilometres. */
  distance: number;
  /** Null when the period is not compared with last year. */
  lastYearDistance: number | null;
  hours: number;
  lastYearHours: number | null;
  /** Feet or metres. */
  climb: number;
  /** Seconds per mile or kilometre; null without a timed run. */
  pace: number | null;
  paceRolling: number | null;
  count: number;
}

const SECONDS_PER_HOUR = 3600;

export function bucketRows(charts: Charts, units: UnitSystem): BucketRow[] {
  const spansYears = charts.from.slice(0, 4) !== charts.to.slice(0, 4);
  const perUnit = (secondsPerMetre: number | null) =>
    secondsPerMetre === null ? null : secondsPerMetre / distanceInUnits(1, units);
  return charts.buckets.map((bucket) => ({
    key: bucket.key,
    label: bucketLabel(bucket.key, spansYears),
    distance: distanceInUnits(bucket.distance, units),
    lastYearDistance: bucket.lastYear && distanceInUnits(bucket.lastYear.distance, units),
    hours: bucket.movingTime / SECONDS_PER_HOUR,
    lastYearHours: bucket.lastYear && bucket.lastYear.movingTime / SECONDS_PER_HOUR,
    climb: elevationInUnits(bucket.elevation, units),
    pace: perUnit(bucket.pace),
    paceRolling: perUnit(bucket.paceRolling),
    count: bucket.count,
  }));
}

/** An axis of hours from 0 past `maxHours`, ticking on round times (lib/time-ticks.ts): 0:30, 1:00, not 0:36. */
export function hoursAxis(maxHours: number): TimeAxis {
  const { domain, ticks } = timeTicks(0, maxHours * SECONDS_PER_HOUR);
  return {
    domain: [domain[0] / SECONDS_PER_HOUR, domain[1] / SECONDS_PER_HOUR],
    ticks: ticks.map((tick) => tick / SECONDS_PER_HOUR),
  };
}

/** Hours as "h:mm" for an axis and a tooltip. */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The pace axis: the slowest and fastest paces drawn, with a little room, on round steps (lib/time-ticks.ts). */
export function paceAxisOf(rows: readonly BucketRow[]): TimeAxis | null {
  const paces = rows.flatMap((row) => [row.pace, row.paceRolling]).filter((pace): pace is number => pace !== null);
  if (paces.length === 0) {
    return null;
  }
  const [low, high] = [Math.min(...paces), Math.max(...paces)];
  const room = Math.max(15, (high - low) * 0.1);
  return timeTicks(low - room, high + room);
}

/** "2026-03-08" → "8 Mar 2026" (en-GB), "Mar 8, 2026" (en-US). */
export function formatDay(day: string): string {
  return formatLocaleDay(day);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many month ticks on a time axis shorter than two years. */
const MAX_MONTH_TICKS = 6;

/** The UTC midnight of a "YYYY-MM-DD" day, as a time axis places it. */
export const dayTime = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);

/**
 * A time axis over the days of a progression, its years always shown: across two or more new
 * years a tick on each 1 January, written "2024"; otherwise a tick on the 1st of every month (or
 * every 2nd, 3rd, … so at most six), written "Mar 26".
 */
export function timeAxis(days: readonly string[]): {
  domain: [number, number];
  ticks: number[];
  label: (time: number) => string;
} {
  const times = days.map(dayTime);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const domain: [number, number] = [first, Math.max(last, first + DAY_MS)];
  const firstYear = new Date(first).getUTCFullYear();
  const lastYear = new Date(last).getUTCFullYear();
  const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
  if (lastYear - firstYear >= 2) {
    const ticks = Array.from({ length: lastYear - firstYear }, (_, index) => Date.UTC(firstYear + index + 1, 0, 1));
    return { domain, ticks, label: (time) => formatYear(dayOf(time)) };
  }
  const months: number[] = [];
  for (let month = new Date(first).getUTCMonth() + 1, year = firstYear; ; month += 1) {
    const time = Date.UTC(year, month, 1);
    if (time > last) {
      break;
    }
    months.push(time);
  }
  const step = Math.max(1, Math.ceil(months.length / MAX_MONTH_TICKS));
  const ticks = months.length > 0 ? months.filter((_, index) => index % step === 0) : [first];
  return { domain, ticks, label: (time) => formatMonthShortYear(dayOf(time)) };
}

/** Which maximum heart rate zones and load use, said the way the runner set (or did not set) it. */
export function maxHeartRateText(heartRate: Charts['heartRate']): string {
  const { maxHeartRate, maxHeartRateSource } = heartRate;
  switch (maxHeartRateSource) {
    case 'set':
      return `max HR ${maxHeartRate} (yours, from Account)`;
    case 'seen':
      return `max HR ${maxHeartRate} (the highest your activities recorded)`;
    default:
      return `max HR ${maxHeartRate} (assumed: no heart rate recorded yet)`;
  }
}

/**
 * What the load lines assume beyond the maximum: "runs and walks by pace against 4:10/km (yours)",
 * "resting HR 60 assumed".
 */
export function loadBasisText(load: Charts['load']): { pace: string; resting: string } {
  const pace = `${formatPaceSeconds(load.thresholdPaceSecondsPerKm)}/km`;
  return {
    pace: load.thresholdPaceSource === 'set' ? `${pace} (yours)` : `${pace} (assumed)`,
    resting:
      load.restingHeartRateSource === 'set'
        ? `resting HR ${load.restingHeartRate} (yours)`
        : `resting HR ${load.restingHeartRate} assumed`,
  };
}

/** "Z2 114–132", "Z5 171+": a zone's legend name in bpm. */
export function zoneName(zone: Charts['heartRate']['zones'][number]): string {
  const range = zone.toBpm === null ? `${zone.fromBpm}+` : `${zone.fromBpm}–${zone.toBpm}`;
  return `Z${zone.id.slice(1)} ${range}`;
}

export type ZoneRow = { key: string; label: string } & Record<string, number | string>;

/** Hours in each zone per bucket (keys z1 … z5), and whether any bucket has heart-rate time. */
export function zoneRows(charts: Charts): { rows: ZoneRow[]; hasHeartRate: boolean } {
  const spansYears = charts.from.slice(0, 4) !== charts.to.slice(0, 4);
  let hasHeartRate = false;
  const rows = charts.buckets.map((bucket) => {
    const row: ZoneRow = { key: bucket.key, label: bucketLabel(bucket.key, spansYears) };
    charts.heartRate.zones.forEach((zone, index) => {
      const seconds = bucket.zones[index] ?? 0;
      hasHeartRate ||= seconds > 0;
      row[zone.id] = seconds / SECONDS_PER_HOUR;
    });
    return row;
  });
  return { rows, hasHeartRate };
}
