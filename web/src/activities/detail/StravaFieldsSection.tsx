/**
 * A Strava activity's own fields on its page (core/strava/activity-fields.ts): kudos, comments,
 * photos and achievements, its flags, workout type, place, energy, relative effort and PRs, and its
 * segment efforts with each one's rank among the runner's own. The server sends them to the
 * activity's owner only (Strava's API agreement).
 */
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { STRAVA_FIELD_TEXTS, type StravaFields } from '../../../../core/strava/activity-fields.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { formatDistance, formatDuration, formatNumber } from '../../lib/format.ts';
import { DetailSection } from '../../components/DetailSection.tsx';

const T = STRAVA_FIELD_TEXTS;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 96 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

export function StravaFieldsSection({ strava, units }: { strava: StravaFields; units: UnitSystem }) {
  const flags: string[] = [
    ...(strava.trainer ? [T.trainer] : []),
    ...(strava.commute ? [T.commute] : []),
    ...(strava.private ? [T.private] : []),
  ];
  const details: [string, string][] = [
    ...(strava.workoutType === null ? [] : [[T.workoutType, strava.workoutType] as [string, string]]),
    ...(strava.location === null ? [] : [[T.location, strava.location] as [string, string]]),
    ...(strava.kilojoules === null ? [] : [[T.energy, `${formatNumber(strava.kilojoules)} kJ`] as [string, string]]),
    ...(strava.sufferScore === null ? [] : [[T.sufferScore, formatNumber(strava.sufferScore)] as [string, string]]),
    [T.prCount, formatNumber(strava.prCount)],
  ];
  return (
    <DetailSection title={T.heading}>
      <Stack spacing={2} data-testid="strava-fields">
        <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <Figure label={T.kudos} value={formatNumber(strava.kudosCount)} />
          <Figure label={T.comments} value={formatNumber(strava.commentCount)} />
          <Figure label={T.photos} value={formatNumber(strava.photoCount)} />
          <Figure label={T.achievements} value={formatNumber(strava.achievementCount)} />
          {details.map(([label, value]) => (
            <Figure key={label} label={label} value={value} />
          ))}
        </Stack>
        {(flags.length > 0 || strava.hasKudoed) && (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} aria-label="Strava flags">
            {flags.map((flag) => (
              <Chip key={flag} size="small" variant="outlined" label={flag} />
            ))}
            {strava.hasKudoed && <Chip size="small" variant="outlined" label={T.youGaveKudos} />}
          </Stack>
        )}
        {strava.segmentEfforts.length > 0 && (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {T.segments}
            </Typography>
            <Table size="small" aria-label={T.segments}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.segment}</TableCell>
                  <TableCell align="right">{T.time}</TableCell>
                  <TableCell>{T.prRank}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {strava.segmentEfforts.map((effort) => (
                  <TableRow key={effort.id}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      {effort.name}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {formatDistance(effort.distance, units)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatDuration(effort.elapsedTime)}</TableCell>
                    <TableCell>
                      {effort.prRank === null ? (
                        <Typography variant="body2" color="text.secondary">
                          {T.rank(null)}
                        </Typography>
                      ) : (
                        <Chip
                          size="small"
                          label={T.rank(effort.prRank)}
                          color={effort.prRank === 1 ? 'primary' : 'default'}
                          variant={effort.prRank === 1 ? 'filled' : 'outlined'}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </DetailSection>
  );
}
