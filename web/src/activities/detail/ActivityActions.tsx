/**
 * What can be done with an activity: edit, share, view on Strava, download the original, export
 * GPX, delete. A Strava activity's name, type and description are never edited here (the edit
 * dialog keeps them Strava's) and it is never shared (Strava's API agreement).
 *
 * On a phone (below the sm breakpoint) the main actions (Edit, Share, "View on Strava") stay
 * buttons and the rest (download, export, delete) fold into a "More actions" menu, with the same
 * names; from sm up every action is a button. The hidden set is display: none, so each name is
 * in the accessibility tree once.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { ACTIVITY_EDIT_TEXTS } from '../../../../core/activity/activity-edit.ts';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { STRAVA_TEXTS, stravaActivityUrl } from '../../../../core/strava/api.ts';
import { ShareActivityButton } from './ShareActivityButton.tsx';
import { STRAVA_ORANGE } from '../../lib/strava-brand.ts';
import { activityGpxUrl, activityOriginalUrl } from '../activities-api.ts';

const DOWNLOAD_ORIGINAL = 'Download original';
const EXPORT_GPX = 'Export GPX';
const DELETE = 'Delete';
const MORE_ACTIONS = 'More actions';

/** Shown from sm up; on a phone these actions are in the "More actions" menu. */
const fromSmUp = { display: { xs: 'none', sm: 'inline-flex' } } as const;

interface Download {
  label: string;
  Icon: typeof DownloadIcon;
  href: string;
}

/** The files an activity offers: its uploaded original, and GPX when it has positions to export. */
function downloadsOf(activity: ActivityDetail, canExportGpx: boolean): Download[] {
  return [
    ...(activity.source === 'upload'
      ? [{ label: DOWNLOAD_ORIGINAL, Icon: DownloadIcon, href: activityOriginalUrl(activity.id) }]
      : []),
    ...(canExportGpx ? [{ label: EXPORT_GPX, Icon: FileDownloadIcon, href: activityGpxUrl(activity.id) }] : []),
  ];
}

function MoreActionsMenu({ downloads, onDelete }: { downloads: readonly Download[]; onDelete: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={MORE_ACTIONS}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {downloads.map(({ label, Icon, href }) => (
          <MenuItem key={label} component="a" href={href} download onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            onDelete();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{DELETE}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

interface ActivityActionsProps {
  activity: ActivityDetail;
  units: UnitSystem;
  onEdit: () => void;
  onDelete: () => void;
}

export function ActivityActions({ activity, units, onEdit, onDelete }: ActivityActionsProps) {
  const isStrava = activity.source === 'strava';
  // GPX holds positions: an indoor activity (a treadmill run) has none to export.
  const downloads = downloadsOf(activity, activity.hasTrack && activity.startLatLng !== null);
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
        {downloads.map(({ label, Icon, href }) => (
          <Button
            key={label}
            variant="outlined"
            color="inherit"
            startIcon={<Icon />}
            href={href}
            download
            sx={fromSmUp}
          >
            {label}
          </Button>
        ))}
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete} sx={fromSmUp}>
          {DELETE}
        </Button>
        <MoreActionsMenu downloads={downloads} onDelete={onDelete} />
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
