/**
 * /activities/:id: one activity — its summary, the track on a map, elevation/pace/heart-rate
 * profiles whose hovered point is marked on the map, the splits in the reader's units and the laps,
 * the plan session it was run for scored against its steps, the weather at its start, its
 * description and the runner's private notes; edit (name, type, notes, whether it counts, and its
 * start, distance and times, shown as "Edited" with "Revert to the file"), delete, download the
 * original file, export GPX and share a card of it (spec §3 Detailed activity). A Strava activity
 * shows Strava's own fields (kudos, flags, segment efforts), links to its page on Strava and is
 * never shared (Strava's API agreement: its data is for its athlete only).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ActivityDetail } from '../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { useActivity } from '../activities/activities-api.ts';
import { splitsTitle } from '../lib/activity-format.ts';
import { ActivityActions } from '../activities/detail/ActivityActions.tsx';
import { BestEffortsSection } from '../activities/detail/BestEffortsSection.tsx';
import { SessionScoreSection } from '../activities/detail/SessionScoreSection.tsx';
import { ActivityHeading } from '../activities/detail/ActivityHeading.tsx';
import { ActivitySummaryGrid } from '../activities/detail/ActivitySummaryGrid.tsx';
import { ActivityTrackSection } from '../activities/detail/ActivityTrackSection.tsx';
import { DeleteActivityDialog } from '../activities/detail/DeleteActivityDialog.tsx';
import { DetailSection } from '../components/DetailSection.tsx';
import { EditActivityDialog } from '../activities/detail/EditActivityDialog.tsx';
import { CorrectionNotice } from '../activities/detail/CorrectionNotice.tsx';
import { ACTIVITY_CORRECTION_TEXTS } from '../../../core/activity/activity-corrections.ts';
import { ActivityNotes } from '../activities/detail/ActivityNotes.tsx';
import { MultisportCard } from '../activities/detail/MultisportCard.tsx';
import { StravaFieldsSection } from '../activities/detail/StravaFieldsSection.tsx';
import { FlaggedActivityAlert } from '../activities/FlaggedActivity.tsx';
import { LapsTable, SplitsTable } from '../activities/SplitsTable.tsx';
import { useUnits } from '../lib/use-units.ts';
import { ActivityWeatherSection } from '../weather/ActivityWeatherSection.tsx';
import { ActivityGearSection } from '../activities/detail/ActivityGearSection.tsx';

function ActivityView({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const splits = units === 'imperial' ? activity.splitsStandard : activity.splitsMetric;
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
        <ActivityHeading activity={activity} />
        <ActivityActions
          activity={activity}
          units={units}
          onEdit={() => setEditing(true)}
          onDelete={() => setDeleting(true)}
        />
      </Box>

      {activity.stravaError && <Alert severity="warning">{activity.stravaError}</Alert>}
      <FlaggedActivityAlert activity={activity} />
      {activity.fileWarnings.map((warning) => (
        <Alert key={warning} severity="info">
          {warning}
        </Alert>
      ))}
      <CorrectionNotice activity={activity} units={units} />
      <MultisportCard activity={activity} />
      <ActivityNotes activity={activity} />

      <ActivitySummaryGrid activity={activity} units={units} />

      <SessionScoreSection activityId={activity.id} />

      <ActivityGearSection activity={activity} units={units} />

      {activity.strava && <StravaFieldsSection strava={activity.strava} units={units} />}

      <ActivityWeatherSection activityId={activity.id} units={units} />

      <ActivityTrackSection activity={activity} units={units} />

      <BestEffortsSection activityId={activity.id} units={units} />

      <DetailSection title={splitsTitle(units)}>
        {activity.correction?.splitsHidden ? (
          <Typography color="text.secondary" variant="body2">
            {ACTIVITY_CORRECTION_TEXTS.splitsHidden}
          </Typography>
        ) : (
          <SplitsTable splits={splits} units={units} type={activity.type} streamsPending={activity.streamsPending} />
        )}
      </DetailSection>

      {activity.laps.length > 0 && (
        <DetailSection title="Laps">
          <LapsTable laps={activity.laps} units={units} type={activity.type} />
        </DetailSection>
      )}

      <EditActivityDialog activity={activity} open={editing} onClose={() => setEditing(false)} />
      <DeleteActivityDialog activity={activity} open={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}

export default function ActivityDetailPage() {
  const { id = '' } = useParams();
  const activity = useActivity(id);
  const { units, pending: unitsPending } = useUnits();

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
  if (!activity.data || unitsPending) {
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
