/**
 * Stride's Strava client (spec §7 "Fitness service", §8, §9): OAuth at `{base}/oauth/...` and the API
 * at `{base}/api/v3/...`, exactly as developers.strava.com documents them, so the simulator in
 * tools/ or any Strava-compatible server can stand in. One client per server process: its limiter
 * (core/strava/rate-limit.ts) paces every request of every user — 100 per 15 minutes, at least 2 s
 * apart — and a 429 blocks everyone until Strava's reset time.
 *
 * Failures become StravaError with the spec's message; the caller decides what a kind means for it
 * (the sync job waits out a rate limit, the activity page shows the cached copy).
 */
import type { Logger } from 'pino';
import { STRAVA_MESSAGES, STRAVA_SERVICE_NAME } from '../../../core/strava/messages.ts';
import {
  blockUntil,
  EMPTY_RATE_LIMIT_STATE,
  isRetryableFailure,
  nextSlot,
  rateLimitWait,
  retryDelay,
  STRAVA_RATE_LIMIT,
  type RateLimitState,
  type RequestPriority,
  type RetryKind,
} from '../../../core/strava/rate-limit.ts';
import {
  parseTokenResponse,
  type ExchangedTokens,
  type RefreshedTokens,
  type TokenResponseKind,
} from '../../../core/strava/tokens.ts';
import { DEFAULT_FETCH_SIZE, STRAVA_SCOPES } from '../../../core/strava/constants.ts';
import { REAL_CLOCK, type Clock } from '../../clock.ts';

export type StravaErrorKind =
  | 'rate-limit'
  | 'unauthorized'
  | 'invalid-refresh-token'
  | 'not-found'
  | 'http'
  | 'timeout'
  | 'network'
  | 'invalid-response';

/**
 * How long a request someone waits for (an opened activity, the callback, a disconnect) may queue
 * behind the limiter before it fails as rate-limited instead: a sync may have used the 15-minute
 * budget, and a page must not hang for minutes. The sync's list requests wait as long as needed.
 */
export const INTERACTIVE_MAX_QUEUE_MS = 10_000;

export class StravaError extends Error {
  constructor(
    message: string,
    readonly kind: StravaErrorKind,
    readonly status: number | null = null,
    /** After a 429: how long until Strava takes requests again. */
    readonly retryInMs: number | null = null,
  ) {
    super(message);
    this.name = 'StravaError';
  }
}

export interface StravaCredentials {
  clientId: string;
  clientSecret: string;
}

export interface StravaClientOptions {
  baseUrl: string;
  minSpacingMs: number;
  /** Spec §9's numbers unless a test scales them down. */
  maxRequests?: number;
  interactiveReserve?: number;
  requestTimeoutMs: number;
  refreshTimeoutMs: number;
  logger: Logger;
  clock?: Clock;
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

/**
 * How a call is made: `signal` ends it (its limiter wait, retries and the request itself), and
 * `priority` says whether someone waits for it (default) or it is background work, which may not
 * use the interactive reserve of the limiter (core/strava/rate-limit.ts).
 */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  priority?: RequestPriority;
}

/** The Strava operations Stride uses (DESIGN.md: integrations sit behind small interfaces). */
export interface StravaClient {
  authorizeUrl(input: { clientId: string; redirectUri: string; state: string }): string;
  exchangeCode(credentials: StravaCredentials, code: string, options?: RequestOptions): Promise<ExchangedTokens>;
  refreshToken(credentials: StravaCredentials, refreshToken: string): Promise<RefreshedTokens>;
  deauthorize(accessToken: string, options?: RequestOptions): Promise<void>;
  getAthlete(accessToken: string, options?: RequestOptions): Promise<Record<string, unknown>>;
  /** The sync's pages: background, and they wait out the limiter however long it takes. */
  listActivities(accessToken: string, query: ListActivitiesQuery, signal?: AbortSignal): Promise<unknown[]>;
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

type Outcome = Response | 'timeout' | 'network';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new StravaError(STRAVA_MESSAGES.invalidApiResponse, 'invalid-response', response.status);
  }
}

/** Strava's error body names the offending field: `{errors: [{resource: 'RefreshToken', field: 'refresh_token'}]}`. */
async function mentionsRefreshToken(response: Response): Promise<boolean> {
  const text = await response.text().catch(() => '');
  return /refresh_?token/i.test(text);
}

