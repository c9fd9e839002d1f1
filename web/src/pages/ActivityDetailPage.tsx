/**
 * /activities/:id: one activity — its summary, the track on a map, elevation/pace/heart-rate
 * profiles whose hovered point is marked on the map, the splits in the reader's units and the
 * laps; rename, delete, download the original file, export GPX and share a card of it (spec §3
 * Detailed activity). A Strava activity links to its page on Strava and is
 * never shared (Strava's API agreement: its data is for its athlete only).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Link,
  List,
  ListItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { activityRenameSchema, type ActivityDetail } from '../../../core/activity/schemas.ts';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../core/profile.ts';
import { STRAVA_TEXTS, stravaActivityUrl } from '../../../core/strava/api.ts';
import { formatDistance, formatElevation } from '../../../core/units.ts';
import { ApiError } from '../api/client.ts';
import {
  activityGpxUrl,
  activityOriginalUrl,
  useActivity,
  useActivityTrack,
  useDeleteActivity,
  useMapConfig,
  useRenameActivity,
} from '../activities/activities-api.ts';
import { ActivityCharts } from '../activities/ActivityCharts.tsx';
import { ActivityMap } from '../activities/ActivityMap.tsx';
import {
  ACTIVITY_TYPE_LABELS,
  formatActivityDateLong,
  formatCadence,
  formatHeartRate,
  splitsTitle,
} from '../activities/activity-format.ts';
import { ActivitySourceChip } from '../activities/ActivitySourceChip.tsx';
import { FlaggedActivityAlert } from '../activities/FlaggedActivity.tsx';
import { ActivityTypeIcon } from '../activities/ActivityTypeIcon.tsx';
import { ShareActivityButton } from '../analytics/ShareActivityButton.tsx';
import { LapsTable, SplitsTable } from '../activities/SplitsTable.tsx';
import { profileSeries } from '../activities/track-series.ts';
import { useProfile } from '../profile/profile.ts';
import { STRAVA_ORANGE } from '../strava/strava-brand.ts';
import {
  formatActivityPace,
  formatElapsedTime,
  formatMovingTime,
  paceOrSpeedLabel,
} from '../../../core/activity/activity-figures.ts';

function SummaryCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A leg of a multisport file: the event's legs in order, each linked, this one marked. */
function MultisportCard({ activity }: { activity: ActivityDetail }) {
  if (!activity.multisport) {
    return null;
  }
  return (
    <Card component="section" aria-labelledby="multisport-title">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography id="multisport-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Part of a multisport event
        </Typography>
        <List dense disablePadding component="ol" sx={{ mt: 0.5 }}>
          {activity.multisport.legs.map((leg, index) => {
            const current = leg.id === activity.id;
            return (
              <ListItem key={leg.id} disableGutters sx={{ gap: 1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ minWidth: '1.5em' }}>
                  {index + 1}.
                </Typography>
                <ActivityTypeIcon type={leg.type} fontSize="small" />
                {current ? (
                  <Typography variant="body2" sx={{ fontWeight: 600 }} aria-current="page">
                    {leg.name} (this activity)
                  </Typography>
                ) : (
                  <Link component={RouterLink} to={`/activities/${leg.id}`} variant="body2">
                    {leg.name}
                  </Link>
                )}
                <Typography variant="body2" color="text.secondary">
                  · {ACTIVITY_TYPE_LABELS[leg.type]}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}

function RenameDialog({ activity, open, onClose }: { activity: ActivityDetail; open: boolean; onClose: () => void }) {
  const rename = useRenameActivity(activity.id);
  const [name, setName] = useState(activity.name);
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = activityRenameSchema.safeParse({ name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate(parsed.data.name, { onSuccess: onClose });
  };
  const serverProblem =
    rename.error instanceof ApiError ? (rename.error.fields.name ?? rename.error.message) : rename.error?.message;
  return (
    <Dialog
      open={open}
      onClose={rename.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onEnter: () => {
            setName(activity.name);
            setProblem(undefined);
            rename.reset();
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>Rename activity</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(undefined);
            }}
            error={Boolean(problem ?? serverProblem)}
            helperText={problem ?? serverProblem ?? ' '}
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={rename.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={rename.isPending}
            startIcon={rename.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ activity, open, onClose }: { activity: ActivityDetail; open: boolean; onClose: () => void }) {
  const deletion = useDeleteActivity(activity.id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      title="Delete this activity?"
      confirmLabel="Delete"
      confirmIcon={<DeleteIcon />}
      color="error"
      pending={deletion.isPending}
      error={deletion.error}
      onConfirm={() => deletion.mutate(undefined, { onSuccess: () => void navigate('/activities', { replace: true }) })}
      onClose={onClose}
    >
      “{activity.name}” and its track are removed for good
      {activity.source === 'upload' ? ', with the uploaded file' : ''}.
    </ConfirmDialog>
  );
}

function TrackSection({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const track = useActivityTrack(activity.id, activity.hasTrack);
  const config = useMapConfig();
  const [hoverIndex, setHoverIndex] = useState<number | null>(null);
  const series = useMemo(
    () => (track.data ? profileSeries(track.data, units, activity.type) : undefined),
    [track.data, units, activity.type],
  );
  const points = series?.points;
  const onHover = useCallback(
    (pointIndex: number | null) =>
      setHoverIndex(pointIndex === null ? null : (points?.[pointIndex]?.trackIndex ?? null)),
    [points],
  );

  if (!activity.hasTrack) {
    return null;
  }
  if (track.error) {
    return <Alert severity="error">{track.error.message}</Alert>;
  }
  if (!track.data || !series) {
    return <Skeleton variant="rounded" sx={{ height: { xs: 320, md: 420 } }} />;
  }
  return (
    <>
      {track.data.lat.length > 0 && (
        <Card>
          <ActivityMap
            track={track.data}
            hoverIndex={hoverIndex}
            tileUrl={config.data?.mapTileUrl}
            attribution={config.data?.mapAttribution}
          />
        </Card>
      )}
      <ActivityCharts series={series} units={units} onHover={onHover} />
    </>
  );
}

function ActivityView({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const splits = units === 'imperial' ? activity.splitsStandard : activity.splitsMetric;
  const details = [activity.deviceName, activity.sportLabel, activity.originalFilename].filter(Boolean).join(' · ');
  const isStrava = activity.source === 'strava';
  return (
    <Stack spacing={2.5}>
      <Box>
        <Button
          component={RouterLink}
          to="/activities"
          startIcon={<ArrowBackIcon />}
          color="inherit"
          size="small"
          sx={{ mb: 1 }}
        >
          Activities
        </Button>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {activity.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatActivityDateLong(activity.startDateLocal)}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.75, color: 'text.secondary' }}
        >
          <ActivityTypeIcon type={activity.type} fontSize="small" />
          <Typography variant="body2">{ACTIVITY_TYPE_LABELS[activity.type]}</Typography>
          <ActivitySourceChip source={activity.source} inList={false} />
          {details && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {details}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          {/* Strava owns a synced activity's name; a local one would be undone by the next sync. */}
          {!isStrava && (
            <Button variant="outlined" color="inherit" startIcon={<EditIcon />} onClick={() => setRenaming(true)}>
              Rename
            </Button>
          )}
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
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
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
      </Box>

      {activity.stravaError && <Alert severity="warning">{activity.stravaError}</Alert>}
      <FlaggedActivityAlert activity={activity} />
      <MultisportCard activity={activity} />

      <Grid container spacing={1.5}>
        {[
          ['Distance', formatDistance(activity.distance, units)],
          ['Moving time', formatMovingTime(activity)],
          ['Elapsed time', formatElapsedTime(activity)],
          [paceOrSpeedLabel(activity.type), formatActivityPace(activity, units)],
          ['Elevation gain', formatElevation(activity.elevationGain, units)],
          ['Avg heart rate', formatHeartRate(activity.averageHeartrate)],
          ['Max heart rate', formatHeartRate(activity.maxHeartrate)],
          ['Cadence', formatCadence(activity.averageCadence, activity.type)],
        ].map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, sm: 4, lg: 3 }}>
            <SummaryCard label={label as string} value={value} />
          </Grid>
        ))}
      </Grid>

      <TrackSection activity={activity} units={units} />

      <Section title={splitsTitle(units)}>
        <SplitsTable splits={splits} units={units} type={activity.type} />
      </Section>

      {activity.laps.length > 0 && (
        <Section title="Laps">
          <LapsTable laps={activity.laps} units={units} type={activity.type} />
        </Section>
      )}

      <RenameDialog activity={activity} open={renaming} onClose={() => setRenaming(false)} />
      <DeleteDialog activity={activity} open={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}

export default function ActivityDetailPage() {
  const { id = '' } = useParams();
  const activity = useActivity(id);
  const profile = useProfile();
  const units = profile.data?.preferences.unitSystem ?? DEFAULT_UNIT_SYSTEM;

  if (activity.error) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {activity.error.message}
        </Alert>
        <Button component={RouterLink} to="/activities" startIcon={<ArrowBackIcon />}>
          All activities
        </Button>
      </Stack>
    );
  }
  if (!activity.data || profile.isPending) {
    return (
      <Stack spacing={2.5}>
        <Skeleton width={120} />
        <Skeleton variant="text" sx={{ fontSize: '2.5rem', width: '60%' }} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  return <ActivityView activity={activity.data} units={units} />;
}
