/**
 * A server process killed (SIGKILL, no graceful stop) in the middle of a Strava sync, then started
 * again on the same database: the job's lease runs out, the new process takes the job over at the
 * page after the last one committed, and the runner ends with exactly Strava's activities, none
 * lost and none doubled. The in-process lease test covers the rule; this one a real crash.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { StravaStatus } from '../../core/strava/api.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { buildCredentials } from '../test-support/factories.ts';
import { connectStrava, loggedRequests, waitUntil } from '../test-support/strava.ts';
import { killProcess, startServerProcess } from '../test-support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-server.ts';
import { freePort } from '../test-support/free-port.ts';

const ACTIVITIES = 650;
const LEASE_MS = 1_500;

let strava: StravaSimulator;
let database: TestDatabase;
let port: number;
let child: ChildProcess | null = null;

/** This test's server, in a process of its own on the shared database. */
function startProcess(): Promise<ChildProcess> {
  return startServerProcess(port, {
    APP_SECRET: 'restart-test-secret-0123456789abcdef0123456789',
    STRAVA_BASE_URL: strava.url,
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    // Slow enough that the kill lands mid-sync, quick enough for a test.
    STRAVA_MIN_SPACING_MS: '250',
    STRAVA_JOB_LEASE_MS: String(LEASE_MS),
    ...(database.databaseUrl
      ? { DATABASE_URL: database.databaseUrl }
      : { DATA_DIR: path.dirname(database.pgliteDir ?? '') }),
  });
}

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 11, enforceRateLimits: false });
  database = await createTestDatabase({ persistent: true });
  port = await freePort();
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    await killProcess(child);
  }
  await strava?.stop();
  await database?.destroy();
});

describe('a server process killed in the middle of a sync', () => {
  it('resumes after a restart and ends with exactly the simulator activities, none doubled', async () => {
    child = await startProcess();
    const client: ApiClient = createApiClient(`http://127.0.0.1:${port}`);
    expect((await client.post('/api/auth/sign-up/email', buildCredentials())).status).toBe(200);
    const athlete = strava.addAthlete({ activities: ACTIVITIES, signIn: true });
    expect((await connectStrava(client)).status).toBe(200);
    const pages = () => loggedRequests(strava, '/api/v3/athlete/activities');
    // Two pages in (and committed: the status counts them), four still to come.
    await waitUntil(
      async () => ((await client.get<StravaStatus>('/api/strava/status')).body.sync?.pages ?? 0) >= 2 || undefined,
      'two pages synced',
      60_000,
    );

    await killProcess(child);
    const pagesBeforeKill = pages().length;
    expect(pagesBeforeKill).toBeLessThan(7);
    child = await startProcess();

    const status = await waitUntil(
      async () => {
        const current = (await client.get<StravaStatus>('/api/strava/status')).body;
        return current.sync?.state === 'done' && current;
      },
      'the sync to finish after the restart',
      90_000,
    );
    expect(status.activityCount).toBe(ACTIVITIES);
    const stored = await client.get<ActivityPage>('/api/activities?source=strava&limit=200');
    expect(stored.body.total).toBe(ACTIVITIES);
    const expected = [...strava.state.activities.values()]
      .filter((activity) => activity.athleteId === athlete.id)
      .map((activity) => String(activity.id))
      .sort();
    expect(expected).toHaveLength(ACTIVITIES);
    // Every Strava id once: walk the whole list.
    const seen: string[] = [];
    for (let page = 1, total = 1; seen.length < total; page += 1) {
      const answer = await client.get<ActivityPage>(`/api/activities?source=strava&limit=200&page=${page}`);
      seen.push(...answer.body.items.map((item) => item.stravaId ?? ''));
      total = answer.body.total;
      expect(answer.body.items.length).toBeGreaterThan(0);
    }
    expect(seen.sort()).toEqual(expected);
    // The sync resumed where it stopped: no page was asked for twice except the one in flight at the kill.
    const asked = pages().map((request) => Number(request.query.page));
    expect(new Set(asked).size).toBeGreaterThanOrEqual(asked.length - 1);
    expect(Math.max(...asked)).toBe(Math.ceil(ACTIVITIES / 100));
  }, 240_000);
});
