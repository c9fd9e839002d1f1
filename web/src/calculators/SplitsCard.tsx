/** Even or negative splits per km or mile for the distance and time worked out above. */
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { splitTable } from '../../../core/running/splits.ts';
import { distanceUnitLabel, metresPerUnit } from '../../../core/units.ts';
import { formatDecimal, formatDuration } from '../lib/format.ts';
import { splitsTitle } from '../lib/activity-format.ts';
import type { CalculatorCardProps } from './calculator-props.ts';
import { CalculatorCard, QueryField } from './CalculatorCard.tsx';

export function SplitsCard(props: CalculatorCardProps) {
  const { result, unit } = props;
  const solution = result.solution;
  if (!solution) {
    return null;
  }
  const rows = splitTable(solution.metres, solution.seconds, unit, result.negativePercent);
  const perUnit = metresPerUnit(unit);
  return (
    <CalculatorCard title={splitsTitle(unit)}>
      <QueryField
        of={props}
        field="s"
        label="Negative split (%)"
        size="small"
        placeholder="0"
        hint="The second half this much faster than the first; 0 is even pace."
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
    </CalculatorCard>
  );
}
