/**
 * /success (spec §2, public): where Stripe Checkout sends the browser after payment. It confirms
 * the payment and waits for Stripe's webhook to make the subscription active (asking the server
 * every few seconds; the page has no live stream of its own), then links back to Account. A visitor
 * whose session ended meanwhile is asked to sign in.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { SUBSCRIPTION_MESSAGES } from '../../../core/subscription.ts';
import { useSession } from '../lib/auth/session.ts';
import { useSubscription } from '../subscription/subscription-api.ts';
import { subscriptionDatesText } from '../subscription/subscription-dates.ts';
import { AuthLayout } from './auth/AuthLayout.tsx';

/** How often the page asks whether the webhook has arrived. */
const CONFIRMATION_POLL_MS = 2000;

function BackToAccount({ variant }: { variant: 'contained' | 'outlined' }) {
  return (
    <Button component={RouterLink} to="/account" variant={variant} startIcon={<ArrowBackIcon />}>
      Back to Account
    </Button>
  );
}

function Confirmation() {
  const { data: view, error } = useSubscription({ pollMs: CONFIRMATION_POLL_MS });
  const record = view?.subscription ?? null;
  if (error) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{error.message}</Alert>
        <BackToAccount variant="outlined" />
      </Stack>
    );
  }
  if (view && !view.payments) {
    return (
      <Stack spacing={2}>
        <Typography color="text.secondary">{SUBSCRIPTION_MESSAGES.noPayments}</Typography>
        <BackToAccount variant="outlined" />
      </Stack>
    );
  }
  if (record?.active) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {SUBSCRIPTION_MESSAGES.successActive}
        </Alert>
        <Typography variant="body2" color="text.secondary">
          {subscriptionDatesText(record)}
        </Typography>
        <BackToAccount variant="contained" />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} />
        <Typography>{SUBSCRIPTION_MESSAGES.successWaiting}</Typography>
      </Stack>
      <BackToAccount variant="outlined" />
    </Stack>
  );
}

export default function SuccessPage() {
  const { data: user, isPending } = useSession();
  return (
    <AuthLayout
      heading="Subscription"
      subheading="Confirms your subscription after payment."
      footer="Stripe took the payment: your card details never reached Stride."
    >
      {isPending ? (
        <CircularProgress size={24} />
      ) : user ? (
        <Confirmation />
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">{SUBSCRIPTION_MESSAGES.successSignedOut}</Typography>
          <Button component={RouterLink} to="/login?redirect=%2Fsuccess" variant="contained">
            Sign in
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
