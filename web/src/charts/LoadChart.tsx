/**
 * Fitness (42-day), fatigue (7-day) and form lines from each activity's training load, saying which
 * maximum and resting heart rate the load was computed with (core/charts/chart-load.ts), or, with
 * no load in the days drawn, what to do.
 */
import { CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { Charts } from '../../../core/charts/chart-api.ts';
import { noLoadSentence } from '../../../core/charts/chart-sentences.ts';
import { ChartCard } from '../components/ChartCard.tsx';
import { bucketLabel, loadBasisText, maxHeartRateText } from './chart-series.ts';
import { figure, useChartStyle } from '../lib/chart-style.ts';
import { loadSummary } from './chart-summaries.ts';
import { formatDecimal } from '../lib/format.ts';

export function LoadChart({ load, heartRate, period, type }: Pick<Charts, 'load' | 'heartRate' | 'period' | 'type'>) {
  const style = useChartStyle();
  const maximum = maxHeartRateText(heartRate);
  const basis = loadBasisText(load);
  const rows = load.days.map((day) => ({ ...day, label: bucketLabel(day.date, false) }));
  // Lines that stay at zero: nothing timed in the days drawn nor in the warm-up before them.
  const empty = load.days.every((day) => day.load === 0 && day.fitness === 0 && day.fatigue === 0);
  return (
    <ChartCard
      title="Fitness, fatigue and form"
      subtitle={`Banister TRIMP per activity (without heart rate: runs and walks by pace against ${basis.pace}, other activities as moderate effort by duration), ${maximum}, ${basis.resting}`}
      testId="chart-load"
      summary={loadSummary(rows)}
      empty={empty ? noLoadSentence(period, type) : null}
    >
      <ComposedChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid {...style.grid} />
        <XAxis dataKey="label" {...style.axis} interval="preserveStartEnd" minTickGap={24} />
        <YAxis {...style.axis} allowDecimals={false} />
        <Tooltip {...style.tooltip} formatter={figure((value) => formatDecimal(value, 1))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          dataKey="fitness"
          name="Fitness (42 d)"
          stroke={style.secondary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="fatigue"
          name="Fatigue (7 d)"
          stroke={style.primary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="form"
          name="Form"
          stroke={style.muted}
          strokeDasharray="4 3"
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartCard>
  );
}
