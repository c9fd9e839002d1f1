/**
 * Distance, time and climb per week or month as bars, distance and time beside the same bucket a
 * year earlier (a fainter bar), and the pace trend, with tooltips in the runner's units. A chart
 * with nothing to draw says so and what to do (core/charts/chart-sentences.ts).
 */
import { Grid } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Charts } from '../../../core/charts/chart-api.ts';
import { noActivitiesSentence, noClimbSentence } from '../../../core/charts/chart-sentences.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceUnitLabel, elevationUnitLabel } from '../../../core/units.ts';
import { ChartCard } from '../components/ChartCard.tsx';
import { PaceTrendChart, paceTrendTitle } from './PaceTrendChart.tsx';
import { volumeSummaries } from './chart-summaries.ts';
import { formatHours, hoursAxis, type BucketRow } from './chart-series.ts';
import { figure, useChartStyle } from '../lib/chart-style.ts';
import { formatDecimal, formatNumber } from '../lib/format.ts';

export function VolumeCharts({
  rows,
  units,
  view,
}: {
  rows: BucketRow[];
  units: UnitSystem;
  view: Pick<Charts, 'period' | 'type' | 'paceType' | 'bucket'>;
}) {
  const style = useChartStyle();
  const unit = distanceUnitLabel(units);
  const per = view.bucket === 'week' ? 'week' : 'month';
  const compared = rows.some((row) => row.lastYearDistance !== null);
  const xAxis = <XAxis dataKey="label" {...style.axis} interval="preserveStartEnd" minTickGap={12} />;
  const legend = <Legend wrapperStyle={{ fontSize: 12 }} />;
  const none = rows.every((row) => row.count === 0) ? noActivitiesSentence(view.period, view.type) : null;
  const summaries = volumeSummaries(rows, units, view.bucket, paceTrendTitle(view.paceType));
  const hours = hoursAxis(Math.max(0, ...rows.flatMap((row) => [row.hours, row.lastYearHours ?? 0])));
  const noClimb = none ?? (rows.every((row) => row.climb === 0) ? noClimbSentence(view.period, view.type) : null);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          title={`Distance per ${per}`}
          subtitle={compared ? `In ${unit}, beside the same ${per} last year` : `In ${unit}`}
          testId="chart-distance"
          empty={none}
          summary={summaries.distance}
        >
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -12 }}>
            <CartesianGrid {...style.grid} />
            {xAxis}
            <YAxis {...style.axis} allowDecimals={false} />
            <Tooltip {...style.tooltip} formatter={figure((value) => `${formatDecimal(value, 2)} ${unit}`)} />
            {legend}
            {compared && <Bar dataKey="lastYearDistance" name="Last year" fill={style.muted} radius={[3, 3, 0, 0]} />}
            <Bar dataKey="distance" name="This period" fill={style.primary} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          title={`Time per ${per}`}
          subtitle={compared ? 'Hours (h:mm), beside last year' : 'Hours (h:mm)'}
          testId="chart-time"
          empty={none}
          summary={summaries.time}
        >
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -12 }}>
            <CartesianGrid {...style.grid} />
            {xAxis}
            <YAxis {...style.axis} domain={hours.domain} ticks={hours.ticks} tickFormatter={formatHours} />
            <Tooltip {...style.tooltip} formatter={figure(formatHours)} />
            {legend}
            {compared && <Bar dataKey="lastYearHours" name="Last year" fill={style.muted} radius={[3, 3, 0, 0]} />}
            <Bar dataKey="hours" name="This period" fill={style.secondary} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          title={`Climb per ${per}`}
          subtitle={`Elevation gain in ${elevationUnitLabel(units)}`}
          testId="chart-climb"
          empty={noClimb}
          summary={summaries.climb}
        >
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -4 }}>
            <CartesianGrid {...style.grid} />
            {xAxis}
            <YAxis {...style.axis} allowDecimals={false} />
            <Tooltip
              {...style.tooltip}
              formatter={figure((value) => `${formatNumber(Math.round(value))} ${elevationUnitLabel(units)}`)}
            />
            <Bar dataKey="climb" name="Climb" fill={style.primary} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <PaceTrendChart rows={rows} units={units} view={view} summary={summaries.pace} />
      </Grid>
    </Grid>
  );
}
