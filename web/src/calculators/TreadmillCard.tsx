/** Treadmill speed ↔ pace: the pace above as a belt speed, and a typed speed as a pace. */
import { Stack, Typography } from '@mui/material';
import { speedFromPace } from '../../../core/running/splits.ts';
import { formatDecimal, formatPacePerMetre } from '../lib/format.ts';
import type { CalculatorCardProps } from './calculator-props.ts';
import { CalculatorCard, QueryField } from './CalculatorCard.tsx';

const speeds = (secondsPerMetre: number) =>
  `${formatDecimal(speedFromPace(secondsPerMetre, 'km/h'), 1)} km/h · ${formatDecimal(speedFromPace(secondsPerMetre, 'mph'), 1)} mph`;

export function TreadmillCard(props: CalculatorCardProps) {
  const { result } = props;
  const treadmill = result.treadmillSecondsPerMetre;
  return (
    <CalculatorCard title="Treadmill">
      <Stack spacing={1.5}>
        {result.solution && (
          <Typography data-testid="treadmill-speed">
            {formatPacePerMetre(result.solution.secondsPerMetre, 'metric')} is {speeds(result.solution.secondsPerMetre)}
          </Typography>
        )}
        <QueryField
          of={props}
          field="v"
          label="Treadmill speed"
          size="small"
          placeholder="12 km/h or 7.5 mph"
          sx={{ maxWidth: 320 }}
        />
        {treadmill !== undefined && (
          <Typography data-testid="treadmill-pace">
            {speeds(treadmill)} is {formatPacePerMetre(treadmill, 'metric')} ·{' '}
            {formatPacePerMetre(treadmill, 'imperial')}
          </Typography>
        )}
      </Stack>
    </CalculatorCard>
  );
}
