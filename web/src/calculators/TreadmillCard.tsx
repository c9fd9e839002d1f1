/** Treadmill speed ↔ pace: the pace above as a belt speed, and a typed speed as a pace. */
import { Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { speedFromPace } from '../../../core/running/splits.ts';
import { formatDecimal, formatPacePerMetre } from '../lib/format.ts';
import type { CalculatorCardProps } from './calculator-props.ts';

const speeds = (secondsPerMetre: number) =>
  `${formatDecimal(speedFromPace(secondsPerMetre, 'km/h'), 1)} km/h · ${formatDecimal(speedFromPace(secondsPerMetre, 'mph'), 1)} mph`;

export function TreadmillCard({ query, result, onChange }: CalculatorCardProps) {
  const treadmill = result.treadmillSecondsPerMetre;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Treadmill
        </Typography>
        <Stack spacing={1.5}>
          {result.solution && (
            <Typography data-testid="treadmill-speed">
              {formatPacePerMetre(result.solution.secondsPerMetre, 'metric')} is{' '}
              {speeds(result.solution.secondsPerMetre)}
            </Typography>
          )}
          <TextField
            label="Treadmill speed"
            size="small"
            placeholder="12 km/h or 7.5 mph"
            value={query.v}
            onChange={(event) => onChange('v', event.target.value)}
            error={result.errors.v !== undefined}
            helperText={result.errors.v ?? ' '}
            sx={{ maxWidth: 320 }}
          />
          {treadmill !== undefined && (
            <Typography data-testid="treadmill-pace">
              {speeds(treadmill)} is {formatPacePerMetre(treadmill, 'metric')} ·{' '}
              {formatPacePerMetre(treadmill, 'imperial')}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
