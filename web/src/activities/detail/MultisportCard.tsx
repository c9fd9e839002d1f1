import { Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';
import { ActivityTypeIcon } from '../ActivityTypeIcon.tsx';

/** A leg of a multisport file: the event's legs in order, each linked, this one marked. */
export function MultisportCard({ activity }: { activity: ActivityDetail }) {
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
