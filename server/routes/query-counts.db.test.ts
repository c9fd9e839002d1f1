/**
 * How many queries the dashboard's reads make, heard through the server's query log: the activity
 * list reads its page and its total in one query, and the Strava status reads the runner's
 * connection once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { StravaStatus } from '../../core/strava/api.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { isBackgroundWork } from '../db/query-priority.ts';
import { connectedRunner, stravaConfigFor, type ConnectedRunner } from '../test-support/strava.ts';
import { useTestServer } from '../test-support/test-server.ts';

let strava: StravaSimulator;
/** The SQL text of every query the server runs for requests (background work, such as the sync worker's polls, aside). */
const queries: string[] = [];

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 11, enforceRateLimits: false });
});

afterAll(async () => {
  await strava?.stop();
});

// Registered after the simulator's hooks: started once it listens, stopped before it.
const server = useTestServer(() => ({
  // Without the efforts back-fill, nothing reads Strava in the background once a sync is done.
  config: { strava: stravaConfigFor(strava, { effortsBackfill: false }) },
  options: {
    onQuery: (text: string) => {
      if (!isBackgroundWork()) {
        queries.push(text);
      }
    },
  },
}));

/**
 * The queries run while a request was answered that `isMatch` picks. (The sync's own follow-up
 * work, such as the medal check, may still run meanwhile: `isMatch` names the request's queries.)
 */
async function queriesOf<T>(
  isMatch: (text: string) => boolean,
  request: () => Promise<T>,
): Promise<{ result: T; matched: string[] }> {
  queries.length = 0;
  const result = await request();
  return { result, matched: queries.filter(isMatch) };
}

/** The list's queries: its rows (in any order, ties newest first, then a page), or its total on its own. */
const isListQuery = (text: string) =>
  text.includes('"activities"."start_date" desc, "activities"."id" desc limit') ||
  text ===
    'select count(*) as "count" from "activities" where "activities"."user_id" = $1 and "activities"."duplicate_of" is null';

/** A read of the runner's Strava connection. */
const isIntegrationRead = (text: string) => text.startsWith('select') && text.includes('from "strava_integrations"');

const ACTIVITIES = 60;
let runner: ConnectedRunner;

beforeAll(async () => {
  runner = await connectedRunner(server(), strava, ACTIVITIES);
});

describe('the activity list', () => {
  it('reads a page and its total in one query', async () => {
    const { result: first, matched } = await queriesOf(isListQuery, () =>
      runner.client.get<ActivityPage>('/api/activities'),
    );
    expect(first.status).toBe(200);
    expect(matched).toHaveLength(1);
    expect(first.body.total).toBe(ACTIVITIES);
    expect(first.body.items).toHaveLength(50);

    const { result: second, matched: secondMatched } = await queriesOf(isListQuery, () =>
      runner.client.get<ActivityPage>('/api/activities?page=2'),
    );
    expect(secondMatched).toHaveLength(1);
    expect(second.body.total).toBe(ACTIVITIES);
    expect(second.body.items).toHaveLength(ACTIVITIES - 50);
    const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ACTIVITIES);

    const { result: sorted, matched: sortedMatched } = await queriesOf(isListQuery, () =>
      runner.client.get<ActivityPage>('/api/activities?page=2&sort=pace&order=desc&q=a'),
    );
    expect(sortedMatched).toHaveLength(1);
    expect(sorted.body.total).toBeGreaterThan(0);
  });

  it('still gives the total on an empty page past the end, and 0 for a filter matching nothing', async () => {
    const empty = await runner.client.get<ActivityPage>('/api/activities?page=9');
    expect(empty.body).toEqual({ items: [], total: ACTIVITIES });

    const none = await runner.client.get<ActivityPage>('/api/activities?from=1990-01-01&to=1990-01-31');
    expect(none.body).toEqual({ items: [], total: 0 });
  });
});

describe('the Strava status', () => {
  it("reads the runner's connection once, then not again until something changes it", async () => {
    // The first sync's unit of work drops what it wrote once it ends, which may be after it says
    // done: wait for it, so nothing but the status reads below comes or goes meanwhile.
    await server().services.readCache.settled();
    // The status read while the first sync was awaited is kept: drop it, as a write would.
    await server().services.readCache.invalidateUser(runner.id);
    const { result, matched } = await queriesOf(isIntegrationRead, () =>
      runner.client.get<StravaStatus>('/api/strava/status'),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      connected: true,
      activityCount: ACTIVITIES,
      athleteId: String(runner.athlete.id),
    });
    expect(matched).toHaveLength(1);

    const again = await queriesOf(isIntegrationRead, () => runner.client.get<StravaStatus>('/api/strava/status'));
    expect(again.result.body).toEqual(result.body);
    expect(again.matched).toHaveLength(0);
  });
});
