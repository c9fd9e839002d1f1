// A Stripe stand-in speaking Stripe's REST shapes for what Stride calls, reached by the official
// `stripe` SDK through its host/port/protocol options (STRIPE_API_URL):
//   POST /v1/customers, POST /v1/checkout/sessions, POST /v1/billing_portal/sessions,
//   GET and DELETE /v1/subscriptions/{id}.
// It also serves what Stripe hosts: a Checkout page whose "Pay and subscribe" creates an active
// subscription, answers the browser with a redirect to the session's success_url and then delivers
// the signed webhooks (customer.subscription.created, checkout.session.completed) to the app, and a
// Billing Portal page that cancels it at the period's end (customer.subscription.updated with
// cancel_at_period_end) or now (customer.subscription.deleted, with ended_at).
// Events are signed with the SDK's generateTestHeaderString, exactly as Stripe signs them.
//   npx tsx tools/service-stand-ins/stripe.ts  (prints the settings to start Stride with)
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string };
    }[];
  };
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  price: string;
  status: 'open' | 'complete';
  subscription: string | null;
  url: string;
}

interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
}

export interface StripeRequest {
  method: string;
  path: string;
  /** The form body Stripe's SDK sends, flattened (`line_items[0][price]`). */
  form: Record<string, string>;
}

export interface Delivery {
  type: string;
  status: number;
}

