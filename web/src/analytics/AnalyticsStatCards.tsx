/**
 * The My Stride figures (spec §3 Per-user analytics record): the streak of days Stride was opened
 * (spec §4, named so that it is not read as a running streak), sessions,
 * minutes planning, screenshots taken, and medals earned against the catalogue, each a skeleton
 * until its record has loaded.
 */
import CameraAltIcon from '@mui/icons-material/CameraAltOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import RouteIcon from '@mui/icons-material/Route';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Grid, Link, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Analytics, TrophyCase } from '../../../core/medals/api.ts';
import { StatCard } from '../components/StatCard.tsx';
import { STRIDE_STREAK_TEXTS } from '../../../core/medals/stride-streak-texts.ts';
import { formatDay, formatNumber } from '../lib/format.ts';

function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

export function AnalyticsStatCards({
  record,
  trophyCase,
}: {
  record: Analytics | undefined;
  trophyCase: TrophyCase | undefined;
}) {
  const stat = (render: () => ReactNode) => (record ? render() : <Skeleton width={80} />);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 4 }}>
        <StatCard
          icon={<LocalFireDepartmentIcon fontSize="small" />}
          label={STRIDE_STREAK_TEXTS.current}
          value={stat(() => plural(record?.strideStreak.current ?? 0, 'day', 'days'))}
          detail={record?.strideStreak.lastActiveDate && `Last opened ${formatDay(record.strideStreak.lastActiveDate)}`}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <StatCard
          icon={<WorkspacePremiumIcon fontSize="small" />}
          label={STRIDE_STREAK_TEXTS.longest}
          value={stat(() => plural(record?.strideStreak.longest ?? 0, 'day', 'days'))}
          detail={STRIDE_STREAK_TEXTS.notRunning}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <StatCard
          icon={<EventRepeatIcon fontSize="small" />}
          label="Sessions"
          value={stat(() => formatNumber(record?.totalSessions ?? 0))}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <StatCard
          icon={<RouteIcon fontSize="small" />}
          label="Minutes planning"
          value={stat(() => formatNumber(record?.minutesSpentPlanning ?? 0))}
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
          value={stat(() => formatNumber(record?.screenshotsTaken ?? 0))}
          detail="Share cards of your runs and medals"
        />
      </Grid>
      <Grid size={{ xs: 6, md: 4 }}>
        <StatCard
          icon={<EmojiEventsIcon fontSize="small" />}
          label="Medals"
          value={trophyCase ? `${trophyCase.earnedCount} of ${trophyCase.catalogueCount}` : <Skeleton width={80} />}
          detail={
            <Link component={RouterLink} to="/medals" color="inherit">
              Open the trophy case
            </Link>
          }
        />
      </Grid>
    </Grid>
  );
}
