/**
 * Time in heart-rate zones per week or month as stacked bars (h:mm), naming the zone model and the
 * maximum heart rate it is drawn from (core/running/heart-rate-zones.ts).
 */
import { Link } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Link as RouterLink } from 'react-router';
import type { Charts } from '../../../core/charts/chart-api.ts';
import { PALETTE } from '../lib/palette.ts';
import { ChartCard } from '../components/ChartCard.tsx';
import { formatHours, hoursAxis, maxHeartRateText, zoneName, zoneRows } from './chart-series.ts';
import { figure, useChartStyle } from '../lib/chart-style.ts';
import { zonesSummary } from './chart-summaries.ts';

export const NO_HEART_RATE_TEXT =
  'No heart rate in this period. Runs recorded with a heart-rate monitor (uploaded, or synced from Strava with their streams) fill this chart.';

export function HeartRateZonesChart({ charts }: { charts: Charts }) {
  const style = useChartStyle();
  const { rows, hasHeartRate } = zoneRows(charts);
  const { heartRate } = charts;
  const per = charts.bucket === 'week' ? 'week' : 'month';
  // The zones stack: the axis reaches the fullest bucket's total.
  const hours = hoursAxis(
    Math.max(0, ...rows.map((row) => heartRate.zones.reduce((sum, zone) => sum + Number(row[zone.id] ?? 0), 0))),
  );
  return (
    <ChartCard
      title={`Heart-rate zones per ${per}`}
      subtitle={
        <>
          Time in zones (h:mm), {heartRate.model}, {maxHeartRateText(heartRate)}.{' '}
          <Link component={RouterLink} to="/account#heart-rate">
            Set your maximum
          </Link>
        </>
      }
      testId="chart-heart-rate-zones"
      summary={zonesSummary(rows, heartRate.zones, charts.bucket)}
      empty={hasHeartRate ? null : NO_HEART_RATE_TEXT}
    >
      <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid {...style.grid} />
        <XAxis dataKey="label" {...style.axis} interval="preserveStartEnd" minTickGap={12} />
        <YAxis {...style.axis} domain={hours.domain} ticks={hours.ticks} tickFormatter={formatHours} />
        <Tooltip {...style.tooltip} formatter={figure(formatHours)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {heartRate.zones.map((zone, index) => (
          <Bar
            key={zone.id}
            dataKey={zone.id}
            name={`${zoneName(zone)} ${zone.purpose}`}
            stackId="zones"
            fill={PALETTE.heartRateZones[index]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}
