/** The wellbeing score of each of the last 30 days (the day's latest check-in); gaps where none. */
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { WellbeingOverview } from '../../../core/wellbeing/wellbeing-api.ts';
import { ChartCard } from '../components/ChartCard.tsx';
import { figure, useChartStyle } from '../lib/chart-style.ts';
import { chartSummary } from '../lib/chart-summary.ts';
import { formatDayMonth } from '../lib/format.ts';

export function TrendCard({ trend }: { trend: WellbeingOverview['trend'] }) {
  const style = useChartStyle();
  const rows = trend.map((point) => ({ label: formatDayMonth(point.date), score: point.score }));
  const checkIns = trend.filter((point) => point.score !== null).length;
  return (
    <ChartCard
      title="Wellbeing, last 30 days"
      subtitle={`${checkIns} ${checkIns === 1 ? 'check-in day' : 'check-in days'}; 100 is feeling your best.`}
      testId="wellbeing-trend"
      summary={chartSummary({
        title: 'Wellbeing score',
        labels: rows.map((row) => row.label),
        noun: ['day', 'days'],
        series: [{ name: 'Score', values: rows.map((row) => row.score), format: (value) => `${value} / 100` }],
      })}
      empty={checkIns === 0 ? 'Check in to start your trend.' : null}
    >
      <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -20 }}>
        <CartesianGrid {...style.grid} />
        <XAxis dataKey="label" {...style.axis} interval="preserveStartEnd" minTickGap={16} />
        <YAxis {...style.axis} domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} />
        <Tooltip {...style.tooltip} formatter={figure((value) => `${value} / 100`)} />
        <Line
          dataKey="score"
          name="Score"
          type="monotone"
          stroke={style.primary}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ChartCard>
  );
}
