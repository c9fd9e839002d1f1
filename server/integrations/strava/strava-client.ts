/**
 * Stride's Strava client (spec §7 "Fitness service", §8, §9): OAuth at `{base}/oauth/...` and the API
 * at `{base}/api/v3/...`, exactly as developers.strava.com documents them, so the simulator in
 * tools/ or any Strava-compatible server can stand in. Every request goes through the paced
 * transport (strava-transport.ts); failures become StravaError (strava-error.ts) with the spec's
 * message, and the caller decides what a kind means for it.
 */
import { STRAVA_MESSAGES, STRAVA_SERVICE_NAME } from '../../../core/strava/messages.ts';
import type { RetryKind } from '../../../core/strava/rate-limit.ts';
import {
  parseTokenResponse,
  type ExchangedTokens,
  type RefreshedTokens,
  type TokenResponseKind,
} from '../../../core/strava/tokens.ts';
import { DEFAULT_FETCH_SIZE, STRAVA_SCOPES } from '../../../core/strava/constants.ts';
import { StravaError } from './strava-error.ts';
import {
  createStravaTransport,
  isObject,
  readJson,
  type Outcome,
  type RequestOptions,
  type StravaTransportOptions,
} from './strava-transport.ts';

export interface StravaCredentials {
  clientId: string;
  clientSecret: string;
}

export interface StravaClientOptions extends StravaTransportOptions {
  requestTimeoutMs: number;
  refreshTimeoutMs: number;
}

export interface ListActivitiesQuery {
  page: number;
  /** Activities per page; DEFAULT_FETCH_SIZE (spec §9) when not given. */
  perPage?: number;
  /** Epoch seconds: only activities that started after this. */
  after?: number | undefined;
}

export interface PushSubscriptionInfo {
  id: string;
  callbackUrl: string;
}

/** The Strava operations Stride uses (DESIGN.md: integrations sit behind small interfaces). */
export interface StravaClient {
  authorizeUrl(input: { clientId: string; redirectUri: string; state: string }): string;
  exchangeCode(credentials: StravaCredentials, code: string, options?: RequestOptions): Promise<ExchangedTokens>;
  refreshToken(credentials: StravaCredentials, refreshToken: string): Promise<RefreshedTokens>;
  deauthorize(accessToken: string, options?: RequestOptions): Promise<void>;
  getAthlete(accessToken: string, options?: RequestOptions): Promise<Record<string, unknown>>;
  /** The sync's pages: background, and they wait out the limiter however long it takes. */
  /** A sync's page: `onWait` hears a wait for the limiter before it starts (the job says it waits). */
  listActivities(
    accessToken: string,
    query: ListActivitiesQuery,
    options?: Pick<RequestOptions, 'signal' | 'onWait'>,
  ): Promise<unknown[]>;
  getActivity(accessToken: string, id: string, options?: RequestOptions): Promise<Record<string, unknown>>;
  getStreams(
    accessToken: string,
    id: string,
    keys: readonly string[],
    options?: RequestOptions,
  ): Promise<Record<string, unknown>>;
  listPushSubscriptions(credentials: StravaCredentials): Promise<PushSubscriptionInfo[]>;
  createPushSubscription(
    credentials: StravaCredentials,
    callbackUrl: string,
    verifyToken: string,
  ): Promise<PushSubscriptionInfo>;
  deletePushSubscription(credentials: StravaCredentials, id: string): Promise<void>;
}

/** Strava's error body names the offending field: `{errors: [{resource: 'RefreshToken', field: 'refresh_token'}]}`. */
async function mentionsRefreshToken(response: Response): Promise<boolean> {
  const text = await response.text().catch(() => '');
  return /refresh_?token/i.test(text);
}

