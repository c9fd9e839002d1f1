/**
 * The paid subscription over HTTP with the real `stripe` SDK against the local Stripe stand-in:
 * Checkout and the Billing Portal, Stripe's signed webhooks (forged and stale signatures, replays,
 * events out of order, an unknown customer, a deleted account), the gate in front of what a
 * subscription unlocks, live events on the runner's open pages (on another app server too), and a
 * server without Stripe settings.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES, subscriptionRequiredMessage, type SubscriptionView } from '../../core/subscription.ts';
import { startStripeStandIn, type StripeStandIn } from '../../tools/service-stand-ins/stripe.ts';
import { fixedClock } from '../test-support/clock.ts';
import { openEventStream } from '../test-support/event-streams.ts';
import { expectApiError, registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import {
  newWebhookSecret,
  signedEvent,
  stripeConfigFor,
  subscriptionObject,
  TEST_PRICES,
} from '../test-support/stripe.ts';
import { captureLog, startTestServer, testDatabaseKind, type TestServer } from '../test-support/test-server.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const NOW_S = NOW / 1000;
const DAY_S = 86_400;
const BERLIN = 'Europe%2FBerlin';

const clock = fixedClock(NOW);
const secret = newWebhookSecret();
const log = captureLog();
let stripe: StripeStandIn;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: secret, now: () => clock.now() });
  server = await startTestServer(
    { stripe: stripeConfigFor(stripe, secret), logLevel: 'info' },
    { clock, logDestination: log.destination },
  );
  stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
});

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

let eventSequence = 0;
const eventId = () => `evt_test_${(eventSequence += 1)}`;

/** Posts a signed event as Stripe would; `timestamp` (seconds) dates the signature. */
function postEvent(
  on: TestServer,
  event: { id?: string; type: string; created: number; object: unknown },
  options: { secret?: string; timestamp?: number } = {},
) {
  const { body, signature } = signedEvent(
    { id: event.id ?? eventId(), type: event.type, created: event.created, object: event.object },
    options.secret ?? secret,
    options.timestamp ?? Math.floor(clock.now() / 1000),
  );
  return fetch(`${on.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
}

async function subscriptionOf(runner: RegisteredUser): Promise<SubscriptionView> {
  const response = await runner.client.get<SubscriptionView>('/api/subscription');
  expect(response.status).toBe(200);
  return response.body;
}

async function rowsOf(table: 'subscriptions' | 'stripe_customers', userId: string): Promise<number> {
  const result = await sql<{
    count: string;
  }>`select count(*) as count from ${sql.table(table)} where user_id = ${userId}`.execute(server.database.db);
  return Number(result.rows[0]?.count ?? 0);
}

/** Subscribes through Checkout: the session, the stand-in's "Pay" and its webhooks. */
async function subscribeThroughCheckout(runner: RegisteredUser, plan: 'monthly' | 'yearly' = 'monthly') {
  const checkout = await runner.client.post<{ url: string }>('/api/subscription/checkout', { plan });
  expect(checkout.status).toBe(200);
  const paid = await fetch(checkout.body.url, { method: 'POST', redirect: 'manual' });
  await stripe.idle();
  return { checkoutUrl: checkout.body.url, redirect: paid.headers.get('location') };
}

/** A runner with a Stripe customer (their first Checkout creates it) but no subscription yet. */
async function runnerWithCustomer(): Promise<{ runner: RegisteredUser; customer: string }> {
  const runner = await registerUser(server);
  expect((await runner.client.post('/api/subscription/checkout', { plan: 'monthly' })).status).toBe(200);
  const customer = [...stripe.customers.values()].find((entry) => entry.metadata.userId === runner.id);
  expect(customer).toBeDefined();
  return { runner, customer: customer!.id };
}

describe('GET /api/subscription and Checkout', () => {
  it('says "not subscribed" (no record) until Checkout is paid, then the webhook makes it active', async () => {
    const runner = await registerUser(server);
    const stream = await openEventStream(server, runner.client);
    expect(await subscriptionOf(runner)).toEqual({
      payments: true,
      gatedFeatures: ['plan-generation', 'readiness-insights'],
      plans: ['monthly', 'yearly'],
      subscription: null,
      canManage: false,
    });

    const { checkoutUrl, redirect } = await subscribeThroughCheckout(runner, 'yearly');

    expect(checkoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const created = stripe.requests.filter((request) => request.path === '/v1/customers');
    const customer = created.find((request) => request.form['metadata[userId]'] === runner.id);
    expect(customer?.form).toMatchObject({ email: runner.credentials.email, name: runner.credentials.name });
    const session = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1);
    const customerId = [...stripe.customers.values()].find((entry) => entry.metadata.userId === runner.id)?.id;
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: runner.id,
      'line_items[0][price]': TEST_PRICES.yearly,
      'line_items[0][quantity]': '1',
      success_url: `${server.url}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/account`,
    });
    expect(redirect).toMatch(new RegExp(`^${server.url}/success\\?session_id=cs_test_`));
    // The open page hears of it without a reload.
    await expect.poll(() => stream.text()).toContain('event: subscription-changed');
    stream.abort();
    expect(stripe.deliveries.slice(-2)).toEqual([
      { type: 'customer.subscription.created', status: 200 },
      { type: 'checkout.session.completed', status: 200 },
    ]);
    const view = await subscriptionOf(runner);
    expect(view.canManage).toBe(true);
    expect(view.subscription).toEqual({
      status: 'active',
      currentPeriodEnd: new Date(NOW + 365 * DAY_S * 1000).toISOString(),
      updatedAt: new Date(NOW).toISOString(),
      active: true,
      plan: 'yearly',
      cancelAtPeriodEnd: false,
      endedAt: null,
    });
  });

  it('reuses the runner’s Stripe customer on a second Checkout', async () => {
    const { runner, customer } = await runnerWithCustomer();
    const before = stripe.requests.filter((request) => request.path === '/v1/customers').length;

    expect((await runner.client.post('/api/subscription/checkout', { plan: 'monthly' })).status).toBe(200);

    expect(stripe.requests.filter((request) => request.path === '/v1/customers')).toHaveLength(before);
    expect(stripe.requests.at(-1)?.form).toMatchObject({ customer, client_reference_id: runner.id });
  });

  it('refuses an unknown plan with a sentence, and a portal before any Checkout', async () => {
    const runner = await registerUser(server);
    const wrong = await runner.client.post('/api/subscription/checkout', { plan: 'weekly' });
    expect(wrong.status).toBe(400);
    expectApiError(await runner.client.post('/api/subscription/portal'), 409, {
      type: 'validation_error',
      message: SUBSCRIPTION_MESSAGES.noCustomer,
      code: 'no-stripe-customer',
    });
    expect(await rowsOf('stripe_customers', runner.id)).toBe(0);
  });

  it('opens the Billing Portal of the runner’s customer, returning to Account', async () => {
    const runner = await registerUser(server);
    await subscribeThroughCheckout(runner);
    const portal = await runner.client.post<{ url: string }>('/api/subscription/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
    expect(stripe.requests.at(-1)?.form).toMatchObject({ return_url: `${server.url}/account` });

    // Cancelled at the period's end (the portal's default): still active, and it ends instead of renewing.
    await fetch(`${portal.body.url}/cancel-at-period-end`, { method: 'POST', redirect: 'manual' });
    await stripe.idle();
    expect((await subscriptionOf(runner)).subscription).toMatchObject({
      status: 'active',
      active: true,
      plan: 'monthly',
      cancelAtPeriodEnd: true,
      endedAt: null,
    });
    // Cancelled now: the customer.subscription.deleted webhook says when it ended.
    await fetch(`${portal.body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    await stripe.idle();
    expect((await subscriptionOf(runner)).subscription).toMatchObject({
      status: 'canceled',
      active: false,
      endedAt: new Date(NOW).toISOString(),
    });
  });
});

