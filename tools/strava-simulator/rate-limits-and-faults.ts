/**
 * Strava's rate limits and the simulator's fault switches, applied to a request before it is
 * routed: every /api/v3 request counts against the 15-minute and daily windows (429s too) and its
 * answer carries the X-RateLimit headers; a switched-on fault makes matching requests hang, wait,
 * answer 429 (with the chosen reset header) or answer a server error. The authorise page is a
 * browser page and never faulted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fault, HttpError } from './simulator-http.ts';
import type { SimulatorStore } from './simulator-store.ts';
import type { ResetHeader } from './simulator-types.ts';

export interface GatedRequest {
  method: string;
  path: string;
  url: URL;
  body: Record<string, string>;
  arrived: number;
  request: IncomingMessage;
  response: ServerResponse;
  /** Rate-limit headers for the answer are added here. */
  headers: Record<string, string>;
}

export function createRateLimitsAndFaults(store: Pick<SimulatorStore, 'state' | 'options' | 'now' | 'seconds'>) {
  const { state, options, now, seconds } = store;
  const limits = options.rateLimits ?? { shortTerm: 100, daily: 1000 };
  const enforceRateLimits = options.enforceRateLimits ?? true;

  function matches(match: string | undefined, path: string): boolean {
    return match === undefined || path.includes(match);
  }

  function rateLimitHeaders(): Record<string, string> {
    const shortWindow = Math.floor(now() / 900_000);
    const dayWindow = Math.floor(now() / 86_400_000);
    if (state.usage.shortWindow !== shortWindow) {
      state.usage.shortWindow = shortWindow;
      state.usage.shortTerm = 0;
    }
    if (state.usage.dayWindow !== dayWindow) {
      state.usage.dayWindow = dayWindow;
      state.usage.daily = 0;
    }
    const limit = `${limits.shortTerm},${limits.daily}`;
    const usage = `${state.usage.shortTerm},${state.usage.daily}`;
    return {
      'X-RateLimit-Limit': limit,
      'X-RateLimit-Usage': usage,
      'X-ReadRateLimit-Limit': limit,
      'X-ReadRateLimit-Usage': usage,
    };
  }

  function resetHeaders(kind: ResetHeader, resetInSeconds: number): Record<string, string> {
    const headers: Record<string, string> = {};
    if (kind === 'x-ratelimit-reset' || kind === 'both') {
      headers['X-RateLimit-Reset'] = String(seconds() + resetInSeconds);
    }
    if (kind === 'retry-after' || kind === 'both') {
      headers['Retry-After'] = String(resetInSeconds);
    }
    return headers;
  }

  const rateLimitBody = fault('Application', 'rate limit', 'exceeded', 'Rate Limit Exceeded');

  /**
   * Counts the request and applies the faults. Returns 'hung' when the request was held until the
   * client gave up (it is logged already); throws an HttpError for a 429 or a server error.
   */
  async function admit(gated: GatedRequest): Promise<'hung' | 'admitted'> {
    const { method, path, url, body, arrived, request, response, headers } = gated;
    const isApi = path.startsWith('/api/v3/');
    const faultable = !(method === 'GET' && path === '/oauth/authorize');
    const faults = state.faults;
    if (faultable && faults.hang && matches(faults.hang.match, path) && (faults.hang.after ?? 0) > 0) {
      faults.hang.after = (faults.hang.after ?? 0) - 1;
    } else if (faultable && faults.hang && matches(faults.hang.match, path)) {
      const query = Object.fromEntries(url.searchParams);
      const authorization = request.headers.authorization ?? null;
      state.requests.push({ method, path, query, authorization, body, time: arrived, status: 0 });
      // Held until the client gives up or the simulator stops.
      await new Promise<void>((resolve) => response.once('close', () => resolve()));
      return 'hung';
    }
    if (faultable && faults.slow && matches(faults.slow.match, path)) {
      const ms = faults.slow.ms;
      if (faults.slow.count !== undefined) {
        faults.slow.count -= 1;
        if (faults.slow.count <= 0) {
          faults.slow = null;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    if (isApi) {
      // Roll the 15-minute and daily windows over first, then count this request (Strava counts 429s too).
      rateLimitHeaders();
      state.usage.shortTerm += 1;
      state.usage.daily += 1;
      Object.assign(headers, rateLimitHeaders());
    }
    if (faultable && faults.rateLimit && matches(faults.rateLimit.match, path)) {
      const { resetHeader, resetInSeconds } = faults.rateLimit;
      faults.rateLimit.count -= 1;
      if (faults.rateLimit.count <= 0) {
        faults.rateLimit = null;
      }
      throw new HttpError(429, rateLimitBody, resetHeaders(resetHeader, resetInSeconds));
    }
    if (isApi && enforceRateLimits && (state.usage.shortTerm > limits.shortTerm || state.usage.daily > limits.daily)) {
      throw new HttpError(429, rateLimitBody);
    }
    if (faultable && faults.serverError && matches(faults.serverError.match, path)) {
      const errorStatus = faults.serverError.status;
      faults.serverError.count -= 1;
      if (faults.serverError.count <= 0) {
        faults.serverError = null;
      }
      throw new HttpError(errorStatus, { message: 'Internal Server Error', errors: [] });
    }
    return 'admitted';
  }

  return { admit };
}
