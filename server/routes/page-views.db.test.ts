/**
 * POST and GET /api/analytics/page-views: a runner's page views counted per screen (route
 * pattern), a batch refused whole with a sentence when one view names no screen, limited per
 * runner, per client address and for everyone together, each runner seeing only their own counts,
 * gone with the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import {
  PAGE_VIEW_BATCH_SIZE,
  PAGE_VIEW_MESSAGES,
  PAGE_VIEW_REQUESTS_PER_ADDRESS_PER_MINUTE,
  PAGE_VIEW_REQUESTS_PER_MINUTE,
  PAGE_VIEW_REQUESTS_PER_MINUTE_TOTAL,
} from '../../core/page-views.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const clock = fixedClock(Date.parse('2026-11-26T12:00:00.000Z'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ trustProxyHops: 1 }, { clock });
});

afterAll(async () => {
  await server.stop();
});

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

async function storedRows(userId: string) {
  return server.database.db
    .selectFrom('pageViews')
    .select(['path', 'count'])
    .where('userId', '=', userId)
    .orderBy('path')
    .execute();
}

describe('page views', () => {
  it("counts a runner's views per screen across batches, and lists the five most visited, most first", async () => {
    const runner = await registerUser(server);
    const first = await runner.client.post('/api/analytics/page-views', {
      views: ['/', '/activities', '/activities/:id', '/activities/:id', '/calculators', '/my-stride'],
    });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ counted: 6 });
    const second = await runner.client.post('/api/analytics/page-views', {
      views: ['/activities/:id', '/calculators', '/account', '/water', '/'],
    });
    expect(second.body).toEqual({ counted: 5 });

    const top = await runner.client.get('/api/analytics/page-views');
    expect(top.status).toBe(200);
    expect(top.body).toEqual({
      screens: [
        { path: '/activities/:id', count: 3 },
        { path: '/', count: 2 },
        { path: '/calculators', count: 2 },
        { path: '/account', count: 1 },
        { path: '/activities', count: 1 },
      ],
    });
    expect(await storedRows(runner.id)).toHaveLength(7);
  });

  it('refuses a batch with a sentence and writes nothing when one view is not a screen of Stride', async () => {
    const runner = await registerUser(server);
    const cases: [unknown, string][] = [
      [{ views: ['/', '/activities/123'] }, `views.1: ${PAGE_VIEW_MESSAGES.unknownScreen}`],
      [{ views: ['/account?tab=security'] }, `views.0: ${PAGE_VIEW_MESSAGES.unknownScreen}`],
      [{ views: ['/', 42] }, `views.1: ${PAGE_VIEW_MESSAGES.unknownScreen}`],
      [{ views: [] }, `views: ${PAGE_VIEW_MESSAGES.emptyBatch}`],
      [{ views: Array.from({ length: PAGE_VIEW_BATCH_SIZE + 1 }, () => '/') }, `views: ${PAGE_VIEW_MESSAGES.tooMany}`],
    ];
    for (const [body, message] of cases) {
      expectApiError(await runner.client.post('/api/analytics/page-views', body), 400, {
        type: 'validation_error',
        message,
      });
    }
    const extra = await runner.client.post('/api/analytics/page-views', { views: ['/'], at: 'now' });
    expect(extra.status).toBe(400);
    expect(await storedRows(runner.id)).toEqual([]);
    expect((await runner.client.get('/api/analytics/page-views')).body).toEqual({ screens: [] });
  });

  it("keeps each runner's counts their own, and a visitor can neither send nor read any", async () => {
    const ada = await registerUser(server);
    const grace = await registerUser(server);
    await ada.client.post('/api/analytics/page-views', { views: ['/run-planner', '/run-planner'] });
    expect((await grace.client.get('/api/analytics/page-views')).body).toEqual({ screens: [] });
    expect((await ada.client.get('/api/analytics/page-views')).body).toEqual({
      screens: [{ path: '/run-planner', count: 2 }],
    });

    const visitor = createApiClient(server.url);
    expect((await visitor.post('/api/analytics/page-views', { views: ['/login'] })).status).toBe(401);
    expect((await visitor.get('/api/analytics/page-views')).status).toBe(401);
  });

  it('limits page-view requests per runner; other runners go on, and a minute later the runner too', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    const address = from('192.0.2.30');
    for (let index = 0; index < PAGE_VIEW_REQUESTS_PER_MINUTE; index += 1) {
      expect((await runner.client.post('/api/analytics/page-views', { views: ['/'] }, address)).status).toBe(202);
    }
    const refused = await runner.client.post('/api/analytics/page-views', { views: ['/'] }, address);
    expectApiError(refused, 429, {
      type: 'rate_limit_error',
      message: HTTP_MESSAGES.tooManyRequests(Number(refused.headers.get('retry-after'))),
    });
    expect((await other.client.post('/api/analytics/page-views', { views: ['/'] }, address)).status).toBe(202);
    clock.advance(60_000);
    expect((await runner.client.post('/api/analytics/page-views', { views: ['/'] }, address)).status).toBe(202);
    expect(await storedRows(runner.id)).toEqual([{ path: '/', count: PAGE_VIEW_REQUESTS_PER_MINUTE + 1 }]);
  });

  it('limits page-view requests per address whoever is signed in: new accounts from one address share it', async () => {
    clock.advance(60_000);
    const runners = await Promise.all(Array.from({ length: 8 }, () => registerUser(server)));
    let counted = 0;
    for (const runner of runners) {
      for (let index = 0; index < PAGE_VIEW_REQUESTS_PER_MINUTE; index += 1) {
        const views = Array.from({ length: PAGE_VIEW_BATCH_SIZE }, () => '/');
        const sent = await runner.client.post('/api/analytics/page-views', { views }, from('198.51.100.80'));
        if (sent.status === 202) {
          counted += (sent.body as { counted: number }).counted;
        } else {
          expect(sent.status).toBe(429);
        }
      }
    }
    expect(counted).toBe(PAGE_VIEW_REQUESTS_PER_ADDRESS_PER_MINUTE * PAGE_VIEW_BATCH_SIZE);
    const elsewhere = await registerUser(server);
    expect(
      (await elsewhere.client.post('/api/analytics/page-views', { views: ['/'] }, from('198.51.100.81'))).status,
    ).toBe(202);
  });
});

describe('page views from everyone together', () => {
  const TOTAL = 5;
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer(
      { trustProxyHops: 1, routeRateLimits: { ...server.config.routeRateLimits, pageViewsTotalPerMinute: TOTAL } },
      { clock },
    );
  });

  afterAll(async () => {
    await limited.stop();
  });

  it('is PAGE_VIEW_REQUESTS_PER_MINUTE_TOTAL a minute unless the operator sets another', () => {
    expect(server.config.routeRateLimits.pageViewsTotalPerMinute).toBe(PAGE_VIEW_REQUESTS_PER_MINUTE_TOTAL);
  });

  it('stops counting past the total from any runners and addresses, until the next minute', async () => {
    clock.advance(60_000);
    const runners = await Promise.all(Array.from({ length: TOTAL + 1 }, () => registerUser(limited)));
    const statuses: number[] = [];
    for (const [index, runner] of runners.entries()) {
      const sent = await runner.client.post('/api/analytics/page-views', { views: ['/'] }, from(`203.0.113.${index}`));
      statuses.push(sent.status);
    }
    expect(statuses).toEqual([...Array.from({ length: TOTAL }, () => 202), 429]);
    clock.advance(60_000);
    const last = runners.at(-1)!;
    expect((await last.client.post('/api/analytics/page-views', { views: ['/'] }, from('203.0.113.99'))).status).toBe(
      202,
    );
  });
});
