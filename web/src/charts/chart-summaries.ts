/**
 * The text alternatives of the Charts page's charts (web/src/lib/chart-summary.ts): what each
 * chart draws, over which weeks or months, in the units its axis and tooltip use.
 */
import type { Charts } from '../../../core/charts/chart-api.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceUnitLabel, elevationUnitLabel } from '../../../core/units.ts';
import { PACE_EXTREMES, chartSummary, type SummarySeries } from '../lib/chart-summary.ts';
import { formatNumber, formatPaceSeconds } from '../lib/format.ts';
import { formatHours, zoneName, type BucketRow, type ZoneRow } from './chart-series.ts';

type Bucket = Charts['bucket'];

function bucketNoun(bucket: Bucket): readonly [string, string] {
  return bucket === 'week' ? ['week', 'weeks'] : ['month', 'months'];
}

const hours = (value: number) => `${formatHours(value)} h`;

/** The summaries of the distance, time, climb and pace-trend charts. */
export function volumeSummaries(
  rows: readonly BucketRow[],
  units: UnitSystem,
  bucket: Bucket,
  paceTitle: string,
): { distance: string; time: string; climb: string; pace: string } {
  const labels = rows.map((row) => row.label);
  const noun = bucketNoun(bucket);
  const per = noun[0];
  const unit = distanceUnitLabel(units);
  const compared = rows.some((row) => row.lastYearDistance !== null);
  const distance = (value: number) => `${formatNumber(value, 2)} ${unit}`;
  const withLastYear = (
    thisPeriod: SummarySeries,
    lastYear: (row: BucketRow) => number | null,
    format: (value: number) => string,
  ): SummarySeries[] =>
    compared ? [{ name: 'Last year', values: rows.map(lastYear), format }, thisPeriod] : [thisPeriod];
  const pace = (value: number) => `${formatPaceSeconds(value)}/${unit}`;
  return {
    distance: chartSummary({
      title: `Distance per ${per}`,
      labels,
      noun,
      series: withLastYear(
        { name: 'This period', values: rows.map((row) => row.distance), format: distance },
        (row) => row.lastYearDistance,
        distance,
      ),
    }),
    time: chartSummary({
      title: `Time per ${per}`,
      labels,
      noun,
      series: withLastYear(
        { name: 'This period', values: rows.map((row) => row.hours), format: hours },
        (row) => row.lastYearHours,
        hours,
      ),
    }),
    climb: chartSummary({
      title: `Climb per ${per}`,
      labels,
      noun,
      series: [
        {
          name: 'Climb',
          values: rows.map((row) => row.climb),
          format: (value) => `${formatNumber(Math.round(value))} ${elevationUnitLabel(units)}`,
        },
      ],
    }),
    pace: chartSummary({
      title: paceTitle,
      labels,
      noun,
      series: [
        { name: 'Average pace', values: rows.map((row) => row.pace), format: pace, extremes: PACE_EXTREMES },
        { name: 'Rolling average', values: rows.map((row) => row.paceRolling), format: pace, extremes: PACE_EXTREMES },
      ],
    }),
  };
}

/** Time in each heart-rate zone per week or month. */
export function zonesSummary(rows: readonly ZoneRow[], zones: Charts['heartRate']['zones'], bucket: Bucket): string {
  const noun = bucketNoun(bucket);
  return chartSummary({
    title: `Time in heart-rate zones per ${noun[0]}`,
    labels: rows.map((row) => row.label),
    noun,
    series: zones.map((zone) => ({
      name: zoneName(zone),
      values: rows.map((row) => {
        const value = row[zone.id];
        return typeof value === 'number' ? value : null;
      }),
      format: hours,
    })),
  });
}

/** Fitness, fatigue and form per day. */
export function loadSummary(
  days: readonly { label: string; fitness: number; fatigue: number; form: number }[],
): string {
  const format = (value: number) => formatNumber(value, 1);
  return chartSummary({
    title: 'Fitness, fatigue and form',
    labels: days.map((day) => day.label),
    noun: ['day', 'days'],
    series: [
      { name: 'Fitness (42 d)', values: days.map((day) => day.fitness), format },
      { name: 'Fatigue (7 d)', values: days.map((day) => day.fatigue), format },
      { name: 'Form', values: days.map((day) => day.form), format },
    ],
  });
}
