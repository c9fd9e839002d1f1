/**
 * Account Settings → "Subscription" (spec §4): "Not subscribed" when no record exists, a plan
 * choice that opens Stripe Checkout, and for a subscriber the status, the plan and its dates and "Manage
 * subscription" (Stripe's Billing Portal: change plan, cancel, invoices). A server without Stripe
 * says it takes no payments. A webhook's change flips the card live (the subscription-changed event).
 */
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  SUBSCRIPTION_FEATURES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLAN_LABELS,
  type SubscriptionPlan,
  type SubscriptionView,
} from '../../../core/subscription.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { useOpenPortal, useStartCheckout, useSubscription } from './subscription-api.ts';
import { subscriptionDatesText } from './subscription-dates.ts';

function Unlocks({ view }: { view: SubscriptionView }) {
  if (view.gatedFeatures.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {SUBSCRIPTION_MESSAGES.nothingGated}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      A subscription unlocks: {view.gatedFeatures.map((feature) => SUBSCRIPTION_FEATURES[feature]).join(', ')}.
    </Typography>
  );
}

function Subscribe({ view }: { view: SubscriptionView }) {
  const [plan, setPlan] = useState<SubscriptionPlan>('monthly');
  const checkout = useStartCheckout();
  return (
    <Stack spacing={2}>
      <RadioGroup
        row
        aria-label="Plan"
        value={plan}
        onChange={(event) => setPlan(event.target.value as SubscriptionPlan)}
      >
        {view.plans.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={SUBSCRIPTION_PLAN_LABELS[option]} />
        ))}
      </RadioGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant="contained"
          disabled={checkout.isPending}
          onClick={() => checkout.mutate(plan)}
          startIcon={checkout.isPending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Subscribe
        </Button>
        {view.canManage && <ManageButton />}
      </Stack>
      {checkout.error && <Alert severity="error">{checkout.error.message}</Alert>}
    </Stack>
  );
}

function ManageButton() {
  const portal = useOpenPortal();
  return (
    <Stack spacing={1.5}>
      <Button
        variant="outlined"
        color="inherit"
        disabled={portal.isPending}
        onClick={() => portal.mutate()}
        startIcon={portal.isPending ? <CircularProgress size={16} color="inherit" /> : null}
      >
        Manage subscription
      </Button>
      {portal.error && <Alert severity="error">{portal.error.message}</Alert>}
    </Stack>
  );
}

export function SubscriptionCard() {
  const { data: view, error } = useSubscription();
  const record = view?.subscription ?? null;
  return (
    <AccountSection
      id="subscription"
      title="Subscription"
      description="Payments go through Stripe: your card details never reach Stride."
    >
      {error && <Alert severity="error">{error.message}</Alert>}
      {!view && !error && <Skeleton variant="rounded" height={96} />}
      {view && !view.payments && (
        <Typography variant="body2" color="text.secondary">
          {SUBSCRIPTION_MESSAGES.noPayments}
        </Typography>
      )}
      {view?.payments && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip
              label={record?.active ? SUBSCRIPTION_MESSAGES.active : SUBSCRIPTION_MESSAGES.notSubscribed}
              color={record?.active ? 'success' : 'default'}
              size="small"
            />
            {record && (
              <Typography variant="body2" color="text.secondary">
                {record.active || record.endedAt !== null ? '' : `Status: ${record.status.replace(/_/g, ' ')}. `}
                {subscriptionDatesText(record)}
              </Typography>
            )}
          </Stack>
          <Unlocks view={view} />
          {record?.active ? (
            <Stack direction={{ xs: 'column', sm: 'row' }}>
              <ManageButton />
            </Stack>
          ) : (
            <Subscribe view={view} />
          )}
        </Stack>
      )}
    </AccountSection>
  );
}
