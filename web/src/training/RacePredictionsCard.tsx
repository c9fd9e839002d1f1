/**
 * What the runner would run each race in today, by VDOT and by Riegel, from their best effort of
 * the last 12 weeks, and how that fitness (the best VDOT) moved over the last 12 weeks.
 */
import {
  Box,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDuration } from '../../../core/format.ts';
import { raceTimeForVdot } from '../../../core/running/vdot.ts';
import { RACE_DISTANCE_LABELS } from '../../../core/training/plan-templates.ts';
import type { RacePredictionsView } from '../../../core/training/training-api.ts';
import { dayText } from './goal-form.ts';
import { useRacePredictions } from './training-api.ts';

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The best VDOT week by week as a line; weeks without an effort leave a gap. */
function TrendLine({ trend }: { trend: RacePredictionsView['trend'] }) {
  const values = trend.map((week) => week.vdot).filter((vdot): vdot is number => vdot !== null);
  const first = trend.find((week) => week.vdot !== null);
  const now = trend.at(-1)?.vdot ?? null;
  if (values.length < 2 || !first || now === null) {
    return null;
  }
  const [low, high] = [Math.min(...values) - 0.5, Math.max(...values) + 0.5];
  const width = 240;
  const height = 48;
  const x = (index: number) => (index / (trend.length - 1)) * width;
  const y = (vdot: number) => height - ((vdot - low) / (high - low)) * height;
  // A week after a gap starts a new stroke (M); one after a drawn week continues it (L).
  const path = trend
    .map((week, index) =>
      week.vdot === null ? '' : `${(trend[index - 1]?.vdot ?? null) === null ? 'M' : 'L'}${x(index)},${y(week.vdot)}`,
    )
    .join(' ');
  const label = `Best VDOT ${first.vdot} in the week to ${dayText(first.weekEnd)}, ${now} now`;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1.5, flexWrap: 'wrap' }}>
      <Box
        component="svg"
        viewBox={`-2 -2 ${width + 4} ${height + 4}`}
        role="img"
        aria-label={label}
        sx={{ width, height, flexShrink: 0 }}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

export function RacePredictionsCard() {
  const predictions = useRacePredictions();
  const data = predictions.data;
  return (
    <Card data-testid="race-predictions">
      <CardContent>
        <Typography variant="h6" component="h2">
          Race predictions
        </Typography>
        {predictions.isPending && <Skeleton height={96} />}
        {predictions.error && <Typography color="error">{predictions.error.message}</Typography>}
        {data && data.basis === null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Run a mile, 5K, 10K, half marathon or marathon to see what you would run each race in; your best of the last
            12 weeks counts.
          </Typography>
        )}
        {data?.basis && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              From your {data.basis.label} in {formatDuration(data.basis.seconds)} on {dayText(data.basis.date)} (VDOT{' '}
              {data.basis.vdot}).
            </Typography>
            <Table size="small" sx={{ mt: 1 }} aria-label="Race predictions">
              <TableHead>
                <TableRow>
                  <TableCell>Race</TableCell>
                  <TableCell align="right">VDOT</TableCell>
                  <TableCell align="right">Riegel</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.races.map((race) => (
                  <TableRow key={race.race}>
                    <TableCell component="th" scope="row">
                      {capitalized(RACE_DISTANCE_LABELS[race.race])}
                    </TableCell>
                    <TableCell align="right">{formatDuration(race.vdotSeconds)}</TableCell>
                    <TableCell align="right">{formatDuration(race.riegelSeconds)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TrendLine trend={data.trend} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A race goal's predicted time today, by VDOT from the runner's best recent effort; nothing without one. */
export function GoalPrediction({ raceDistanceM, targetTimeS }: { raceDistanceM: number; targetTimeS: number }) {
  const basis = useRacePredictions().data?.basis;
  if (!basis) {
    return null;
  }
  const predicted = Math.round(raceTimeForVdot(basis.vdot, raceDistanceM));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="goal-prediction">
      Predicted today: {formatDuration(predicted)} (
      {predicted <= targetTimeS
        ? `${formatDuration(targetTimeS - predicted)} inside your target`
        : `${formatDuration(predicted - targetTimeS)} slower than your target`}
      ), from your {basis.label} of {dayText(basis.date)}.
    </Typography>
  );
}