export interface StripeStandIn {
  url: string;
  requests: StripeRequest[];
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  subscriptions: Map<string, StandInSubscription>;
  /** Answers of the app to each delivered webhook, in order. */
  deliveries: Delivery[];
  /** Where webhooks go (the app's /api/stripe/webhook); none are sent while null. */
  webhookUrl: string | null;
  /** While true, the webhooks a payment or a cancellation causes wait for {@link releaseDeliveries}. */
  holdDeliveries: boolean;
  releaseDeliveries(): void;
  /** Signs `object` in an event of `type` and posts it to the webhook URL; returns the app's status. */
  sendEvent(type: string, object: unknown, options?: { created?: number; id?: string }): Promise<number>;
  /** Resolves once every delivery started so far has been answered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Stripe's "id_random" ids. */
function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

const DAY_S = 24 * 60 * 60;
/** A period per price: a price id containing "year" renews yearly, any other monthly. */
const periodSeconds = (price: string) => (price.includes('year') ? 365 * DAY_S : 30 * DAY_S);

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;display:flex;justify-content:center;padding:48px 16px}main{background:#fff;border-radius:8px;box-shadow:0 2px 8px #0002;padding:32px;max-width:420px;width:100%}button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;width:100%;cursor:pointer}a{color:#635bff}</style>
</head><body><main>${body}</main></body></html>`;
}

export async function startStripeStandIn(options: {
  webhookSecret: string;
  /** The stand-in's clock (epoch ms): event `created` times and subscription periods. */
  now?: () => number;
}): Promise<StripeStandIn> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const signer = new Stripe('sk_test_stand_in');
  const sessions = new Map<string, CheckoutSession>();
  const portals = new Map<string, PortalSession>();
  const pending = new Set<Promise<unknown>>();
  const held: (() => void)[] = [];
  let baseUrl = '';

  const standIn: StripeStandIn = {
    url: '',
    requests: [],
    customers: new Map(),
    subscriptions: new Map(),
    deliveries: [],
    webhookUrl: null,
    holdDeliveries: false,
    releaseDeliveries() {
      standIn.holdDeliveries = false;
      for (const release of held.splice(0)) {
        release();
      }
    },
    async sendEvent(type, object, eventOptions = {}) {
      if (standIn.webhookUrl === null) {
        return 0;
      }
      const payload = JSON.stringify({
        id: eventOptions.id ?? stripeId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: eventOptions.created ?? seconds(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
        timestamp: seconds(),
      });
      const response = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      await response.arrayBuffer();
      standIn.deliveries.push({ type, status: response.status });
      return response.status;
    },
    async idle() {
      while (pending.size > 0) {
        await Promise.allSettled([...pending]);
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  /** Deliveries in order, after the answer that caused them (as Stripe sends them: later, on its own). */
  const deliverLater = (events: { type: string; object: unknown }[]) => {
    const hold = standIn.holdDeliveries ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve();
    const delivery = (async () => {
      await hold;
      for (const event of events) {
        await standIn.sendEvent(event.type, event.object).catch(() => undefined);
      }
    })();
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  };

  const subscribe = (session: CheckoutSession): StandInSubscription => {
    const created = seconds();
    const customer = session.customer ?? stripeId('cus');
    const subscription: StandInSubscription = {
      id: stripeId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      created,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            current_period_start: created,
            current_period_end: created + periodSeconds(session.price),
            price: { id: session.price },
          },
        ],
      },
    };
    standIn.subscriptions.set(subscription.id, subscription);
    session.customer = customer;
    session.status = 'complete';
    session.subscription = subscription.id;
    return subscription;
  };

  /** Cancelled now: it ends at once (Stripe sets canceled_at and ended_at). */
  const cancel = (subscription: StandInSubscription) => {
    subscription.status = 'canceled';
    subscription.canceled_at = seconds();
    subscription.ended_at = seconds();
    deliverLater([{ type: 'customer.subscription.deleted', object: structuredClone(subscription) }]);
  };

  /** Cancelled at the period's end, the Billing Portal's default: still active until then. */
  const cancelAtPeriodEnd = (subscription: StandInSubscription) => {
    subscription.cancel_at_period_end = true;
    subscription.canceled_at = seconds();
    deliverLater([{ type: 'customer.subscription.updated', object: structuredClone(subscription) }]);
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse, what: string) =>
    json(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });
  const html = (response: ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(303, { location });
    response.end();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const method = request.method ?? 'GET';
    const form = method === 'POST' ? await readForm(request) : {};
    standIn.requests.push({ method, path: url.pathname, form });
    let match: RegExpExecArray | null;

    if (method === 'POST' && url.pathname === '/v1/customers') {
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const customer = { id: stripeId('cus'), email: form.email ?? '', metadata };
      standIn.customers.set(customer.id, customer);
      return json(response, 200, { object: 'customer', created: seconds(), name: form.name ?? null, ...customer });
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const price = form['line_items[0][price]'];
      if (form.mode !== 'subscription' || !price || !form.success_url) {
        return json(response, 400, {
          error: { type: 'invalid_request_error', message: 'mode, line_items and success_url are required' },
        });
      }
      const id = stripeId('cs_test');
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? '',
        price,
        status: 'open',
        subscription: null,
        url: `${baseUrl}/c/pay/${id}`,
      };
      sessions.set(id, session);
      return json(response, 200, session);
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!form.customer || !standIn.customers.has(form.customer)) {
        return notFound(response, `customer: '${form.customer ?? ''}'`);
      }
      const id = stripeId('bps');
      const portal: PortalSession = {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url ?? '',
        url: `${baseUrl}/p/session/${id}`,
      };
      portals.set(id, portal);
      return json(response, 200, portal);
    }
    if ((match = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname))) {
      const subscription = standIn.subscriptions.get(match[1] ?? '');
      if (!subscription) {
        return notFound(response, `subscription: '${match[1] ?? ''}'`);
      }
      if (method === 'DELETE') {
        cancel(subscription);
      }
      return json(response, 200, subscription);
    }
    if ((match = /^\/c\/pay\/([\w]+)$/.exec(url.pathname))) {
      const session = sessions.get(match[1] ?? '');
      if (!session) {
        return notFound(response, 'checkout session');
      }
      if (method === 'POST') {
        if (session.status === 'complete') {
          return redirect(response, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
        }
        const subscription = subscribe(session);
        redirect(response, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
        deliverLater([
          { type: 'customer.subscription.created', object: structuredClone(subscription) },
          { type: 'checkout.session.completed', object: { ...session } },
        ]);
        return;
      }
      const plan = periodSeconds(session.price) > 31 * DAY_S ? 'yearly' : 'monthly';
      return html(
        response,
        page(
          'Checkout (Stripe stand-in)',
          `<h1>Subscribe to Stride</h1><p>Plan: ${plan} (${escapeHtml(session.price)})</p>
<p>This is the local Stripe stand-in: no card is asked for.</p>
<form method="post"><button type="submit">Pay and subscribe</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
        ),
      );
    }
    if ((match = /^\/p\/session\/([\w]+)(\/cancel|\/cancel-at-period-end)?$/.exec(url.pathname))) {
      const portal = portals.get(match[1] ?? '');
      if (!portal) {
        return notFound(response, 'portal session');
      }
      const live = [...standIn.subscriptions.values()].find(
        (subscription) => subscription.customer === portal.customer && subscription.status !== 'canceled',
      );
      if (method === 'POST' && match[2]) {
        if (live) {
          (match[2] === '/cancel' ? cancel : cancelAtPeriodEnd)(live);
        }
        return redirect(response, portal.return_url);
      }
      return html(
        response,
        page(
          'Billing portal (Stripe stand-in)',
          `<h1>Your subscription</h1><p>${live ? `Status: ${live.status}` : 'No active subscription'}</p>
${live && !live.cancel_at_period_end ? `<form method="post" action="/p/session/${portal.id}/cancel-at-period-end"><button type="submit">Cancel at the end of the period</button></form>` : ''}
${live ? `<form method="post" action="/p/session/${portal.id}/cancel"><button type="submit">Cancel now</button></form>` : ''}
<p><a href="${escapeHtml(portal.return_url)}">Return to Stride</a></p>`,
        ),
      );
    }
    return notFound(response, `route: ${method} ${url.pathname}`);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      json(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  standIn.url = baseUrl;
  return standIn;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const standIn = await startStripeStandIn({ webhookSecret });
  const appUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  standIn.webhookUrl = `${appUrl}/api/stripe/webhook`;
  console.log(`STRIPE_API_URL=${standIn.url}`);
  console.log('STRIPE_SECRET_KEY=sk_test_stand_in');
  console.log(`STRIPE_WEBHOOK_SECRET=${webhookSecret}`);
  console.log('STRIPE_PRICE_MONTHLY=price_monthly');
  console.log('STRIPE_PRICE_YEARLY=price_yearly');
  console.log(`(webhooks go to ${standIn.webhookUrl})`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