export function createStravaClient(options: StravaClientOptions): StravaClient {
  const clock = options.clock ?? REAL_CLOCK;
  const limits = {
    ...STRAVA_RATE_LIMIT,
    minSpacingMs: options.minSpacingMs,
    maxRequests: options.maxRequests ?? STRAVA_RATE_LIMIT.maxRequests,
    reserved: options.interactiveReserve ?? STRAVA_RATE_LIMIT.reserved,
  };
  const { logger } = options;
  let limiter: RateLimitState = EMPTY_RATE_LIMIT_STATE;

  const url = (path: string, query: Record<string, string | number | undefined> = {}) => {
    const target = new URL(`${options.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) {
        target.searchParams.set(key, String(value));
      }
    }
    return target;
  };

  /**
   * Books the next slot of the limiter for this priority and waits for it. A request that would
   * queue longer than `maxQueueMs` is not sent: it fails as rate-limited.
   */
  async function takeSlot(priority: RequestPriority, maxQueueMs: number, signal?: AbortSignal): Promise<void> {
    const slot = nextSlot(limiter, clock.now(), limits, priority);
    if (slot.waitMs > maxQueueMs) {
      throw new StravaError(STRAVA_MESSAGES.rateLimited, 'rate-limit', null, slot.waitMs);
    }
    limiter = slot.state;
    if (slot.waitMs > 0) {
      await clock.sleep(slot.waitMs, signal);
    }
  }

  /** One paced attempt. A timeout or a refused connection is an outcome, not an exception. */
  async function attempt(
    target: URL,
    init: RequestInit,
    timeoutMs: number,
    maxQueueMs: number,
    priority: RequestPriority,
    signal?: AbortSignal,
  ): Promise<Outcome> {
    await takeSlot(priority, maxQueueMs, signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(target, { ...init, signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    } catch (error) {
      if (signal?.aborted) {
        throw signal.reason as Error;
      }
      if (timeout.aborted) {
        return 'timeout';
      }
      logger.debug({ err: error, url: target.pathname }, 'Strava unreachable');
      return 'network';
    }
  }

  /** Spec §8/§9: 5xx, timeouts and refused connections are retried (refresh: 3 × 5 s; others: 2, 4, 8 s). */
  async function send(
    kind: RetryKind,
    target: URL,
    init: RequestInit,
    timeoutMs: number,
    options: RequestOptions = {},
    maxQueueMs = INTERACTIVE_MAX_QUEUE_MS,
  ): Promise<Outcome> {
    const { signal, priority = 'interactive' } = options;
    for (let retry = 1; ; retry += 1) {
      const outcome = await attempt(target, init, timeoutMs, maxQueueMs, priority, signal);
      const failure = typeof outcome === 'string' ? outcome : outcome.status;
      const delay = isRetryableFailure(failure) ? retryDelay(retry, kind) : null;
      if (delay === null) {
        return outcome;
      }
      logger.warn({ url: target.pathname, failure, retry, delayMs: delay }, 'Strava request failed; retrying');
      await clock.sleep(delay, signal);
    }
  }

  /** Spec §8: a 429 blocks every request of the server until the reset time (or 60 s). */
  function rateLimited(response: Response): StravaError {
    const wait = rateLimitWait(response.headers, clock.now());
    limiter = blockUntil(limiter, clock.now() + wait);
    logger.warn({ waitMs: wait }, 'Strava rate limit reached');
    return new StravaError(STRAVA_MESSAGES.rateLimited, 'rate-limit', 429, wait);
  }

  function unreachable(outcome: 'timeout' | 'network', timeoutMs: number): StravaError {
    return outcome === 'timeout'
      ? new StravaError(`Network error: ${STRAVA_SERVICE_NAME} did not answer within ${timeoutMs / 1000} s`, 'timeout')
      : new StravaError(`Network error: ${STRAVA_SERVICE_NAME} could not be reached`, 'network');
  }

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

    async listActivities(accessToken, query, signal) {
      // The sync's own pages queue as long as the limiter says: the job has nobody waiting on it.
      const body = await apiGet(
        '/athlete/activities',
        accessToken,
        { page: query.page, per_page: query.perPage ?? DEFAULT_FETCH_SIZE, after: query.after },
        { signal, priority: 'background' },
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
