/**
 * The dashboard's readiness hint: today's level with its reason, the score and load behind it, the
 * coaching focus's tip, and the check-in reminder once its time has come (core/wellbeing/coaching.ts).
 */
import FavoriteIcon from '@mui/icons-material/Favorite';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LinkAlert } from '../components/LinkAlert.tsx';
import { subscriptionGateMessage } from '../lib/subscription-gate.ts';
import { loadRatioText, READINESS_TITLES, scoreChip } from './readiness-view.ts';
import { useReadiness } from './wellbeing-api.ts';

export function ReadinessCard() {
  const { data, error } = useReadiness();
  const gated = subscriptionGateMessage(error);
  if (gated) {
    // A feature this server sells: say so, with the way to subscribe.
    return (
      <Card data-testid="readiness-card">
        <CardContent>
          <LinkAlert severity="info" to="/account#subscription" linkText="Subscribe">
            {gated}
          </LinkAlert>
        </CardContent>
      </Card>
    );
  }
  if (error) {
    return null;
  }
  const ratio = data ? loadRatioText(data.ratio, data.learning) : null;
  return (
    <Card data-testid="readiness-card">
      <CardContent>
        {data?.reminder && (
          <Alert
            severity="info"
            icon={<NotificationsActiveIcon fontSize="inherit" />}
            sx={{ mb: 2 }}
            data-testid="check-in-reminder"
          >
            {data.reminder}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <FavoriteIcon color="primary" sx={{ mt: 0.5 }} />
            <Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2">
                  {data ? READINESS_TITLES[data.level] : <Skeleton width={160} />}
                </Typography>
                {data && data.score !== null && (
                  <Chip
                    size="small"
                    color={scoreChip(data.score).colour}
                    label={`Wellbeing ${scoreChip(data.score).text}`}
                    data-testid="readiness-score"
                  />
                )}
              </Stack>
              <Typography color="text.secondary" data-testid="readiness-sentence">
                {data ? data.sentence : <Skeleton width={260} />}
              </Typography>
              {ratio && (
                <Typography variant="body2" color="text.secondary" data-testid="readiness-load">
                  {ratio}
                </Typography>
              )}
              {data && (
                <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="coaching-tip">
                  {data.tip}
                </Typography>
              )}
            </Box>
          </Stack>
          <Button component={RouterLink} to="/training-goals" variant="outlined" sx={{ flexShrink: 0 }}>
            {data?.score === null ? 'Check in' : 'Wellbeing'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
