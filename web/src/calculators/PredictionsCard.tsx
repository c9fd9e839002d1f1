/** Finish times for the standard races from one result (Riegel and VDOT), and the training paces. */
import { Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RACE_PRESETS } from '../../../core/running/pace.ts';
import { riegelTime } from '../../../core/running/riegel.ts';
import { raceTimeForVdot, trainingPaces, vdotFromRace } from '../../../core/running/vdot.ts';
import { formatDecimal, formatDuration, formatPacePerMetre } from '../lib/format.ts';
import type { CalculatorCardProps } from './calculator-props.ts';
import { CalculatorCard, QueryField } from './CalculatorCard.tsx';

export function PredictionsCard(props: CalculatorCardProps) {
  const { result, unit } = props;
  const solution = result.solution;
  if (!solution) {
    return null;
  }
  const vdot = vdotFromRace(solution.metres, solution.seconds);
  return (
    <CalculatorCard title="Race predictions">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <QueryField
            of={props}
            field="k"
            label="Riegel exponent"
            size="small"
            placeholder={String(result.exponent)}
            // The exponent in use stays visible while the field is empty (the default, 1.06).
            slotProps={{ inputLabel: { shrink: true } }}
            hint={`T2 = T1 × (D2 / D1)^${result.exponent}`}
            sx={{ mb: 1 }}
          />
          <Table size="small" aria-label="Predictions">
            <TableHead>
              <TableRow>
                <TableCell>Race</TableCell>
                <TableCell align="right">Riegel</TableCell>
                <TableCell align="right">VDOT</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {RACE_PRESETS.map((race) => (
                <TableRow key={race.id}>
                  <TableCell>{race.label}</TableCell>
                  <TableCell align="right">
                    {formatDuration(riegelTime(solution.seconds, solution.metres, race.metres, result.exponent))}
                  </TableCell>
                  <TableCell align="right">{formatDuration(raceTimeForVdot(vdot, race.metres))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="subtitle1" data-testid="vdot">
            VDOT {formatDecimal(vdot, 1)}
          </Typography>
          <Table size="small" aria-label="Training paces">
            <TableBody>
              {trainingPaces(vdot).map((pace) => (
                <TableRow key={pace.zone}>
                  <TableCell>{pace.label}</TableCell>
                  <TableCell align="right">
                    {pace.slowestSecondsPerMetre === undefined
                      ? formatPacePerMetre(pace.secondsPerMetre, unit)
                      : `${formatPacePerMetre(pace.secondsPerMetre, unit).split('/')[0]}–${formatPacePerMetre(pace.slowestSecondsPerMetre, unit)}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Grid>
      </Grid>
    </CalculatorCard>
  );
}
