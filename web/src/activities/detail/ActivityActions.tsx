/**
 * What can be done with an activity: edit, share, view on Strava, download the original, export
 * GPX, delete. A Strava activity's name, type and description are never edited here (the edit
 * dialog keeps them Strava's) and it is never shared (Strava's API agreement).
 */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Stack, Typography } from '@mui/material';
import { ACTIVITY_EDIT_TEXTS } from '../../../../core/activity/activity-edit.ts';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/profile.ts';
import { STRAVA_TEXTS, stravaActivityUrl } from '../../../../core/strava/api.ts';
import { ShareActivityButton } from '../../analytics/ShareActivityButton.tsx';
import { STRAVA_ORANGE } from '../../lib/strava-brand.ts';
import { activityGpxUrl, activityOriginalUrl } from '../activities-api.ts';

interface ActivityActionsProps {
  activity: ActivityDetail;
  units: UnitSystem;
  onEdit: () => void;
  onDelete: () => void;
}

export function ActivityActions({ activity, units, onEdit, onDelete }: ActivityActionsProps) {
  const isStrava = activity.source === 'strava';
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
        <Button variant="outlined" color="inherit" startIcon={<EditIcon />} onClick={onEdit}>
          {ACTIVITY_EDIT_TEXTS.editButton}
        </Button>
        {/* Strava's API agreement: its data is shown to its athlete only, never on a card. */}
        {!isStrava && <ShareActivityButton activity={activity} units={units} />}
        {activity.stravaId !== null && (
          <Button
            variant="outlined"
            href={stravaActivityUrl(activity.stravaId)}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            sx={{ color: STRAVA_ORANGE, borderColor: STRAVA_ORANGE, '&:hover': { borderColor: STRAVA_ORANGE } }}
          >
            {STRAVA_TEXTS.viewOnStrava}
          </Button>
        )}
        {activity.source === 'upload' && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<DownloadIcon />}
            href={activityOriginalUrl(activity.id)}
            download
          >
            Download original
          </Button>
        )}
        {/* GPX holds positions: an indoor activity (a treadmill run) has none to export. */}
        {activity.hasTrack && activity.startLatLng !== null && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<FileDownloadIcon />}
            href={activityGpxUrl(activity.id)}
            download
          >
            Export GPX
          </Button>
        )}
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          Delete
        </Button>
      </Stack>
      {isStrava && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 1.25, color: 'text.secondary' }}>
          <LockIcon sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption">
            {STRAVA_TEXTS.notShareable} {STRAVA_TEXTS.renameOnStrava}
          </Typography>
        </Stack>
      )}
    </>
  );
}
