/**
 * One Clock for every service (server/clock.ts, handed to startServer): the streak's day, a medal's
 * earnedAt and the sample runs' dates come from it, not from the machine's time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { Analytics, TrophyCase } from '../../core/medals/api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
/** Long after every fixture was recorded, and not today. */
const FIXED_NOW = Date.UTC(2030, 0, 15, 9, 30, 0);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: fixedClock(FIXED_NOW) });
});

afterAll(async () => {
  await server.stop();
});

describe('a clock handed to startServer', () => {
  it("dates the streak's active day by it", async () => {
    const runner = await registerUser(server);
    const first = await runner.client.post<Analytics>('/api/analytics/sessions', { timeZone: 'UTC' });
    expect(first.status).toBe(200);
    expect(first.body.strideStreak).toEqual({ current: 1, longest: 1, lastActiveDate: '2030-01-15' });
    // Same (fixed) day again: spec §4 "Same day as lastActiveDate: no change".
    const again = await runner.client.post<Analytics>('/api/analytics/sessions', { timeZone: 'UTC' });
    expect(again.body.strideStreak).toEqual({ current: 1, longest: 1, lastActiveDate: '2030-01-15' });
    expect(again.body.totalSessions).toBe(2);
    const stored = await server.database.db
      .selectFrom('userAnalytics')
      .select(['lastActive', 'lastUpdated'])
      .where('userId', '=', runner.id)
      .executeTakeFirstOrThrow();
    expect(stored.lastActive.getTime()).toBe(FIXED_NOW);
    expect(stored.lastUpdated.getTime()).toBe(FIXED_NOW);
    // In Auckland it is already the evening of the 15th, in Honolulu still the 14th.
    const honolulu = await runner.client.post<Analytics>('/api/analytics/streak/recalculate', {
      timeZone: 'Pacific/Honolulu',
    });
    expect(honolulu.body.strideStreak.lastActiveDate).toBe('2030-01-14');
  });

  it("stamps a medal's earnedAt with it", async () => {
    const runner = await registerUser(server);
    const name = 'running-with-developer-data.fit';
    const result = await uploadFiles(server, runner.client, [
      { name, content: readFileSync(path.join(FIXTURES, name)) },
    ]);
    expect(finalFileEvents(result.events)[0]?.state).toBe('complete');
    const medals = (await runner.client.get<TrophyCase>('/api/medals?timeZone=UTC')).body;
    const hero = medals.medals.find((medal) => medal.medalId === '5k-hero');
    expect(hero?.earned).toBe(true);
    expect(hero?.earnedAt).toBe(new Date(FIXED_NOW).toISOString());
  });

  it('dates the sample runs 1, 2 and 3 days before it', async () => {
    const runner = await registerUser(server);
    expect((await runner.client.post('/api/activities/samples')).body).toEqual({ added: 3 });
    const page = (await runner.client.get<ActivityPage>('/api/activities')).body;
    const days = page.items.map((item) => item.startDate.slice(0, 10)).sort();
    expect(days).toEqual(['2030-01-12', '2030-01-13', '2030-01-14']);
  });
});