export function createStravaClient(options: StravaClientOptions): StravaClient {
  const { url, send, rateLimited, unreachable } = createStravaTransport(options);

  function tokenRequest(
    kind: TokenResponseKind,
    fields: Record<string, string>,
    requestOptions: RequestOptions = {},
  ): Promise<Outcome> {
    const retryKind: RetryKind = kind === 'refresh' ? 'refresh' : 'request';
    const timeout = kind === 'refresh' ? options.refreshTimeoutMs : options.requestTimeoutMs;
    return send(
      retryKind,
      url('/oauth/token'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(fields).toString(),
      },
      timeout,
      requestOptions,
    );
  }

  async function apiGet(
    path: string,
    accessToken: string,
    query: Record<string, string | number | undefined>,
    requestOptions: RequestOptions = {},
    maxQueueMs?: number,
  ): Promise<unknown> {
    const outcome = await send(
      'request',
      url(`/api/v3${path}`, query),
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      options.requestTimeoutMs,
      requestOptions,
      maxQueueMs,
    );
    if (typeof outcome === 'string') {
      throw unreachable(outcome, options.requestTimeoutMs);
    }
    if (outcome.ok) {
      return readJson(outcome);
    }
    if (outcome.status === 429) {
      throw rateLimited(outcome);
    }
    if (outcome.status === 401) {
      throw new StravaError(STRAVA_MESSAGES.authenticationFailed, 'unauthorized', 401);
    }
    throw new StravaError(
      STRAVA_MESSAGES.apiRequestFailed(outcome.status),
      outcome.status === 404 ? 'not-found' : 'http',
      outcome.status,
    );
  }

  async function subscriptionRequest(method: string, path: string, body?: Record<string, string>): Promise<unknown> {
    const outcome = await send(
      'request',
      url(`/api/v3${path}`),
      {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        ...(body ? { body: new URLSearchParams(body).toString() } : {}),
      },
      options.requestTimeoutMs,
    );
    if (typeof outcome === 'string') {
      throw unreachable(outcome, options.requestTimeoutMs);
    }
    if (!outcome.ok) {
      throw new StravaError(STRAVA_MESSAGES.apiRequestFailed(outcome.status), 'http', outcome.status);
    }
    return outcome.status === 204 ? null : readJson(outcome);
  }

  const credentialQuery = (credentials: StravaCredentials) =>
    `client_id=${encodeURIComponent(credentials.clientId)}&client_secret=${encodeURIComponent(credentials.clientSecret)}`;

  return {
    authorizeUrl({ clientId, redirectUri, state }) {
      return url('/oauth/authorize', {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        approval_prompt: 'auto',
        scope: STRAVA_SCOPES,
        state,
      }).toString();
    },

    async exchangeCode(credentials, code, requestOptions) {
      const outcome = await tokenRequest(
        'exchange',
        {
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          code,
          grant_type: 'authorization_code',
        },
        requestOptions,
      );
      if (typeof outcome === 'string') {
        throw new StravaError(STRAVA_MESSAGES.connectFailed, outcome);
      }
      if (outcome.status === 429) {
        throw rateLimited(outcome);
      }
      if (!outcome.ok) {
        throw new StravaError(STRAVA_MESSAGES.exchangeFailed(outcome.status), 'http', outcome.status);
      }
      const parsed = parseTokenResponse(await readJson(outcome).catch(() => null), 'exchange');
      if (!parsed.ok) {
        throw new StravaError(parsed.error, 'invalid-response');
      }
      return parsed.value;
    },

    async refreshToken(credentials, refreshToken) {
      const outcome = await tokenRequest('refresh', {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        refresh_token: refreshToken,
        grant_type: 'refresh_token',
      });
      if (typeof outcome === 'string') {
        throw new StravaError(
          STRAVA_MESSAGES.refreshFailed(unreachable(outcome, options.refreshTimeoutMs).message),
          outcome,
        );
      }
      if (outcome.status === 429) {
        throw rateLimited(outcome);
      }
      if (outcome.status === 400 && (await mentionsRefreshToken(outcome))) {
        throw new StravaError(STRAVA_MESSAGES.invalidRefreshToken, 'invalid-refresh-token', 400);
      }
      if (!outcome.ok) {
        throw new StravaError(
          STRAVA_MESSAGES.refreshFailed(`${STRAVA_SERVICE_NAME} answered ${outcome.status}`),
          outcome.status === 401 ? 'unauthorized' : 'http',
          outcome.status,
        );
      }
      const parsed = parseTokenResponse(await readJson(outcome).catch(() => null), 'refresh');
      if (!parsed.ok) {
        throw new StravaError(parsed.error, 'invalid-response');
      }
      return parsed.value;
    },

    async deauthorize(accessToken, requestOptions) {
      const outcome = await send(
        'request',
        url('/oauth/deauthorize'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ access_token: accessToken }).toString(),
        },
        options.requestTimeoutMs,
        requestOptions,
      );
      if (typeof outcome === 'string') {
        throw unreachable(outcome, options.requestTimeoutMs);
      }
      // 401: the token was already revoked (for instance from strava.com/settings/apps) — the goal.
      if (!outcome.ok && outcome.status !== 401) {
        throw new StravaError(STRAVA_MESSAGES.apiRequestFailed(outcome.status), 'http', outcome.status);
      }
    },

    async getAthlete(accessToken, requestOptions) {
      const body = await apiGet('/athlete', accessToken, {}, requestOptions);
      if (!isObject(body)) {
        throw new StravaError(STRAVA_MESSAGES.invalidApiResponse, 'invalid-response');
      }
      return body;
    },

    async listActivities(accessToken, query, { signal, onWait } = {}) {
      // The sync's own pages queue as long as the limiter says: the job has nobody waiting on it.
      const body = await apiGet(
        '/athlete/activities',
        accessToken,
        { page: query.page, per_page: query.perPage ?? DEFAULT_FETCH_SIZE, after: query.after },
        { signal, onWait, priority: 'background' },
        Number.POSITIVE_INFINITY,
      );
      if (!Array.isArray(body)) {
        throw new StravaError(STRAVA_MESSAGES.invalidApiResponse, 'invalid-response');
      }
      return body as unknown[];
    },

    async getActivity(accessToken, id, requestOptions) {
      const body = await apiGet(`/activities/${encodeURIComponent(id)}`, accessToken, {}, requestOptions);
      if (!isObject(body)) {
        throw new StravaError(STRAVA_MESSAGES.invalidApiResponse, 'invalid-response');
      }
      return body;
    },

    async getStreams(accessToken, id, keys, requestOptions) {
      const body = await apiGet(
        `/activities/${encodeURIComponent(id)}/streams`,
        accessToken,
        { keys: keys.join(','), key_by_type: 'true' },
        requestOptions,
      );
      if (!isObject(body)) {
        throw new StravaError(STRAVA_MESSAGES.noStreams, 'invalid-response');
      }
      return body;
    },

    async listPushSubscriptions(credentials) {
      const body = await subscriptionRequest('GET', `/push_subscriptions?${credentialQuery(credentials)}`);
      return (Array.isArray(body) ? body : []).filter(isObject).map((entry) => ({
        id: typeof entry.id === 'number' || typeof entry.id === 'string' ? String(entry.id) : '',
        callbackUrl: typeof entry.callback_url === 'string' ? entry.callback_url : '',
      }));
    },

    async createPushSubscription(credentials, callbackUrl, verifyToken) {
      const body = await subscriptionRequest('POST', '/push_subscriptions', {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        callback_url: callbackUrl,
        verify_token: verifyToken,
      });
      const id = isObject(body) ? body.id : undefined;
      if (typeof id !== 'number' && typeof id !== 'string') {
        throw new StravaError(STRAVA_MESSAGES.invalidApiResponse, 'invalid-response');
      }
      return { id: String(id), callbackUrl };
    },

    async deletePushSubscription(credentials, id) {
      await subscriptionRequest(
        'DELETE',
        `/push_subscriptions/${encodeURIComponent(id)}?${credentialQuery(credentials)}`,
      );
    },
  };
}