describe('POST /api/stripe/webhook signatures', () => {
  it('refuses a forged signature and a stale one with a sentence, storing nothing', async () => {
    const { runner, customer } = await runnerWithCustomer();
    const object = subscriptionObject({ id: 'sub_forged', customer, status: 'active', periodEnd: NOW_S + 30 * DAY_S });
    const forgedId = eventId();
    const forged = await postEvent(
      server,
      { id: forgedId, type: 'customer.subscription.created', created: NOW_S, object },
      { secret: newWebhookSecret() },
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      error: { type: 'validation_error', message: SUBSCRIPTION_MESSAGES.badSignature },
    });
    // Signed 301 s before the server's clock: past the SDK's 300 s tolerance.
    const stale = await postEvent(
      server,
      { type: 'customer.subscription.created', created: NOW_S, object },
      { timestamp: NOW_S - 301 },
    );
    expect(stale.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: eventId(), type: 'customer.subscription.created', data: { object } }),
    });
    expect(unsigned.status).toBe(400);

    expect(await rowsOf('subscriptions', runner.id)).toBe(0);
    const claimed = await sql`select id from stripe_events where id = ${forgedId}`.execute(server.database.db);
    expect(claimed.rows).toEqual([]);
    // A signature within the tolerance is accepted.
    const fresh = await postEvent(
      server,
      { type: 'customer.subscription.created', created: NOW_S, object },
      { timestamp: NOW_S - 299 },
    );
    expect(fresh.status).toBe(200);
    expect(await rowsOf('subscriptions', runner.id)).toBe(1);
  });
});

