/**
 * Strava's webhooks (developers.strava.com/docs/webhooks): the one push subscription per app,
 * created only after the callback echoes hub.challenge, listed and deleted with the app's
 * credentials; and events POSTed to the callback as Strava sends them.
 */
import { stravaDate } from './strava-time.ts';
import type { EndpointResult } from './oauth-endpoints.ts';
import { fault, HttpError, token } from './simulator-http.ts';
import type { SimulatorStore } from './simulator-store.ts';
import type { PushSubscription, WebhookEventInput } from './simulator-types.ts';

export function createWebhookEndpoints(
  store: Pick<SimulatorStore, 'state' | 'now' | 'seconds' | 'clientId'>,
  requireClient: (fields: Record<string, string>) => void,
) {
  const { state, now, seconds, clientId } = store;
  let nextSubscriptionId = 1;

  async function sendWebhookEvent(event: WebhookEventInput): Promise<number> {
    const subscription = state.subscription;
    if (!subscription) {
      throw new Error('No push subscription: POST /api/v3/push_subscriptions first');
    }
    const payload = {
      aspect_type: event.aspect_type,
      event_time: event.event_time ?? seconds(),
      object_id: event.object_id,
      object_type: event.object_type,
      owner_id: event.owner_id,
      subscription_id: subscription.id,
      updates: event.updates ?? {},
    };
    const response = await fetch(subscription.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(2000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function createSubscription(fields: Record<string, string>): Promise<object> {
    requireClient(fields);
    if (state.subscription) {
      throw new HttpError(400, fault('PushSubscription', '', 'already exists'));
    }
    const callbackUrl = fields.callback_url ?? '';
    if (!URL.canParse(callbackUrl)) {
      throw new HttpError(400, fault('PushSubscription', 'callback url', 'invalid'));
    }
    const challenge = token(8);
    const check = new URL(callbackUrl);
    check.searchParams.set('hub.mode', 'subscribe');
    check.searchParams.set('hub.challenge', challenge);
    check.searchParams.set('hub.verify_token', fields.verify_token ?? '');
    let echoed: unknown = null;
    let status = 0;
    try {
      const response = await fetch(check, { signal: AbortSignal.timeout(2000) });
      status = response.status;
      echoed = status === 200 ? ((await response.json()) as Record<string, unknown>)['hub.challenge'] : null;
    } catch {
      status = 0;
    }
    if (status !== 200 || echoed !== challenge) {
      throw new HttpError(
        400,
        fault('PushSubscription', 'callback url', 'GET to callback URL does not return 200 with the hub.challenge'),
      );
    }
    const subscription: PushSubscription = {
      id: nextSubscriptionId,
      callbackUrl,
      verifyToken: fields.verify_token ?? '',
      createdAt: now(),
    };
    nextSubscriptionId += 1;
    state.subscription = subscription;
    return { id: subscription.id };
  }

  function subscriptionJson(subscription: PushSubscription): object {
    return {
      id: subscription.id,
      resource_state: 2,
      application_id: Number(clientId) || clientId,
      callback_url: subscription.callbackUrl,
      created_at: stravaDate(subscription.createdAt),
      updated_at: stravaDate(subscription.createdAt),
    };
  }

  /** Answers a push-subscription request, or null when the path is not one of these endpoints. */
  async function route(method: string, path: string, fields: Record<string, string>): Promise<EndpointResult | null> {
    if (path === '/api/v3/push_subscriptions' && method === 'POST') {
      return { status: 201, json: await createSubscription(fields) };
    }
    if (path === '/api/v3/push_subscriptions' && method === 'GET') {
      requireClient(fields);
      return { status: 200, json: state.subscription ? [subscriptionJson(state.subscription)] : [] };
    }
    const deleteMatch = /^\/api\/v3\/push_subscriptions\/(\d+)$/.exec(path);
    if (deleteMatch && method === 'DELETE') {
      requireClient(fields);
      if (!state.subscription || state.subscription.id !== Number(deleteMatch[1])) {
        throw new HttpError(404, fault('PushSubscription', 'id', 'not found', 'Resource Not Found'));
      }
      state.subscription = null;
      return { status: 204 };
    }
    return null;
  }

  return { route, sendWebhookEvent };
}
