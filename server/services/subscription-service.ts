/**
 * The paid subscription's use cases (spec §1, §3, §4; docs/subscription.md): what the runner's
 * subscription is, starting Stripe Checkout, opening the Billing Portal, the gate in front of the
 * features a subscription unlocks, Stripe's webhooks, and cancelling at Stripe when a subscribed
 * runner deletes their account. Without Stripe settings the server takes no payments and gates nothing.
 */
import type Stripe from 'stripe';
import {
  featureUnlocked,
  isSubscriptionActive,
  planOfPrice,
  replacesStoredState,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_REQUIRED_CODE,
  subscriptionRequiredMessage,
  type SubscriptionFeature,
  type SubscriptionPlan,
  type SubscriptionView,
} from '../../core/subscription.ts';
import type { StripeConfig } from '../config.ts';
import {
  claimStripeEvent,
  findCustomerId,
  findSubscription,
  findUserIdByCustomer,
  holdAccount,
  lockSubscription,
  saveCustomerId,
  writeSubscription,
} from '../db/subscription-repository.ts';
import { findAccountCreatedAt } from '../db/user-repository.ts';
import { conflict, forbidden, invalid, upstreamFailed } from '../errors.ts';
import {
  idOf,
  subscriptionState,
  type StripeGateway,
  type StripeSubscriptionState,
  type VerifiedStripeEvent,
} from '../integrations/stripe/stripe-gateway.ts';
import type { WiringContext } from './service-context.ts';

export type SubscriptionContext = Pick<WiringContext, 'db' | 'events' | 'logger' | 'clock'> & {
  /** Null when the server takes no payments. */
  stripe: { gateway: StripeGateway; config: StripeConfig } | null;
  /** What a subscription unlocks here. */
  features: readonly SubscriptionFeature[];
};

/** The Stripe events Stride acts on. */
export const HANDLED_STRIPE_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

/** The runner's subscription as the Account page shows it. */
export async function getSubscriptionView(context: SubscriptionContext, userId: string): Promise<SubscriptionView> {
  const payments = context.stripe !== null;
  const [record, customerId] = await Promise.all([
    findSubscription(context.db, userId),
    payments ? findCustomerId(context.db, userId) : undefined,
  ]);
  return {
    payments,
    gatedFeatures: payments ? [...context.features] : [],
    plans: payments ? [...SUBSCRIPTION_PLANS] : [],
    subscription: record
      ? {
          status: record.status,
          currentPeriodEnd: new Date(record.currentPeriodEnd).toISOString(),
          updatedAt: new Date(record.updatedAt).toISOString(),
          active: isSubscriptionActive(record, context.clock.now()),
          plan: record.plan,
          cancelAtPeriodEnd: record.cancelAtPeriodEnd,
          endedAt: record.endedAt === null ? null : new Date(record.endedAt).toISOString(),
        }
      : null,
    canManage: customerId !== undefined,
  };
}

/** Refuses a gated feature to a runner without an active subscription (403 with a sentence). */
export async function requireFeature(
  context: SubscriptionContext,
  userId: string,
  feature: SubscriptionFeature,
): Promise<void> {
  const payments = context.stripe !== null;
  if (featureUnlocked(feature, context.features, payments, false)) {
    return;
  }
  const record = await findSubscription(context.db, userId);
  if (!isSubscriptionActive(record, context.clock.now())) {
    throw forbidden(subscriptionRequiredMessage(feature), SUBSCRIPTION_REQUIRED_CODE);
  }
}

function configured(context: SubscriptionContext): NonNullable<SubscriptionContext['stripe']> {
  if (context.stripe === null) {
    throw conflict(SUBSCRIPTION_MESSAGES.noPayments, { code: 'payments-not-configured' });
  }
  return context.stripe;
}

async function callStripe<T>(context: SubscriptionContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    context.logger.warn({ err: error }, `Stripe: ${what} failed`);
    throw upstreamFailed(SUBSCRIPTION_MESSAGES.stripeUnavailable);
  }
}

/** Where Stripe sends the browser back: PUBLIC_URL when set, otherwise the address the browser used. */
function returnBase(stripe: NonNullable<SubscriptionContext['stripe']>, requestOrigin: string): string {
  return stripe.config.returnBaseUrl ?? requestOrigin;
}

/**
 * A hosted Checkout session for the plan: the runner's Stripe customer is reused (created at the
 * first checkout), the session names the runner (client_reference_id) and returns to /success.
 */