describe('POST /api/stripe/webhook events', () => {
  it('applies an event once: a replay, even later, changes nothing', async () => {
    const { runner, customer } = await runnerWithCustomer();
    const object = subscriptionObject({ id: 'sub_replay', customer, status: 'past_due', periodEnd: NOW_S + DAY_S });
    const event = { id: eventId(), type: 'customer.subscription.updated', created: NOW_S, object };

    expect((await postEvent(server, event)).status).toBe(200);
    clock.advance(60_000);
    try {
      expect((await postEvent(server, event)).status).toBe(200);
    } finally {
      clock.set(NOW);
    }

    // Applied again, the record would carry the replay's time.
    expect((await subscriptionOf(runner)).subscription).toEqual({
      status: 'past_due',
      currentPeriodEnd: new Date((NOW_S + DAY_S) * 1000).toISOString(),
      updatedAt: new Date(NOW).toISOString(),
      active: false,
      plan: 'monthly',
      cancelAtPeriodEnd: false,
      endedAt: null,
    });
    const stored = await sql<{
      count: string;
    }>`select count(*) as count from stripe_events where id = ${event.id}`.execute(server.database.db);
    expect(Number(stored.rows[0]?.count)).toBe(1);
  });

  it('never lets an older event overwrite a newer state', async () => {
    const { runner, customer } = await runnerWithCustomer();
    const active = subscriptionObject({ id: 'sub_order', customer, status: 'active', periodEnd: NOW_S + 30 * DAY_S });
    const canceled = { ...active, status: 'canceled' };

    expect(
      (await postEvent(server, { type: 'customer.subscription.deleted', created: NOW_S - 10, object: canceled }))
        .status,
    ).toBe(200);
    expect(
      (await postEvent(server, { type: 'customer.subscription.created', created: NOW_S - 20, object: active })).status,
    ).toBe(200);
    expect((await subscriptionOf(runner)).subscription).toMatchObject({ status: 'canceled', active: false });

    // The same second: nothing follows a cancellation; a newer event does.
    expect(
      (await postEvent(server, { type: 'customer.subscription.updated', created: NOW_S - 10, object: active })).status,
    ).toBe(200);
    expect((await subscriptionOf(runner)).subscription?.status).toBe('canceled');
    expect(
      (await postEvent(server, { type: 'customer.subscription.created', created: NOW_S - 5, object: active })).status,
    ).toBe(200);
    expect((await subscriptionOf(runner)).subscription).toMatchObject({ status: 'active', active: true });
  });

  it('reads the subscription Stripe reports for a failed invoice payment', async () => {
    const runner = await registerUser(server);
    await subscribeThroughCheckout(runner);
    const subscription = [...stripe.subscriptions.values()].find(
      (entry) => stripe.customers.get(entry.customer)?.metadata.userId === runner.id,
    )!;
    subscription.status = 'past_due';
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer: subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };

    expect(
      (await postEvent(server, { type: 'invoice.payment_failed', created: NOW_S + 5, object: invoice })).status,
    ).toBe(200);

    expect((await subscriptionOf(runner)).subscription).toMatchObject({ status: 'past_due', active: false });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${subscription.id}` });
  });

  it('answers 200 for an unknown customer, stores nothing and logs it', async () => {
    const object = subscriptionObject({
      id: 'sub_nobody',
      customer: 'cus_nobody',
      status: 'active',
      periodEnd: NOW_S + DAY_S,
    });
    const id = eventId();
    expect(
      (await postEvent(server, { id, type: 'customer.subscription.created', created: NOW_S, object })).status,
    ).toBe(200);
    const rows = await sql`select user_id from subscriptions where stripe_subscription_id = 'sub_nobody'`.execute(
      server.database.db,
    );
    expect(rows.rows).toEqual([]);
    expect(log.lines().some((line) => line.includes(id) && line.includes('for no Stride account'))).toBe(true);
  });

  it('ignores the events Stride does not act on', async () => {
    const response = await postEvent(server, { type: 'customer.created', created: NOW_S, object: { id: 'cus_x' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });
});

describe('deleting a subscribed account', () => {
  it('cancels the subscription at Stripe; its webhook and a late Checkout event then store nothing', async () => {
    const runner = await registerUser(server);
    await subscribeThroughCheckout(runner);
    const subscription = [...stripe.subscriptions.values()].find(
      (entry) => stripe.customers.get(entry.customer)?.metadata.userId === runner.id,
    )!;

    const deleted = await runner.client.delete('/api/account', {
      confirmEmail: runner.credentials.email,
      password: runner.credentials.password,
    });
    expect(deleted.status).toBe(200);
    await stripe.idle();

    expect(
      stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription.id}`),
    ).toBe(true);
    expect(subscription.status).toBe('canceled');
    expect(stripe.deliveries.at(-1)).toEqual({ type: 'customer.subscription.deleted', status: 200 });
    const late = await postEvent(server, {
      type: 'checkout.session.completed',
      created: NOW_S + 10,
      object: {
        id: 'cs_late',
        object: 'checkout.session',
        client_reference_id: runner.id,
        customer: subscription.customer,
        subscription: subscription.id,
      },
    });
    expect(late.status).toBe(200);
    expect(await rowsOf('subscriptions', runner.id)).toBe(0);
    expect(await rowsOf('stripe_customers', runner.id)).toBe(0);
  });
});

