/**
 * /my-stride, the personal page (spec §2; issue 5 "Analytics and My Stride"): the per-user
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
  DialogContentText,
  DialogTitle,
  Grid,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PERSONAL_PAGE_LABEL } from '../../../core/product.ts';
import { useAnalytics, useRecalculateStreak, useRunningDays } from '../analytics/analytics-api.ts';
import { RunningDaysHeatmap } from '../analytics/RunningDaysHeatmap.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useTrophyCase } from '../medals/medals-api.ts';
import { useProfile } from '../profile/profile.ts';

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

function StatCard({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 1 }}>
          {icon}
          <Typography variant="body2">{label}</Typography>
        </Stack>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function RecalculateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const recalculate = useRecalculateStreak();
  return (
    <Dialog
      open={open}
      onClose={recalculate.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEnter: () => recalculate.reset() } }}
    >
      <DialogTitle>Recalculate your streak?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your streak starts over from today: current and longest both go back to 1 day.
        </DialogContentText>
        {recalculate.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {recalculate.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={recalculate.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={recalculate.isPending}
          startIcon={recalculate.isPending ? <CircularProgress size={16} color="inherit" /> : <RestartAltIcon />}
          onClick={() => recalculate.mutate(undefined, { onSuccess: onClose })}
        >
          Recalculate
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function MyStridePage() {
  const analytics = useAnalytics();
  const trophyCase = useTrophyCase();
  const runningDays = useRunningDays();
  const profile = useProfile();
  const [recalculating, setRecalculating] = useState(false);
  const units = profile.data?.preferences.unitSystem ?? 'imperial';
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
