/**
 * The runner's words on an activity page: its description, the private notes (only ever shown to
 * the runner, here), and a note when the runner chose to leave it out of the totals.
 */
import LockIcon from '@mui/icons-material/LockOutlined';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { ACTIVITY_EDIT_TEXTS } from '../../../../core/activity/activity-edit.ts';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';

export function ActivityNotes({ activity }: { activity: ActivityDetail }) {
  const leftOut = activity.countedOverride === false;
  if (!activity.description && !activity.privateNotes && !leftOut) {
    return null;
  }
  return (
    <Stack spacing={1.5}>
      {leftOut && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <BlockIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption">{ACTIVITY_EDIT_TEXTS.notCountedChipTitle}.</Typography>
        </Stack>
      )}
      {(activity.description || activity.privateNotes) && (
        <Card>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack spacing={1.5}>
              {activity.description && (
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {activity.description}
                </Typography>
              )}
              {activity.privateNotes && (
                <Stack spacing={0.5}>
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                    <LockIcon sx={{ fontSize: 16 }} aria-hidden />
                    <Typography variant="overline" component="h2" sx={{ lineHeight: 1.5 }}>
                      Private notes
                    </Typography>
                  </Stack>
                  <Typography
                    variant="body2"
                    data-testid="private-notes"
                    sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  >
                    {activity.privateNotes}
                  </Typography>
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
