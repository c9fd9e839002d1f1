/** The My Stride card with the runner's most visited screens (page views, core/page-views.ts). */
import { Alert, Card, CardContent, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { MOST_VISITED_SCREENS, screenTitle } from '../../../core/page-views.ts';
import { pageViews } from './page-view-reporting.ts';
import { useMostVisitedScreens } from './analytics-api.ts';
import { formatNumber } from '../lib/format.ts';

const viewsText = (count: number) => (count === 1 ? '1 view' : `${formatNumber(count)} views`);

export function MostVisitedCard() {
  const screens = useMostVisitedScreens(() => pageViews.flush());
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Most visited screens
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Your top {MOST_VISITED_SCREENS}, counted on this server only.
        </Typography>
        {screens.error && <Alert severity="error">{screens.error.message}</Alert>}
        {screens.isPending && <Skeleton variant="rounded" height={120} />}
        {screens.data?.screens.length === 0 && <Typography color="text.secondary">No screens counted yet.</Typography>}
        {screens.data && screens.data.screens.length > 0 && (
          <List dense disablePadding aria-label="Most visited screens">
            {screens.data.screens.map((screen, index) => (
              <ListItem key={screen.path} disableGutters divider={index < screens.data.screens.length - 1}>
                <ListItemText primary={`${index + 1}. ${screenTitle(screen.path)}`} />
                <Typography variant="body2" color="text.secondary">
                  {viewsText(screen.count)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
