/** Even or negative splits per km or mile for the distance and time worked out above. */
import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { splitTable } from '../../../core/running/splits.ts';
import { distanceUnitLabel, metresPerUnit } from '../../../core/units.ts';
import { formatDecimal, formatDuration } from '../lib/format.ts';
import { splitsTitle } from '../lib/activity-format.ts';
import type { CalculatorCardProps } from './calculator-props.ts';

export function SplitsCard({ query, result, unit, onChange }: CalculatorCardProps) {
  const solution = result.solution;
  if (!solution) {
    return null;
  }
  const rows = splitTable(solution.metres, solution.seconds, unit, result.negativePercent);
  const perUnit = metresPerUnit(unit);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {splitsTitle(unit)}
        </Typography>
        <TextField
          label="Negative split (%)"
          size="small"
          placeholder="0"
          value={query.s}
          onChange={(event) => onChange('s', event.target.value)}
          error={result.errors.s !== undefined}
          helperText={result.errors.s ?? 'The second half this much faster than the first; 0 is even pace.'}
          sx={{ mb: 1 }}
        />
        <Box sx={{ maxHeight: 360, overflowY: 'auto' }}>
          <Table size="small" stickyHeader aria-label="Splits">
            <TableHead>
              <TableRow>
                <TableCell>{distanceUnitLabel(unit)}</TableCell>
                <TableCell align="right">Split</TableCell>
                <TableCell align="right">Elapsed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.index}>
                  <TableCell>{formatDecimal(row.endMetres / perUnit, row.metres < perUnit - 0.5 ? 2 : 0)}</TableCell>
                  <TableCell align="right">{formatDuration(row.seconds)}</TableCell>
                  <TableCell align="right">{formatDuration(row.elapsedSeconds)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}
