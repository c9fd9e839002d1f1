/** The activity's best efforts, each with its place among the runner's own ("2nd fastest"). */
import { Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BEST_EFFORT_STATUS_TEXT } from '../../../../core/running/best-efforts-api.ts';
import { bestEffortDistance } from '../../../../core/running/activity-best-efforts.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { formatDuration, formatPace } from '../../lib/format.ts';
import { useActivityBestEfforts } from '../../lib/personal-bests-api.ts';
import { DetailSection } from '../../components/DetailSection.tsx';

/** Places up to this are chips ("Personal best", "2nd fastest"); lower ones are plain text. */
const CHIP_PLACES = 3;
/** The pace column is left out on a phone, where the place chip needs the room. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function BestEffortsSection({ activityId, units }: { activityId: string; units: UnitSystem }) {
  const { data } = useActivityBestEfforts(activityId);
  if (!data || data.status === 'not-a-run') {
    return null;
  }
  return (
    <DetailSection title="Best efforts">
      {data.status !== 'ranked' ? (
        <Typography color="text.secondary">{BEST_EFFORT_STATUS_TEXT[data.status]}</Typography>
      ) : (
        <Table size="small" aria-label="Best efforts">
          <TableHead>
            <TableRow>
              <TableCell>Distance</TableCell>
              <TableCell align="right">Time</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                Pace
              </TableCell>
              <TableCell>Place</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.efforts.map((effort) => (
              <TableRow key={effort.distanceId}>
                <TableCell>{effort.label}</TableCell>
                <TableCell align="right">{formatDuration(effort.seconds)}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {formatPace((bestEffortDistance(effort.distanceId)?.metres ?? 0) / effort.seconds, units)}
                </TableCell>
                <TableCell>
                  <Stack direction="row">
                    {effort.rank <= CHIP_PLACES ? (
                      <Chip
                        size="small"
                        label={effort.place}
                        color={effort.rank === 1 ? 'primary' : 'default'}
                        variant={effort.rank === 1 ? 'filled' : 'outlined'}
                      />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {effort.place}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailSection>
  );
}