describe('what a subscription unlocks', () => {
  it('refuses readiness and plan generation with 403 and a sentence until the subscription is active', async () => {
    const runner = await registerUser(server);
    expectApiError(await runner.client.get(`/api/readiness?timeZone=${BERLIN}`), 403, {
      type: 'permission_error',
      message: subscriptionRequiredMessage('readiness-insights'),
      code: 'subscription-required',
    });
    expectApiError(
      await runner.client.post(`/api/training-plans?timeZone=${BERLIN}`, {
        goalId: 'no-such-goal',
        level: 'beginner',
        runsPerWeek: 3,
      }),
      403,
      {
        type: 'permission_error',
        message: subscriptionRequiredMessage('plan-generation'),
        code: 'subscription-required',
      },
    );

    await subscribeThroughCheckout(runner);
    expect((await runner.client.get(`/api/readiness?timeZone=${BERLIN}`)).status).toBe(200);
    // Past the gate, the plan request meets the plan's own checks (no such goal).
    const plan = await runner.client.post(`/api/training-plans?timeZone=${BERLIN}`, {
      goalId: 'no-such-goal',
      level: 'beginner',
      runsPerWeek: 3,
    });
    expect(plan.status).toBe(404);

    // Spec §4: once the period has ended it is no longer active.
    clock.set(NOW + 31 * DAY_S * 1000);
    try {
      expect((await runner.client.get(`/api/readiness?timeZone=${BERLIN}`)).status).toBe(403);
      expect((await subscriptionOf(runner)).subscription).toMatchObject({ status: 'active', active: false });
    } finally {
      clock.set(NOW);
    }
  });
});

describe('a server without Stripe settings', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({}, { clock });
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it('takes no payments and gates nothing', async () => {
    const runner = await registerUser(plain);
    expect((await runner.client.get<SubscriptionView>('/api/subscription')).body).toEqual({
      payments: false,
      gatedFeatures: [],
      plans: [],
      subscription: null,
      canManage: false,
    });
    expect((await runner.client.get(`/api/readiness?timeZone=${BERLIN}`)).status).toBe(200);
    expectApiError(await runner.client.post('/api/subscription/checkout', { plan: 'monthly' }), 409, {
      type: 'validation_error',
      message: SUBSCRIPTION_MESSAGES.noPayments,
      code: 'payments-not-configured',
    });
  });

  it('gates nothing when the operator empties the list', async () => {
    const open = await startTestServer(
      { stripe: stripeConfigFor(stripe, secret), subscriptionFeatures: [] },
      { clock },
    );
    try {
      const runner = await registerUser(open);
      expect((await runner.client.get(`/api/readiness?timeZone=${BERLIN}`)).status).toBe(200);
      expect((await runner.client.get<SubscriptionView>('/api/subscription')).body.gatedFeatures).toEqual([]);
    } finally {
      await open.stop();
    }
  });
});

// Two app servers share one database only on PostgreSQL (PGlite lives inside one process), so this
// test exists in the db:postgres project only.
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('two app servers on one database', () => {
  it('a webhook landing on one reaches the runner’s stream on the other', async () => {
    const other = await startTestServer(
      { appSecret: server.config.appSecret, stripe: stripeConfigFor(stripe, secret) },
      { database: server.testDatabase, clock },
    );
    try {
      const { runner, customer } = await runnerWithCustomer();
      const onOther = await signedInClient(other, runner.credentials);
      const stream = await openEventStream(other, onOther);
      const object = subscriptionObject({ id: 'sub_two', customer, status: 'active', periodEnd: NOW_S + DAY_S });

      expect((await postEvent(server, { type: 'customer.subscription.created', created: NOW_S, object })).status).toBe(
        200,
      );

      await expect.poll(() => stream.text()).toContain('event: subscription-changed');
      stream.abort();
      const view = await onOther.get<SubscriptionView>('/api/subscription');
      expect(view.body.subscription).toMatchObject({ status: 'active', active: true });
    } finally {
      await other.stop();
    }
  });
});
