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
import type { ReactElement } from 'react';

export function PeriodTotals({ totals, units }: { totals: Charts['totals']; units: UnitSystem }) {
  const { current, lastYear } = totals;
  /** A figure's card: this period's value, and "+20 % vs 12.40 mi last year" when the period is compared. */
  const totalCard = (
    icon: ReactElement,
    label: string,
    figure: keyof ChartTotals,
    format: (value: number) => string,
    pastSuffix = '',
  ) => ({
    icon,
    label,
    value: format(current[figure]),
    detail: lastYear
      ? `${changeText(current[figure], lastYear[figure])} vs ${format(lastYear[figure])}${pastSuffix}`
      : undefined,
  });
  const cards = [
    totalCard(
      <StraightenIcon fontSize="small" />,
      'Distance',
      'distance',
      (metres) => formatDistance(metres, units),
      ' last year',
    ),
    totalCard(<TimerIcon fontSize="small" />, 'Time', 'movingTime', (seconds) => formatDuration(seconds)),
    totalCard(<LandscapeIcon fontSize="small" />, 'Climb', 'elevation', (metres) => formatElevation(metres, units)),
    totalCard(<DirectionsRunIcon fontSize="small" />, 'Activities', 'count', String, ' last year'),
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
