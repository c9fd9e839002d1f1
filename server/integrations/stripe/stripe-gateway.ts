/**
 * Stride's side of Stripe, through the official SDK: customers, Checkout sessions (hosted: card
 * details never reach Stride), Billing Portal sessions, subscriptions, and webhook signatures. The
 * SDK reaches STRIPE_API_URL when set (the local stand-in in tools/service-stand-ins/stripe.ts)
 * through its host/port/protocol options; otherwise Stripe itself.
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';

/** What Stride keeps of a Stripe subscription: `currentPeriodEnd` in epoch milliseconds. */
export interface StripeSubscriptionState {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: number;
  /** The first item's price (Checkout sells one price a subscription). */
  priceId: string | null;
  /** `cancel_at_period_end`, or a `cancel_at` set (how newer Billing Portals cancel). */
  cancelAtPeriodEnd: boolean;
  /** `ended_at` in epoch milliseconds. */
  endedAt: number | null;
}

/** A webhook event whose signature was verified, narrowed to what Stride reads. */
export interface VerifiedStripeEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  object: Record<string, unknown>;
}

export interface StripeGateway {
  createCustomer(input: { email: string; name: string; userId: string }): Promise<string>;
  /** Returns the hosted Checkout page's URL. */
  createCheckoutSession(input: {
    customerId: string;
    priceId: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** Returns the Billing Portal's URL. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  retrieveSubscription(id: string): Promise<StripeSubscriptionState>;
  cancelSubscription(id: string): Promise<void>;
  /** Verifies the signature over the raw body at `receivedAtMs`; throws when it does not hold. */
  verifyEvent(rawBody: string, signature: string, receivedAtMs: number): Promise<VerifiedStripeEvent>;
}

/** The SDK's address options for a Stripe-compatible API at `url`. */
export function stripeAddress(url: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (url === null) {
    return {};
  }
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port === '' ? (protocol === 'http' ? 80 : 443) : Number(parsed.port),
    protocol,
  };
}

/**
 * The end of the current period: on each subscription item since Stripe's 2025 API versions (the
 * latest of them when items differ), on the subscription itself in older ones.
 */
export function periodEndOf(subscription: Stripe.Subscription): number {
  const itemEnds = subscription.items.data.map((item) => item.current_period_end);
  const legacy = (subscription as { current_period_end?: unknown }).current_period_end;
  const seconds = itemEnds.length > 0 ? Math.max(...itemEnds) : typeof legacy === 'number' ? legacy : 0;
  return seconds * 1000;
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  return typeof value === 'string' ? value : value.id;
}

export function subscriptionState(subscription: Stripe.Subscription): StripeSubscriptionState {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    priceId: subscription.items.data[0]?.price.id ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || typeof subscription.cancel_at === 'number',
    endedAt: typeof subscription.ended_at === 'number' ? subscription.ended_at * 1000 : null,
  };
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  // The SDK is loaded on first use, so that it costs a server's start-up nothing.
  let loaded: Promise<Stripe> | undefined;
  const sdk = () =>
    (loaded ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(config.secretKey, {
          ...stripeAddress(config.apiUrl),
          maxNetworkRetries: 2,
          timeout: 15_000,
          telemetry: false,
        }),
    ));
  return {
    async createCustomer({ email, name, userId }) {
      const stripe = await sdk();
      const customer = await stripe.customers.create({ email, name, metadata: { userId } });
      return customer.id;
    },
    async createCheckoutSession({ customerId, priceId, userId, successUrl, cancelUrl }) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) {
        throw new Error('Stripe answered a Checkout session without a URL');
      }
      return session.url;
    },
    async createPortalSession({ customerId, returnUrl }) {
      const stripe = await sdk();
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async retrieveSubscription(id) {
      const stripe = await sdk();
      return subscriptionState(await stripe.subscriptions.retrieve(id));
    },
    async cancelSubscription(id) {
      const stripe = await sdk();
      await stripe.subscriptions.cancel(id);
    },
    async verifyEvent(rawBody, signature, receivedAtMs) {
      const stripe = await sdk();
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        config.webhookSecret,
        undefined,
        undefined,
        receivedAtMs,
      );
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    },
  };
}