export async function startCheckout(
  context: SubscriptionContext,
  user: { id: string; email: string; name: string },
  input: { plan: SubscriptionPlan; requestOrigin: string },
): Promise<{ url: string }> {
  const stripe = configured(context);
  let customerId = await findCustomerId(context.db, user.id);
  if (customerId === undefined) {
    const created = await callStripe(context, 'creating a customer', () =>
      stripe.gateway.createCustomer({ email: user.email, name: user.name, userId: user.id }),
    );
    customerId = await saveCustomerId(context.db, user.id, created, new Date(context.clock.now()));
  }
  const base = returnBase(stripe, input.requestOrigin);
  const chosenCustomer = customerId;
  const url = await callStripe(context, 'creating a Checkout session', () =>
    stripe.gateway.createCheckoutSession({
      customerId: chosenCustomer,
      priceId: stripe.config.prices[input.plan],
      userId: user.id,
      successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/account`,
    }),
  );
  return { url };
}

/** The Billing Portal (change plan, cancel, invoices) of the runner's Stripe customer. */
export async function openPortal(
  context: SubscriptionContext,
  userId: string,
  input: { requestOrigin: string },
): Promise<{ url: string }> {
  const stripe = configured(context);
  const customerId = await findCustomerId(context.db, userId);
  if (customerId === undefined) {
    throw conflict(SUBSCRIPTION_MESSAGES.noCustomer, { code: 'no-stripe-customer' });
  }
  const url = await callStripe(context, 'creating a Billing Portal session', () =>
    stripe.gateway.createPortalSession({
      customerId,
      returnUrl: `${returnBase(stripe, input.requestOrigin)}/account`,
    }),
  );
  return { url };
}

/** The subscription an event is about, as Stripe reports it now or in the event itself. */
async function stateOfEvent(
  context: SubscriptionContext,
  gateway: StripeGateway,
  event: VerifiedStripeEvent,
): Promise<{ state: StripeSubscriptionState | null; userId: string | null; customerId: string | null }> {
  if (event.type.startsWith('customer.subscription.')) {
    const state = subscriptionState(event.object as unknown as Stripe.Subscription);
    return { state, userId: null, customerId: state.customerId };
  }
  let subscriptionId: string | null;
  let userId: string | null = null;
  let customerId: string | null;
  if (event.type === 'checkout.session.completed') {
    const session = event.object as unknown as Stripe.Checkout.Session;
    subscriptionId = idOf(session.subscription);
    userId = session.client_reference_id;
    customerId = idOf(session.customer);
  } else {
    const invoice = event.object as unknown as Stripe.Invoice & { subscription?: string | { id: string } | null };
    subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
    customerId = idOf(invoice.customer);
  }
  if (subscriptionId === null) {
    return { state: null, userId, customerId };
  }
  const id = subscriptionId;
  const state = await callStripe(context, 'reading a subscription', () => gateway.retrieveSubscription(id));
  return { state, userId, customerId: customerId ?? state.customerId };
}

export type WebhookOutcome = 'applied' | 'stale' | 'replay' | 'ignored' | 'unknown-customer';

/**
 * A Stripe webhook: the signature is checked over the raw body, then the event is applied once
 * (its id is recorded in the same transaction as the write) and only when it is not older than the
 * state stored. The runner's open pages hear of a change on every app server.
 */
export async function handleStripeWebhook(
  context: SubscriptionContext,
  input: { rawBody: string; signature: string },
): Promise<WebhookOutcome> {
  const stripe = configured(context);
  let event: VerifiedStripeEvent;
  try {
    event = await stripe.gateway.verifyEvent(input.rawBody, input.signature, context.clock.now());
  } catch (error) {
    context.logger.warn({ err: error }, 'Stripe webhook refused: signature not verified');
    throw invalid(SUBSCRIPTION_MESSAGES.badSignature);
  }
  if (!HANDLED_STRIPE_EVENTS.has(event.type)) {
    return 'ignored';
  }
  const { state, userId: referencedUser, customerId } = await stateOfEvent(context, stripe.gateway, event);
  const now = new Date(context.clock.now());
  let userId = referencedUser;
  if (userId !== null && (await findAccountCreatedAt(context.db, userId)) === undefined) {
    userId = null;
  }
  if (userId === null && customerId !== null) {
    userId = (await findUserIdByCustomer(context.db, customerId)) ?? null;
  }
  const owner = userId;
  const outcome = await context.db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
    if (!(await claimStripeEvent(trx, event.id, event.type, now))) {
      return 'replay';
    }
    // The account may be in the middle of its deletion (which cancels at Stripe and so sends this event).
    if (owner === null || !(await holdAccount(trx, owner))) {
      context.logger.info(
        { eventId: event.id, type: event.type, customerId },
        'Stripe event for no Stride account (unknown customer or deleted account): nothing stored',
      );
      return 'unknown-customer';
    }
    if (event.type === 'checkout.session.completed' && customerId !== null) {
      await saveCustomerId(trx, owner, customerId, now);
    }
    if (state === null) {
      return 'ignored';
    }
    const stored = await lockSubscription(trx, owner);
    if (!replacesStoredState(stored, { stateAt: event.created, status: state.status })) {
      context.logger.info(
        { eventId: event.id, type: event.type, userId: owner },
        'Stripe event older than the stored subscription: not applied',
      );
      return 'stale';
    }
    await writeSubscription(trx, {
      userId: owner,
      stripeSubscriptionId: state.id,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      plan: context.stripe === null ? null : planOfPrice(context.stripe.config.prices, state.priceId),
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      endedAt: state.endedAt,
      updatedAt: now.getTime(),
      stateAt: event.created,
    });
    return 'applied';
  });
  if (outcome === 'applied' && owner !== null) {
    await context.events.publish(owner, { type: 'subscription-changed' });
  }
  return outcome;
}

/**
 * Before an account is deleted: a subscription Stripe would still renew is cancelled there, so a
 * deleted runner is never charged again. A failure stops the deletion (the runner can retry).
 */
export async function cancelForDeletion(context: SubscriptionContext, userId: string): Promise<void> {
  if (context.stripe === null) {
    return;
  }
  const record = await findSubscription(context.db, userId);
  if (record === undefined || record.status === 'canceled' || record.status === 'incomplete_expired') {
    return;
  }
  const { gateway } = context.stripe;
  await callStripe(context, 'cancelling a subscription', () => gateway.cancelSubscription(record.stripeSubscriptionId));
}
