/**
 * The splits table (spec §3 Split: per mile for imperial readers, per kilometre for metric ones)
 * and the laps the file recorded. A bar behind each pace compares it with the fastest split.
 */
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { LapRecord, SplitRecord } from '../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { elevationInUnits, elevationUnitLabel } from '../../../core/units.ts';
import { formatPaceOrSpeed, paceOrSpeedLabel } from '../../../core/activity/activity-figures.ts';
import { formatHeartRate, formatPower, splitsNote, splitsTitle, splitUnitHeading } from '../lib/activity-format.ts';
import { formatDistance, formatDuration, formatElevation, formatNumber } from '../lib/format.ts';

/** Phones: narrower cells so every column fits without scrolling sideways. */
const compactCells = { '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 }, whiteSpace: 'nowrap' } } as const;

/**
 * The laps carry one more column (heart rate): on a phone their cells are narrower still and a
 * size smaller, and the first and last columns meet the card's edges, so six columns fit 390 px.
 */
const lapCells = {
  '& .MuiTableCell-root': {
    px: { xs: 0.5, sm: 2 },
    fontSize: { xs: '0.75rem', sm: '0.875rem' },
    whiteSpace: 'nowrap',
  },
  '& .MuiTableCell-root:first-of-type': { pl: { xs: 0, sm: 2 } },
  '& .MuiTableCell-root:last-of-type': { pr: { xs: 0, sm: 2 } },
} as const;

function formatElevationChange(metres: number, units: UnitSystem): string {
  const value = Math.round(elevationInUnits(metres, units));
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(value))} ${elevationUnitLabel(units)}`;
}

function PaceBar({ speed, fastest, units, type }: { speed: number; fastest: number; units: UnitSystem; type: string }) {
  const share = fastest > 0 && speed > 0 ? Math.max(0.08, speed / fastest) : 0;
  return (
    <Box sx={{ position: 'relative', minWidth: { xs: 76, sm: 110 } }}>
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: '2px auto 2px 0',
          width: `${share * 100}%`,
          bgcolor: 'primary.main',
          opacity: 0.2,
          borderRadius: 1,
        }}
      />
      <Box component="span" sx={{ position: 'relative', pl: 0.75 }}>
        {formatPaceOrSpeed(speed, type, units)}
      </Box>
    </Box>
  );
}

export function SplitsTable({
  splits,
  units,
  type,
  streamsPending = false,
}: {
  splits: readonly SplitRecord[];
  units: UnitSystem;
  type: string;
  /** A Strava activity whose splits will come from its streams, still being fetched. */
  streamsPending?: boolean;
}) {
  const note = splitsNote(splits.length, streamsPending);
  if (note !== null) {
    return (
      <Typography color="text.secondary" variant="body2">
        {note}
      </Typography>
    );
  }
  const fastest = Math.max(...splits.map((split) => split.average_speed));
  return (
    <TableContainer>
      <Table size="small" sx={compactCells} aria-label={splitsTitle(units)}>
        <TableHead>
          <TableRow>
            <TableCell>{splitUnitHeading(units)}</TableCell>
            <TableCell align="right">Distance</TableCell>
            <TableCell align="right">Time</TableCell>
            <TableCell>{paceOrSpeedLabel(type)}</TableCell>
            <TableCell align="right">Elev</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {splits.map((split) => (
            <TableRow key={split.split}>
              <TableCell>{split.split}</TableCell>
              <TableCell align="right">{formatDistance(split.distance, units)}</TableCell>
              <TableCell align="right">{split.moving_time > 0 ? formatDuration(split.moving_time) : '—'}</TableCell>
              <TableCell>
                <PaceBar speed={split.average_speed} fastest={fastest} units={units} type={type} />
              </TableCell>
              <TableCell align="right">{formatElevationChange(split.elevation_difference, units)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function LapsTable({ laps, units, type }: { laps: readonly LapRecord[]; units: UnitSystem; type: string }) {
  const withHeartRate = laps.some((lap) => lap.averageHeartrate !== null && lap.averageHeartrate > 0);
  const withPower = laps.some((lap) => typeof lap.averageWatts === 'number' && lap.averageWatts > 0);
  return (
    // Should a long lap name still overflow, the table scrolls inside its card (a focusable region,
    // so a keyboard scrolls it too) instead of being clipped.
    <TableContainer data-testid="laps-table" tabIndex={0} role="region" aria-label="Laps table">
      <Table size="small" sx={lapCells} aria-label="Laps">
        <TableHead>
          <TableRow>
            <TableCell>Lap</TableCell>
            <TableCell align="right">Distance</TableCell>
            <TableCell align="right">Time</TableCell>
            <TableCell align="right">{paceOrSpeedLabel(type)}</TableCell>
            <TableCell align="right">Climb</TableCell>
            {withHeartRate && <TableCell align="right">Avg HR</TableCell>}
            {withPower && <TableCell align="right">Avg power</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {laps.map((lap) => (
            <TableRow key={lap.lapIndex}>
              <TableCell>{lap.name || lap.lapIndex + 1}</TableCell>
              <TableCell align="right">{formatDistance(lap.distance, units)}</TableCell>
              <TableCell align="right">{formatDuration(lap.movingTime || lap.elapsedTime)}</TableCell>
              <TableCell align="right">{formatPaceOrSpeed(lap.averageSpeed, type, units)}</TableCell>
              <TableCell align="right">{formatElevation(lap.totalElevationGain, units)}</TableCell>
              {withHeartRate && <TableCell align="right">{formatHeartRate(lap.averageHeartrate)}</TableCell>}
              {withPower && <TableCell align="right">{formatPower(lap.averageWatts ?? null)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
