/** The period's totals (distance, time, climb, count) beside the same period last year, when compared. */
import { Grid } from '@mui/material';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import LandscapeIcon from '@mui/icons-material/Landscape';
import StraightenIcon from '@mui/icons-material/Straighten';
import TimerIcon from '@mui/icons-material/Timer';
import type { Charts, ChartTotals } from '../../../core/charts/chart-api.ts';
import { changeText } from '../../../core/charts/chart-periods.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { formatDistance, formatDuration, formatElevation } from '../lib/format.ts';
import { StatCard } from '../components/StatCard.tsx';

export function PeriodTotals({ totals, units }: { totals: Charts['totals']; units: UnitSystem }) {
  const { current, lastYear } = totals;
  /** "+20 % vs 12.40 mi last year"; nothing when the period is not compared. */
  const against = (now: number, before: (past: ChartTotals) => number, text: (past: ChartTotals) => string) =>
    lastYear ? `${changeText(now, before(lastYear))} vs ${text(lastYear)}` : undefined;
  const cards = [
    {
      icon: <StraightenIcon fontSize="small" />,
      label: 'Distance',
      value: formatDistance(current.distance, units),
      detail: against(
        current.distance,
        (past) => past.distance,
        (past) => `${formatDistance(past.distance, units)} last year`,
      ),
    },
    {
      icon: <TimerIcon fontSize="small" />,
      label: 'Time',
      value: formatDuration(current.movingTime),
      detail: against(
        current.movingTime,
        (past) => past.movingTime,
        (past) => formatDuration(past.movingTime),
      ),
    },
    {
      icon: <LandscapeIcon fontSize="small" />,
      label: 'Climb',
      value: formatElevation(current.elevation, units),
      detail: against(
        current.elevation,
        (past) => past.elevation,
        (past) => formatElevation(past.elevation, units),
      ),
    },
    {
      icon: <DirectionsRunIcon fontSize="small" />,
      label: 'Activities',
      value: String(current.count),
      detail: against(
        current.count,
        (past) => past.count,
        (past) => `${past.count} last year`,
      ),
    },
  ];
  return (
    <Grid container spacing={2} data-testid="period-totals">
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, lg: 3 }} data-testid={`total-${card.label.toLowerCase()}`}>
          <StatCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
