import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { stripeAddress } from '../../server/integrations/stripe/stripe-gateway.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe.ts';

const SECRET = 'whsec_stand_in_test';
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

let standIn: StripeStandIn | undefined;
let receiver: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await standIn?.close();
  await receiver?.close();
  standIn = undefined;
  receiver = undefined;
});

/** A webhook endpoint that keeps each body and signature it is sent. */
async function startReceiver(): Promise<{ url: string; received: { body: string; signature: string }[] }> {
  const received: { body: string; signature: string }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

describe('Stripe stand-in', () => {
  it('answers the official SDK: a customer, a Checkout session whose page pays and sends verifiable webhooks', async () => {
    standIn = await startStripeStandIn({ webhookSecret: SECRET, now: () => NOW });
    const hook = await startReceiver();
    standIn.webhookUrl = hook.url;
    const stripe = new Stripe('sk_test_x', { ...stripeAddress(standIn.url), maxNetworkRetries: 0 });

    const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'u1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u1',
      line_items: [{ price: 'price_monthly', quantity: 1 }],
      success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/account',
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(session.url).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_`));
    expect(await (await fetch(session.url!)).text()).toContain('Pay and subscribe');

    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/success?session_id=${session.id}`);
    await standIn.idle();

    const events = hook.received.map(({ body, signature }) =>
      stripe.webhooks.constructEvent(body, signature, SECRET, undefined, undefined, NOW),
    );
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.created', 'checkout.session.completed']);
    const subscription = events[0]!.data.object as Stripe.Subscription;
    expect(subscription).toMatchObject({ customer: customer.id, status: 'active' });
    expect(subscription.items.data[0]?.current_period_end).toBe(NOW / 1000 + 30 * 86_400);
    expect(events[1]!.data.object).toMatchObject({ client_reference_id: 'u1', subscription: subscription.id });
    expect(() =>
      stripe.webhooks.constructEvent(hook.received[0]!.body, hook.received[0]!.signature, 'whsec_other'),
    ).toThrow();

    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/account',
    });
    expect(portal.url).toMatch(new RegExp(`^${standIn.url}/p/session/bps_`));
    await stripe.subscriptions.cancel(subscription.id);
    await standIn.idle();
    expect(standIn.deliveries.at(-1)).toEqual({ type: 'customer.subscription.deleted', status: 200 });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toThrow("No such subscription: 'sub_missing'");
  });
});
