/** The dashboard's five newest activities, each a link, and the way to all of them. */
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItemButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { UnitSystem } from '../../../core/profile.ts';
import { formatDistance, formatDuration, formatPace } from '../../../core/units.ts';
import { useActivityPage } from './activities-api.ts';
import { ActivityNameCell } from './ActivityNameCell.tsx';
import { ActivityTypeIcon } from './ActivityTypeIcon.tsx';

export const RECENT_ACTIVITIES_COUNT = 5;

export function RecentActivitiesCard({ units, onUpload }: { units: UnitSystem; onUpload: () => void }) {
  const recent = useActivityPage({ limit: RECENT_ACTIVITIES_COUNT });
  const items = recent.data?.items ?? [];
  return (
    <Card>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Recent activities
        </Typography>
        {recent.error && <Alert severity="error">{recent.error.message}</Alert>}
        {recent.isPending && (
          <Stack spacing={1} sx={{ py: 1 }}>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} variant="rounded" height={44} />
            ))}
          </Stack>
        )}
        {recent.data && items.length === 0 && (
          <Stack spacing={1.5} sx={{ py: 2, alignItems: 'flex-start' }}>
            <Typography color="text.secondary">
              No activities yet. Upload a GPX, FIT or TCX file to see it here.
            </Typography>
            <Button variant="outlined" onClick={onUpload}>
              Upload activities
            </Button>
          </Stack>
        )}
        {items.length > 0 && (
          <List disablePadding aria-label="Recent activities">
            {items.map((activity) => (
              <ListItemButton
                key={activity.id}
                component={RouterLink}
                to={`/activities/${activity.id}`}
                sx={{ mx: -2, px: 2, py: 1, gap: 1.5, borderRadius: 1 }}
              >
                <ActivityTypeIcon type={activity.type} sx={{ color: 'primary.main' }} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <ActivityNameCell activity={activity} />
                </Box>
                <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatDistance(activity.distance, units)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {formatDuration(activity.movingTime)} · {formatPace(activity.averageSpeed, units)}
                  </Typography>
                </Box>
              </ListItemButton>
            ))}
          </List>
        )}
        <Button component={RouterLink} to="/activities" endIcon={<ArrowForwardIcon />} sx={{ mt: 1, ml: -1 }}>
          View all activities
        </Button>
      </CardContent>
    </Card>
  );
}
