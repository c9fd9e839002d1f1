/** The paid subscription (docs/subscription.md): Checkout, the Billing Portal, webhooks, the gate. */
import type { SubscriptionFeature, SubscriptionPlan } from '../../../core/subscription.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { createStripeGateway } from '../../integrations/stripe/stripe-gateway.ts';
import {
  cancelForDeletion,
  getSubscriptionView,
  handleStripeWebhook,
  openPortal,
  requireFeature,
  startCheckout,
  type SubscriptionContext,
} from '../subscription-service.ts';
import type { WiringContext } from '../service-context.ts';

export function wireSubscriptions(ctx: WiringContext) {
  const { stripe } = ctx.config;
  const context: SubscriptionContext = {
    ...ctx,
    stripe: stripe ? { gateway: createStripeGateway(stripe), config: stripe } : null,
    features: ctx.config.subscriptionFeatures,
  };
  return {
    view: (userId: string) => getSubscriptionView(context, userId),
    checkout: (user: SessionUser, input: { plan: SubscriptionPlan; requestOrigin: string }) =>
      startCheckout(context, user, input),
    portal: (userId: string, input: { requestOrigin: string }) => openPortal(context, userId, input),
    /** Public: Stripe calls it; the signature over the raw body is the key. */
    handleWebhook: (input: { rawBody: string; signature: string }) => handleStripeWebhook(context, input),
    /** 403 with a sentence when the feature needs an active subscription the runner lacks. */
    require: (userId: string, feature: SubscriptionFeature) => requireFeature(context, userId, feature),
    /** Account deletion: a subscription Stripe would still renew is cancelled. */
    cancelForDeletion: (userId: string) => cancelForDeletion(context, userId),
  };
}

export type Subscriptions = ReturnType<typeof wireSubscriptions>;
