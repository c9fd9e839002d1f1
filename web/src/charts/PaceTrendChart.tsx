/**
 * Average pace per week or month (dots) and its rolling average over four buckets (line), fast at
 * the top, of one type (runs under all types, core's paceTrendType), which the title names.
 */
import { CartesianGrid, ComposedChart, Legend, Line, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import type { Charts } from '../../../core/charts/chart-api.ts';
import { CHART_TYPE_PLURALS, noPaceSentence } from '../../../core/charts/chart-sentences.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { formatPaceSeconds } from '../lib/format.ts';
import { ChartCard } from '../components/ChartCard.tsx';
import { paceAxisOf, type BucketRow } from './chart-series.ts';
import { figure, useChartStyle } from '../lib/chart-style.ts';

export function paceTrendTitle(paceType: Charts['paceType']): string {
  return `Pace trend · ${CHART_TYPE_PLURALS[paceType]}`;
}

export function PaceTrendChart({
  rows,
  units,
  view,
  summary,
}: {
  rows: BucketRow[];
  units: UnitSystem;
  view: Pick<Charts, 'period' | 'paceType'>;
  summary: string;
}) {
  const style = useChartStyle();
  const axis = paceAxisOf(rows);
  const unit = distanceUnitLabel(units);
  return (
    <ChartCard
      title={paceTrendTitle(view.paceType)}
      subtitle={`min/${unit}, with the average of the last four`}
      testId="chart-pace"
      summary={summary}
      empty={axis ? null : noPaceSentence(view.period, view.paceType)}
    >
      <ComposedChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -4 }}>
        <CartesianGrid {...style.grid} />
        <XAxis dataKey="label" {...style.axis} interval="preserveStartEnd" minTickGap={12} />
        <YAxis
          {...style.axis}
          reversed
          domain={axis?.domain ?? [0, 1]}
          ticks={axis?.ticks}
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
