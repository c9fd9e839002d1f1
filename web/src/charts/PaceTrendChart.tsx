/** Average pace per week or month (dots) and its rolling average over four buckets (line); fast is up. */
import { CartesianGrid, ComposedChart, Legend, Line, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import type { UnitSystem } from '../../../core/profile.ts';
import { distanceUnitLabel, formatPaceSeconds } from '../../../core/units.ts';
import { ChartCard } from './ChartCard.tsx';
import { paceDomain, type BucketRow } from './chart-series.ts';
import { figure, useChartStyle } from './chart-style.ts';

export function PaceTrendChart({ rows, units }: { rows: BucketRow[]; units: UnitSystem }) {
  const style = useChartStyle();
  const domain = paceDomain(rows);
  const unit = distanceUnitLabel(units);
  return (
    <ChartCard
      title="Pace trend"
      subtitle={domain ? `min/${unit}, with the average of the last four` : 'No timed activities in this period.'}
      testId="chart-pace"
    >
      <ComposedChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -4 }}>
        <CartesianGrid {...style.grid} />
        <XAxis dataKey="label" {...style.axis} interval="preserveStartEnd" minTickGap={12} />
        <YAxis
          {...style.axis}
          reversed
          domain={domain ?? [0, 1]}
          tickFormatter={(value: number) => formatPaceSeconds(value)}
          allowDataOverflow
        />
        <Tooltip {...style.tooltip} formatter={figure((value) => `${formatPaceSeconds(value)}/${unit}`)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Scatter dataKey="pace" name="Average pace" fill={style.primary} />
        <Line
          dataKey="paceRolling"
          name="Rolling average"
          type="monotone"
          stroke={style.secondary}
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartCard>
  );
}
