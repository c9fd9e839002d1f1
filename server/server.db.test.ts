/**
 * startServer on data that already exists: a second start (a restart, or a second `npm start` on
 * the same data folder or DATABASE_URL) keeps every account and profile, and migrations run once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Profile } from '../core/profile.ts';
import { LATEST_MIGRATION } from './db/migrations/index.ts';
import { getOwnProfile, registerUser, signedInClient } from './test-support/factories.ts';
import { createTestDatabase, startTestServer, type TestDatabase } from './test-support/test-server.ts';

const databases: TestDatabase[] = [];

afterAll(async () => {
  await Promise.all(databases.map((database) => database.destroy()));
});

/** Two starts of PGlite on disk in one test: slow on a busy CI machine. */
const RESTART_TIMEOUT_MS = 120_000;

describe('startServer on existing data', () => {
  it('keeps accounts, profiles and sessions across a restart', { timeout: RESTART_TIMEOUT_MS }, async () => {
    const database = await createTestDatabase({ persistent: true });
    databases.push(database);

    const first = await startTestServer({}, { database });
    const { credentials, client } = await registerUser(first, { name: 'Stays Around' });
    const updated = await client.patch<Profile>('/api/profile', {
      preferences: { unitSystem: 'metric' },
      athleteProfile: { goal: 'marathon' },
    });
    expect(updated.status).toBe(200);
    const sessionCookie = client.cookies.get('stride.session_token');
    // The session cookie is signed with the app secret, so the second start must reuse it.
    await first.stop();

    const second = await startTestServer({ appSecret: first.config.appSecret }, { database });
    try {
      const health = await second.app.request('/api/health');
      expect(await health.json()).toMatchObject({ migration: LATEST_MIGRATION });

      const signedIn = await signedInClient(second, credentials);
      expect(await getOwnProfile(signedIn)).toEqual(updated.body);

      const resumed = await fetch(`${second.url}/api/profile`, {
        headers: { cookie: `stride.session_token=${sessionCookie ?? ''}` },
      });
      expect(resumed.status).toBe(200);
      expect(((await resumed.json()) as Profile).uid).toBe(updated.body.uid);
    } finally {
      await second.stop();
    }
  });
});
