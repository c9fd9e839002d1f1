/**
 * What can be done with an activity: edit, share, view on Strava, download the original, export
 * GPX, delete. On a phone, Edit and Share stay buttons and the others fold into a "More actions"
 * menu, so the row never wraps into a wall of buttons. A Strava activity's name, type and description are never edited here (the edit
 * dialog keeps them Strava's) and it is never shared (Strava's API agreement).
 */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
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

const MORE_ACTIONS_LABEL = 'More actions';

export function ActivityActions({ activity, units, onEdit, onDelete }: ActivityActionsProps) {
  const isStrava = activity.source === 'strava';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  const canDownload = activity.source === 'upload';
  // GPX holds positions: an indoor activity (a treadmill run) has none to export.
  const canExport = activity.hasTrack && activity.startLatLng !== null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2, alignItems: 'center' }}>
        <Button variant="outlined" color="inherit" startIcon={<EditIcon />} onClick={onEdit}>
          {ACTIVITY_EDIT_TEXTS.editButton}
        </Button>
        {/* Strava's API agreement: its data is shown to its athlete only, never on a card. */}
        {!isStrava && <ShareActivityButton activity={activity} units={units} />}
        {phone ? (
          <>
            <IconButton
              aria-label={MORE_ACTIONS_LABEL}
              aria-haspopup="menu"
              aria-expanded={menuAnchor !== null}
              aria-controls={menuAnchor ? 'activity-actions-menu' : undefined}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              sx={{ ml: 'auto' }}
            >
              <MoreVertIcon />
            </IconButton>
            <Menu id="activity-actions-menu" anchorEl={menuAnchor} open={menuAnchor !== null} onClose={closeMenu}>
              {activity.stravaId !== null && (
                <MenuItem
                  component="a"
                  href={stravaActivityUrl(activity.stravaId)}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={closeMenu}
                >
                  <ListItemIcon>
                    <OpenInNewIcon fontSize="small" sx={{ color: STRAVA_ORANGE }} />
                  </ListItemIcon>
                  <ListItemText>{STRAVA_TEXTS.viewOnStrava}</ListItemText>
                </MenuItem>
              )}
              {canDownload && (
                <MenuItem component="a" href={activityOriginalUrl(activity.id)} download onClick={closeMenu}>
                  <ListItemIcon>
                    <DownloadIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Download original</ListItemText>
                </MenuItem>
              )}
              {canExport && (
                <MenuItem component="a" href={activityGpxUrl(activity.id)} download onClick={closeMenu}>
                  <ListItemIcon>
                    <FileDownloadIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Export GPX</ListItemText>
                </MenuItem>
              )}
              <MenuItem
                onClick={() => {
                  closeMenu();
                  onDelete();
                }}
                sx={{ color: 'error.main' }}
              >
                <ListItemIcon>
                  <DeleteIcon fontSize="small" color="error" />
                </ListItemIcon>
                <ListItemText>Delete</ListItemText>
              </MenuItem>
            </Menu>
          </>
        ) : (
          <>
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
            {canDownload && (
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
            {canExport && (
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
          </>
        )}
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
