/**
 * The paid subscription (docs/subscription.md): the runner's subscription, Stripe Checkout, the
 * Billing Portal, and Stripe's webhook (no session: Stripe calls it and signs the raw body).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { checkoutRequestSchema, redirectUrlSchema, subscriptionViewSchema } from '../../core/subscription.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

const tags = ['subscription'];

export function subscriptionRoutes({ services, auth }: RouteDeps) {
  const { subscriptions } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/subscription',
        tags,
        responses: {
          200: jsonResponse(
            'Whether this server takes payments, what a subscription unlocks, and the runner’s subscription (null: not subscribed)',
            subscriptionViewSchema,
          ),
        },
      }),
      async (c) => c.json(await subscriptions.view(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/subscription/checkout',
        tags,
        request: { body: jsonBody(checkoutRequestSchema) },
        responses: {
          200: jsonResponse('The hosted Stripe Checkout page to send the browser to', redirectUrlSchema),
          409: errorResponse('This server takes no payments'),
          502: errorResponse('Stripe could not be reached'),
        },
      }),
      async (c) =>
        c.json(
          await subscriptions.checkout(c.var.user, {
            plan: c.req.valid('json').plan,
            requestOrigin: new URL(c.req.url).origin,
          }),
          200,
        ),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/subscription/portal',
        tags,
        responses: {
          200: jsonResponse('The Stripe Billing Portal (change plan, cancel, invoices)', redirectUrlSchema),
          409: errorResponse('This server takes no payments, or the runner never subscribed'),
          502: errorResponse('Stripe could not be reached'),
        },
      }),
      async (c) => c.json(await subscriptions.portal(c.var.user.id, { requestOrigin: new URL(c.req.url).origin }), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: STRIPE_WEBHOOK_PATH,
        tags,
        description:
          'Stripe’s webhook: a Stripe event as JSON, signed in the Stripe-Signature header over the raw body.',
        responses: {
          200: jsonResponse(
            'Received (applied, or already applied, or about no Stride account)',
            z.object({ received: z.literal(true) }),
          ),
          400: errorResponse('The signature could not be verified'),
          409: errorResponse('This server takes no payments'),
        },
      }),
      async (c) => {
        await subscriptions.handleWebhook({
          rawBody: await c.req.text(),
          signature: c.req.header('stripe-signature') ?? '',
        });
        return c.json({ received: true as const }, 200);
      },
    );
}
