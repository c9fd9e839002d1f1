/**
 * The dashboard's ten newest activities (the spec's recent default) from the activity data
 * provider — the server's list, uploaded and Strava merged, newest first (spec §7) — each a link, and the way to all
 * of them. A failed load shows spec §8's classified text; with activities already loaded they stay
 * on screen beneath it.
 */
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { RECENT_ACTIVITIES_SIZE } from '../../../core/strava/constants.ts';
import { type DataActivity, isMockActivity, type NetworkStatus } from '../../../core/strava/data-state.ts';
import { useActivityData } from '../lib/activity-data.ts';
import { ActivityNameCell } from './ActivityNameCell.tsx';
import { ActivityTypeIcon } from './ActivityTypeIcon.tsx';
import {
  formatActivityDistance,
  formatActivityPace,
  formatMovingTime,
} from '../../../core/activity/activity-figures.ts';

const ROW_SX = { mx: -2, px: 2, py: 1, gap: 1.5, borderRadius: 1 } as const;

function RowContent({ activity, units }: { activity: DataActivity; units: UnitSystem }) {
  return (
    <>
      <ActivityTypeIcon type={activity.type} sx={{ color: 'primary.main' }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <ActivityNameCell activity={activity} />
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatActivityDistance(activity, units)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {activity.hasTiming
            ? `${formatMovingTime(activity)} · ${formatActivityPace(activity, units)}`
            : formatMovingTime(activity)}
        </Typography>
      </Box>
    </>
  );
}

const NETWORK_CHIPS: Partial<Record<NetworkStatus, { label: string; icon: ReactElement }>> = {
  offline: { label: 'Offline', icon: <CloudOffIcon /> },
  slow: { label: 'Slow connection', icon: <NetworkCheckIcon /> },
};

export function RecentActivitiesCard({ units, onUpload }: { units: UnitSystem; onUpload: () => void }) {
  const { activities, status, refresh } = useActivityData();
  const items = activities.slice(0, RECENT_ACTIVITIES_SIZE);
  const neverLoaded = status.lastSync === null && status.lastError === null;
  const showSkeleton = items.length === 0 && (status.loading || neverLoaded);
  const networkChip = NETWORK_CHIPS[status.network];
  return (
    <Card sx={{ position: 'relative' }}>
      {status.loading && items.length > 0 && (
        <LinearProgress
          aria-label="Refreshing activities"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
        />
      )}
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Recent activities
          </Typography>
          {networkChip && <Chip size="small" variant="outlined" icon={networkChip.icon} label={networkChip.label} />}
        </Stack>
        {status.lastError !== null && (
          <Alert
            severity={items.length > 0 ? 'warning' : 'error'}
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" disabled={status.loading} onClick={refresh}>
                Try again
              </Button>
            }
          >
            {status.lastError}
          </Alert>
        )}
        {showSkeleton && (
          <Stack spacing={1} sx={{ py: 1 }} aria-busy="true" aria-label="Loading recent activities">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} variant="rounded" height={44} />
            ))}
          </Stack>
        )}
        {!showSkeleton && items.length === 0 && status.lastError === null && (
          <Stack spacing={1.5} sx={{ py: 2, alignItems: 'flex-start' }}>
            <Typography color="text.secondary">
              No activities yet. Upload a GPX, FIT or TCX file, or connect Strava, to see them here.
            </Typography>
            <Button variant="outlined" onClick={onUpload}>
              Upload activities
            </Button>
          </Stack>
        )}
        {items.length > 0 && (
          <List disablePadding aria-label="Recent activities">
            {items.map((activity) =>
              // Mock runs (spec §8) exist only in this browser: there is no page to open.
              isMockActivity(activity) ? (
                <ListItem key={activity.id} sx={ROW_SX}>
                  <RowContent activity={activity} units={units} />
                </ListItem>
              ) : (
                // A list holds list items only: the link sits in its <li>.
                <ListItem key={activity.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={`/activities/${encodeURIComponent(activity.id)}`}
                    sx={ROW_SX}
                  >
                    <RowContent activity={activity} units={units} />
                  </ListItemButton>
                </ListItem>
              ),
            )}
          </List>
        )}
        <Button component={RouterLink} to="/activities" endIcon={<ArrowForwardIcon />} sx={{ mt: 1, ml: -1 }}>
          View all activities
        </Button>
      </CardContent>
    </Card>
  );
}
