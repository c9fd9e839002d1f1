/** The period's totals beside the same period last year: distance, time, climb and count. */
import { Grid } from '@mui/material';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import LandscapeIcon from '@mui/icons-material/Landscape';
import StraightenIcon from '@mui/icons-material/Straighten';
import TimerIcon from '@mui/icons-material/Timer';
import type { Charts } from '../../../core/charts/chart-api.ts';
import { changeText } from '../../../core/charts/chart-periods.ts';
import type { UnitSystem } from '../../../core/profile.ts';
import { formatDistance, formatDuration, formatElevation } from '../../../core/units.ts';
import { StatCard } from '../components/StatCard.tsx';

export function PeriodTotals({ totals, units }: { totals: Charts['totals']; units: UnitSystem }) {
  const { current, lastYear } = totals;
  const cards = [
    {
      icon: <StraightenIcon fontSize="small" />,
      label: 'Distance',
      value: formatDistance(current.distance, units),
      detail: `${changeText(current.distance, lastYear.distance)} vs ${formatDistance(lastYear.distance, units)} last year`,
    },
    {
      icon: <TimerIcon fontSize="small" />,
      label: 'Time',
      value: formatDuration(current.movingTime),
      detail: `${changeText(current.movingTime, lastYear.movingTime)} vs ${formatDuration(lastYear.movingTime)}`,
    },
    {
      icon: <LandscapeIcon fontSize="small" />,
      label: 'Climb',
      value: formatElevation(current.elevation, units),
      detail: `${changeText(current.elevation, lastYear.elevation)} vs ${formatElevation(lastYear.elevation, units)}`,
    },
    {
      icon: <DirectionsRunIcon fontSize="small" />,
      label: 'Activities',
      value: String(current.count),
      detail: `${changeText(current.count, lastYear.count)} vs ${lastYear.count} last year`,
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
