/**
 * Stripe for integration tests: the local stand-in (tools/service-stand-ins/stripe.ts) reached by
 * the real SDK, the server's Stripe settings pointing at it, and Stripe-shaped objects to sign.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import type { StandInSubscription, StripeStandIn } from '../../tools/service-stand-ins/stripe.ts';

export const TEST_PRICES = { monthly: 'price_monthly', yearly: 'price_yearly' } as const;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(16).toString('hex')}`;
}

export function stripeConfigFor(standIn: Pick<StripeStandIn, 'url'>, webhookSecret: string): StripeConfig {
  return {
    secretKey: 'sk_test_stride',
    webhookSecret,
    prices: TEST_PRICES,
    apiUrl: standIn.url,
    returnBaseUrl: null,
  };
}

/** A subscription as Stripe sends it in events (the period end on its item). */
export function subscriptionObject(input: {
  id: string;
  customer: string;
  status: string;
  /** Epoch seconds. */
  periodEnd: number;
}): StandInSubscription {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    created: input.periodEnd - 30 * 86_400,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.id}`,
          object: 'subscription_item',
          current_period_start: input.periodEnd - 30 * 86_400,
          current_period_end: input.periodEnd,
          price: { id: TEST_PRICES.monthly },
        },
      ],
    },
  };
}

/** An event body and its Stripe-Signature header, signed with the SDK's generateTestHeaderString. */
export function signedEvent(
  input: { id: string; type: string; created: number; object: unknown },
  secret: string,
  /** Epoch seconds of the signature. */
  timestamp: number,
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: input.id,
    object: 'event',
    created: input.created,
    type: input.type,
    livemode: false,
    data: { object: input.object },
  });
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp,
  });
  return { body, signature };
}
