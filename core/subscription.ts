/**
 * The paid subscription (spec §1 "Pay for a subscription", §3 Subscription, §4 Subscription): what
 * it unlocks, when it counts as active, which of two Stripe states is the newer one, the plans a
 * runner can choose, the API's shapes and every sentence the server and the web app show about it.
 */
import { z } from 'zod';

/**
 * What an active subscription unlocks on a server that takes payments, by id and the name a runner
 * reads. An operator narrows this list (or empties it) with SUBSCRIPTION_FEATURES.
 */
export const SUBSCRIPTION_FEATURES = {
  'plan-generation': 'Training plan generation',
  'readiness-insights': 'Readiness insights',
} as const;

export type SubscriptionFeature = keyof typeof SUBSCRIPTION_FEATURES;

export const SUBSCRIPTION_FEATURE_IDS = Object.keys(SUBSCRIPTION_FEATURES) as [
  SubscriptionFeature,
  ...SubscriptionFeature[],
];

/** The two plans Checkout sells, each a Stripe price the operator configures. */
export const SUBSCRIPTION_PLANS = ['monthly', 'yearly'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const SUBSCRIPTION_PLAN_LABELS: Readonly<Record<SubscriptionPlan, string>> = {
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** The plan a Stripe price is sold as here; null for a price this server does not sell. */
export function planOfPrice(
  prices: Readonly<Record<SubscriptionPlan, string>>,
  priceId: string | null,
): SubscriptionPlan | null {
  return SUBSCRIPTION_PLANS.find((plan) => prices[plan] === priceId) ?? null;
}

/** The §3 record as the server keeps it: `currentPeriodEnd` and `updatedAt` in epoch milliseconds. */
export interface SubscriptionRecord {
  stripeSubscriptionId: string;
  status: string;
  currentPeriodEnd: number;
  updatedAt: number;
  userId: string;
  /** The plan of the subscription's price; null for a price this server does not sell (any more). */
  plan: SubscriptionPlan | null;
  /** Stripe's `cancel_at_period_end`, or a `cancel_at` set: it ends instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** Stripe's `ended_at` (epoch milliseconds): when a cancelled subscription ended. */
  endedAt: number | null;
}

/** Spec §4: active only when the status is active and the current period ends in the future. */
export function isSubscriptionActive(
  record: Pick<SubscriptionRecord, 'status' | 'currentPeriodEnd'> | null | undefined,
  nowMs: number,
): boolean {
  return record !== null && record !== undefined && record.status === 'active' && record.currentPeriodEnd > nowMs;
}

/** Stripe statuses after which a subscription never becomes active again. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * Whether a state Stripe reports (in an event created at `stateAt`, epoch seconds) replaces the one
 * stored. Stripe does not deliver events in order: an older state never overwrites a newer one.
 * Events of the same second are ordered by what can follow what: nothing follows a final status.
 */
export function replacesStoredState(
  stored: { stateAt: number; status: string } | null | undefined,
  incoming: { stateAt: number; status: string },
): boolean {
  if (stored === null || stored === undefined || incoming.stateAt > stored.stateAt) {
    return true;
  }
  if (incoming.stateAt < stored.stateAt) {
    return false;
  }
  return !FINAL_STATUSES.has(stored.status) || FINAL_STATUSES.has(incoming.status);
}

/** Whether a runner may use `feature`: always where nothing is sold or it is not gated. */
export function featureUnlocked(
  feature: SubscriptionFeature,
  gated: readonly SubscriptionFeature[],
  payments: boolean,
  active: boolean,
): boolean {
  return !payments || !gated.includes(feature) || active;
}

export const SUBSCRIPTION_MESSAGES = {
  /** Spec §4: shown when no subscription record exists. */
  notSubscribed: 'Not subscribed',
  active: 'Active',
  noPayments: 'This server takes no payments: every feature is open to every runner.',
  nothingGated: 'Every feature is open to every runner; a subscription supports this server.',
  noCustomer: 'There is no subscription to manage yet. Subscribe first.',
  stripeUnavailable: 'The payment provider could not be reached. Please try again.',
  badSignature: 'The webhook signature could not be verified.',
  successWaiting: 'Payment received. Waiting for Stripe to confirm your subscription…',
  successActive: 'Your subscription is active. Thank you for supporting Stride!',
  successSignedOut: 'Sign in to see your subscription.',
} as const;

/** The error code of a gated feature's 403. */
export const SUBSCRIPTION_REQUIRED_CODE = 'subscription-required';

/** The 403 sentence of a gated feature used without an active subscription. */
export function subscriptionRequiredMessage(feature: SubscriptionFeature): string {
  return `${SUBSCRIPTION_FEATURES[feature]} needs an active subscription. Subscribe on the Account page.`;
}

/**
 * What the Account page and /success say of a subscription's dates, by what Stripe says: an active
 * one renews, or ends at the period's end when the runner cancelled it; one that ended says when (a
 * cancellation today reads "Cancelled today"); any other inactive one names its period's end.
 */
export type SubscriptionDates =
  { kind: 'renews' | 'ends' | 'cancelled' | 'period-ended' | 'period-ends'; at: string } | { kind: 'cancelled-today' };

export const SUBSCRIPTION_DATE_LABELS = {
  renews: 'Renews on',
  ends: 'Ends on',
  cancelled: 'Cancelled on',
  'period-ended': 'Period ended on',
  'period-ends': 'Period ends on',
  'cancelled-today': 'Cancelled today',
} as const satisfies Record<SubscriptionDates['kind'], string>;

export function subscriptionDates(
  subscription: Pick<
    NonNullable<SubscriptionView['subscription']>,
    'active' | 'cancelAtPeriodEnd' | 'endedAt' | 'currentPeriodEnd'
  >,
  isToday: (iso: string) => boolean,
  nowMs: number,
): SubscriptionDates {
  const { active, cancelAtPeriodEnd, endedAt, currentPeriodEnd } = subscription;
  if (active) {
    return { kind: cancelAtPeriodEnd ? 'ends' : 'renews', at: currentPeriodEnd };
  }
  if (endedAt !== null) {
    return isToday(endedAt) ? { kind: 'cancelled-today' } : { kind: 'cancelled', at: endedAt };
  }
  return { kind: Date.parse(currentPeriodEnd) > nowMs ? 'period-ends' : 'period-ended', at: currentPeriodEnd };
}

export const subscriptionFeatureSchema = z.enum(SUBSCRIPTION_FEATURE_IDS);

/** GET /api/subscription. */
export const subscriptionViewSchema = z.object({
  /** Whether this server is configured to take payments. */
  payments: z.boolean(),
  /** What a subscription unlocks here (empty: nothing is gated). */
  gatedFeatures: z.array(subscriptionFeatureSchema),
  plans: z.array(z.enum(SUBSCRIPTION_PLANS)),
  /** The §3 record; null when none exists ("Not subscribed"). */
  subscription: z
    .object({
      status: z.string(),
      currentPeriodEnd: z.string(),
      updatedAt: z.string(),
      active: z.boolean(),
      /** Monthly or yearly; null for a price this server does not sell. */
      plan: z.enum(SUBSCRIPTION_PLANS).nullable(),
      /** It ends at `currentPeriodEnd` instead of renewing (cancelled in the Billing Portal). */
      cancelAtPeriodEnd: z.boolean(),
      /** When it ended (Stripe's `ended_at`); null while it runs. */
      endedAt: z.string().nullable(),
    })
    .nullable(),
  /** A Stripe customer exists for this runner: the Billing Portal can open. */
  canManage: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const checkoutRequestSchema = z.object({ plan: z.enum(SUBSCRIPTION_PLANS) });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where the browser goes next: Stripe Checkout or the Billing Portal. */
export const redirectUrlSchema = z.object({ url: z.string() });
