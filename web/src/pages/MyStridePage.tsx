/**
 * /my-stride, the personal page (spec §2): the per-user
 * analytics record of spec §3 — streak, sessions, minutes planning, shared cards — the medals
 * earned against the catalogue, a forced streak recalculation (spec §4: back to 1/1) and the
 * calendar of running days of the past year.
 */
import CameraAltIcon from '@mui/icons-material/CameraAltOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RouteIcon from '@mui/icons-material/Route';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Alert, Box, Button, Card, CardContent, Grid, Link, Skeleton, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PERSONAL_PAGE_LABEL } from '../../../core/product.ts';
import { useAnalytics, useRecalculateStreak, useRunningDays } from '../analytics/analytics-api.ts';
import { RunningDaysHeatmap } from '../analytics/RunningDaysHeatmap.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { StatCard } from '../components/StatCard.tsx';
import { useTrophyCase } from '../medals/medals-api.ts';
import { useProfile } from '../profile/profile.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../../core/profile.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A calendar day "YYYY-MM-DD" as "Mar 4, 2025", read in UTC so the reader's zone cannot shift it. */
function formatDay(isoDay: string): string {
  const time = Date.parse(`${isoDay}T00:00:00Z`);
  return Number.isNaN(time) ? isoDay : dayFormat.format(time);
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function RecalculateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const recalculate = useRecalculateStreak();
  return (
    <ConfirmDialog
      open={open}
      title="Recalculate your streak?"
      confirmLabel="Recalculate"
      confirmIcon={<RestartAltIcon />}
      pending={recalculate.isPending}
      error={recalculate.error}
      onConfirm={() => recalculate.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
      onOpen={() => recalculate.reset()}
    >
      Your streak starts over from today: current and longest both go back to 1 day.
    </ConfirmDialog>
  );
}

export default function MyStridePage() {
  const analytics = useAnalytics();
  const trophyCase = useTrophyCase();
  const runningDays = useRunningDays();
  const profile = useProfile();
  const [recalculating, setRecalculating] = useState(false);
  const units = profile.data?.preferences.unitSystem ?? DEFAULT_UNIT_SYSTEM;
  const record = analytics.data;
  const stat = (render: () => ReactNode) => (record ? render() : <Skeleton width={80} />);

  return (
    <Box>
      <PageHeader
        title={PERSONAL_PAGE_LABEL}
        subtitle="Your streak, your time planning and the medals you have earned."
        action={
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<RestartAltIcon />}
            onClick={() => setRecalculating(true)}
            disabled={!record}
          >
            Recalculate streak
          </Button>
        }
      />
      {analytics.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {analytics.error.message}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 4 }}>
          <StatCard
            icon={<LocalFireDepartmentIcon fontSize="small" />}
            label="Current streak"
            value={stat(() => plural(record?.strideStreak.current ?? 0, 'day', 'days'))}
            detail={
              record?.strideStreak.lastActiveDate && `Last active ${formatDay(record.strideStreak.lastActiveDate)}`
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <StatCard
            icon={<WorkspacePremiumIcon fontSize="small" />}
            label="Longest streak"
            value={stat(() => plural(record?.strideStreak.longest ?? 0, 'day', 'days'))}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <StatCard
            icon={<EventRepeatIcon fontSize="small" />}
            label="Sessions"
            value={stat(() => (record?.totalSessions ?? 0).toLocaleString('en-US'))}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <StatCard
            icon={<RouteIcon fontSize="small" />}
            label="Minutes planning"
            value={stat(() => (record?.minutesSpentPlanning ?? 0).toLocaleString('en-US'))}
            detail={
              <Link component={RouterLink} to="/run-planner" color="inherit">
                Open the Route Planner
              </Link>
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <StatCard
            icon={<CameraAltIcon fontSize="small" />}
            label="Screenshots taken"
            value={stat(() => (record?.screenshotsTaken ?? 0).toLocaleString('en-US'))}
            detail="Share cards of your runs and medals"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <StatCard
            icon={<EmojiEventsIcon fontSize="small" />}
            label="Medals"
            value={
              trophyCase.data ? (
                `${trophyCase.data.earnedCount} of ${trophyCase.data.catalogueCount}`
              ) : (
                <Skeleton width={80} />
              )
            }
            detail={
              <Link component={RouterLink} to="/medals" color="inherit">
                Open the trophy case
              </Link>
            }
          />
        </Grid>
      </Grid>

      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Running days
          </Typography>
          {runningDays.error && <Alert severity="error">{runningDays.error.message}</Alert>}
          {runningDays.isPending && <Skeleton variant="rounded" height={150} />}
          {runningDays.data && <RunningDaysHeatmap runningDays={runningDays.data} units={units} />}
        </CardContent>
      </Card>

      <RecalculateDialog open={recalculating} onClose={() => setRecalculating(false)} />
    </Box>
  );
}
