// A Strava-compatible HTTP server for Stride's tests and for trying the Strava feature without a Strava
// account. Routes, field names, error bodies and rate-limit headers follow
// developers.strava.com (authentication, reference, rate-limits, webhooks); README.md beside this file lists
// every route, option and fault switch. This module puts the parts together and serves them:
// simulator-store.ts (athletes, activities, tokens), strava-json.ts (Strava's JSON shapes),
// oauth-endpoints.ts, webhook-endpoints.ts, api-endpoints.ts and rate-limits-and-faults.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createApiEndpoints } from './api-endpoints.ts';
import { createOAuthEndpoints, type EndpointResult } from './oauth-endpoints.ts';
import { createRateLimitsAndFaults } from './rate-limits-and-faults.ts';
import { fault, HttpError, readBody } from './simulator-http.ts';
import { createSimulatorStore } from './simulator-store.ts';
import { noFaults, type StravaSimulator, type StravaSimulatorOptions } from './simulator-types.ts';
import { createStravaJson } from './strava-json.ts';
import { createWebhookEndpoints } from './webhook-endpoints.ts';

export type {
  LoggedRequest,
  PushSubscription,
  ResetHeader,
  SimulatorFaults,
  SimulatorState,
  StravaSimulator,
  StravaSimulatorOptions,
  TokenPair,
  WebhookEventInput,
} from './simulator-types.ts';

export async function createStravaSimulator(options: StravaSimulatorOptions = {}): Promise<StravaSimulator> {
  const store = createSimulatorStore(options);
  const { state, now, clientId, clientSecret, addAthlete, addActivity, editActivity, issueTokens, revokeAthlete } =
    store;
  const json = createStravaJson(store);
  const oauth = createOAuthEndpoints(store, json);
  const webhooks = createWebhookEndpoints(store, oauth.requireClient);
  const api = createApiEndpoints(store, json);
  const gate = createRateLimitsAndFaults(store);
  const { sendWebhookEvent } = webhooks;

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, string>,
    request: IncomingMessage,
  ): Promise<EndpointResult> {
    const fields = { ...Object.fromEntries(query), ...body };
    const answered = oauth.route(method, path, query, fields, request) ?? (await webhooks.route(method, path, fields));
    if (answered) {
      return answered;
    }
    if (method !== 'GET' || !path.startsWith('/api/v3/')) {
      throw new HttpError(404, fault('resource', 'path', 'invalid', 'Record Not Found'));
    }
    return api.route(path, query, request);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const arrived = now();
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    let body: Record<string, string> = {};
    const headers: Record<string, string> = {};
    let status = 500;
    let payload: string | undefined;
    try {
      body = method === 'POST' ? await readBody(request) : {};
      if ((await gate.admit({ method, path, url, body, arrived, request, response, headers })) === 'hung') {
        return;
      }
      const result = await route(method, path, url.searchParams, body, request);
      status = result.status;
      if (result.html !== undefined) {
        headers['Content-Type'] = 'text/html; charset=utf-8';
        payload = result.html;
      } else if (result.json !== undefined) {
        headers['Content-Type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify(result.json);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        status = error.status;
        Object.assign(headers, error.headers);
        headers['Content-Type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify(error.body);
      } else {
        status = 500;
        headers['Content-Type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify({
          message: 'Internal Server Error',
          errors: [{ resource: 'simulator', field: '', code: String(error) }],
        });
      }
    }
    state.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization ?? null,
      body,
      time: arrived,
      status,
    });
    response.writeHead(status, headers);
    response.end(payload);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';

  if (options.activities !== undefined) {
    addAthlete({ activities: options.activities, signIn: true });
  }

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    state,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    addAthlete,
    addActivity,
    editActivity,
    deleteActivity: (id) => {
      state.activities.delete(id);
    },
    setFault: (name, value) => {
      state.faults[name] = value;
    },
    clearFaults: () => {
      state.faults = noFaults();
    },
    issueTokens: (athleteId) => issueTokens(athleteId),
    sendWebhookEvent,
    deauthorizeAthlete: async (athleteId) => {
      revokeAthlete(athleteId);
      if (!state.subscription) {
        return null;
      }
      return sendWebhookEvent({
        object_type: 'athlete',
        object_id: athleteId,
        aspect_type: 'update',
        owner_id: athleteId,
        updates: { authorized: 'false' },
      });
    },
  };
}
