/**
 * The rate limits routes declare (server/http/rate-limit.ts): upload requests and Strava
 * connect/exchange per signed-in user; webhook posts, planner and unsubscribe requests per client address. Past the limit: 429 with
 * HTTP_MESSAGES' sentence and Retry-After, nothing else runs; the next window lets requests in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { ONE_CLICK_BODY_FIELD, ONE_CLICK_BODY_VALUE, UNSUBSCRIBE_PATH } from '../../core/mailings/mail-preferences.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { uploadFiles } from '../test-support/uploads.ts';

const WINDOW_MS = 60_000;
const LIMIT = 2;

const clock = fixedClock(Date.UTC(2030, 0, 15, 9, 30, 0));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    {
      routeRateLimits: {
        windowMs: WINDOW_MS,
        uploadsPerUser: LIMIT,
        stravaConnectsPerUser: LIMIT,
        webhookPostsPerAddress: LIMIT,
        plannerPerAddress: LIMIT,
        unsubscribesPerAddress: LIMIT,
        pageViewsTotalPerMinute: LIMIT,
      },
    },
    { clock },
  );
});

afterAll(async () => {
  await server.stop();
});

const EMPTY_GPX = '<?xml version="1.0"?><gpx version="1.1" creator="test"></gpx>';

describe('POST /api/activities/uploads rate limit (per user)', () => {
  it('answers the third upload request of a window 429 with the sentence and Retry-After, then lets the next window in', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    const file = [{ name: 'empty.gpx', content: EMPTY_GPX }];
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await uploadFiles(server, runner.client, file)).status).toBe(200);
    }
    const refused = await uploadFiles(server, runner.client, file);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({ type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(60) });
    // Another user is counted on their own.
    expect((await uploadFiles(server, other.client, file)).status).toBe(200);
    clock.advance(WINDOW_MS);
    expect((await uploadFiles(server, runner.client, file)).status).toBe(200);
  });

  it('says how long to wait in Retry-After', async () => {
    const runner = await registerUser(server);
    const form = () => {
      const body = new FormData();
      body.append('files', new Blob([EMPTY_GPX]), 'empty.gpx');
      return body;
    };
    const post = () =>
      fetch(`${server.url}/api/activities/uploads`, {
        method: 'POST',
        headers: {
          cookie: [...runner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          origin: server.url,
        },
        body: form(),
      });
    clock.advance(WINDOW_MS);
    for (let i = 0; i < LIMIT; i += 1) {
      await (await post()).text();
    }
    clock.advance(15_000);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(await refused.json()).toEqual({
      error: { type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(45) },
    });
  });
});

describe('POST /api/strava/connect and /api/strava/exchange rate limits (per user)', () => {
  it('answers 429 past the limit, before the handler runs', async () => {
    clock.advance(WINDOW_MS);
    const runner = await registerUser(server);
    for (let i = 0; i < LIMIT; i += 1) {
      // No Strava app is configured on this server: the handler answers 400, and the request counts.
      expect((await runner.client.post('/api/strava/connect', {})).status).toBe(400);
    }
    const refused = await runner.client.post('/api/strava/connect', {});
    expectApiError(refused, 429, { type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(60) });
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('counts the exchange on its own, and even a body that would fail validation counts', async () => {
    clock.advance(WINDOW_MS);
    const runner = await registerUser(server);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await runner.client.post('/api/strava/exchange', {})).status).toBe(400);
    }
    const refused = await runner.client.post('/api/strava/exchange', {});
    expectApiError(refused, 429, { type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(60) });
    // The connect limit is a separate count.
    expect((await runner.client.post('/api/strava/connect', {})).status).toBe(400);
  });

  it('still answers 401 without a session (the session check comes first)', async () => {
    const anonymous = createApiClient(server.url);
    expectApiError(await anonymous.post('/api/strava/connect', {}), 401, {
      type: 'authentication',
      message: HTTP_MESSAGES.unauthenticated,
    });
  });
});

describe('POST /api/strava/webhook rate limit (per client address)', () => {
  it('answers 429 with the sentence and Retry-After past the limit', async () => {
    clock.advance(WINDOW_MS);
    const strava = createApiClient(server.url);
    const event = { object_type: 'activity', aspect_type: 'create', object_id: 1, owner_id: 2, subscription_id: 3 };
    for (let i = 0; i < LIMIT; i += 1) {
      const accepted = await strava.post('/api/strava/webhook', event, { withoutOrigin: true });
      expect(accepted.status).toBe(200);
    }
    const refused = await strava.post('/api/strava/webhook', event, { withoutOrigin: true });
    expectApiError(refused, 429, { type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(60) });
    expect(refused.headers.get('retry-after')).toBe('60');
    clock.advance(WINDOW_MS);
    expect((await strava.post('/api/strava/webhook', event, { withoutOrigin: true })).status).toBe(200);
  });
});

describe('the route planner’s public requests (per client address)', () => {
  it('counts snapping, elevations and GPX import together and answers 429 past the limit', async () => {
    clock.advance(WINDOW_MS);
    const visitor = createApiClient(server.url);
    const leg = { from: { lat: 46.05, lng: 14.5 }, to: { lat: 46.06, lng: 14.5 } };
    expect((await visitor.post('/api/routes/snap', { legs: [leg] })).status).toBe(200);
    expect((await visitor.post('/api/routes/elevation', { points: [leg.from] })).status).toBe(200);
    const refused = await visitor.post('/api/routes/import.gpx', undefined, {
      rawBody: EMPTY_GPX,
      headers: { 'content-type': 'application/gpx+xml' },
    });
    expectApiError(refused, 429, { type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(60) });
    clock.advance(WINDOW_MS);
    expect((await visitor.post('/api/routes/snap', { legs: [leg] })).status).toBe(200);
  });
});

describe('the unsubscribe page and one-click (per client address)', () => {
  it('counts the page and the one-click together and answers 429 past the limit', async () => {
    clock.advance(WINDOW_MS);
    const visitor = createApiClient(server.url);
    const address = `${UNSUBSCRIBE_PATH}?token=not-a-token`;
    expect((await visitor.get(address)).status).toBe(400);
    const oneClick = () =>
      visitor.post(address, undefined, {
        rawBody: `${ONE_CLICK_BODY_FIELD}=${ONE_CLICK_BODY_VALUE}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        withoutOrigin: true,
      });
    expect((await oneClick()).status).toBe(400);
    const refused = await oneClick();
    expectApiError(refused, 429, { type: 'rate_limit_error', message: HTTP_MESSAGES.tooManyRequests(60) });
    expect(refused.headers.get('retry-after')).toBe('60');
    clock.advance(WINDOW_MS);
    expect((await visitor.get(address)).status).toBe(400);
  });
});
