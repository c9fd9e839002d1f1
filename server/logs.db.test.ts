/**
 * What the server logs: an import that fails at the database stage, and a normal one, write
 * neither the file's coordinates nor the session token; repeated identical errors are limited.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signIn } from './test-support/factories.ts';
import { fixedClock } from './test-support/clock.ts';
import { SECURITY_LOG_MESSAGE, SECURITY_LOG_WINDOW_MS } from './http/security-log.ts';
import { finalFileEvents, uploadFiles } from './test-support/uploads.ts';
import { captureLog, startTestServer, type TestServer } from './test-support/test-server.ts';

const FIXTURE = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'real', 'korita-zbevnica.gpx');

let server: TestServer;
const log = captureLog();

beforeAll(async () => {
  server = await startTestServer({ logLevel: 'info' }, { logDestination: log.destination });
});

afterAll(async () => {
  await server.stop();
});

/** The coordinates of the file's first points, as they would appear in SQL parameters. */
function coordinatesOf(gpx: string): string[] {
  const found: string[] = [];
  for (const match of gpx.matchAll(/lat="([\d.-]+)" lon="([\d.-]+)"/g)) {
    // Parsed numbers print without trailing zeros; the first 6 digits identify a point either way.
    found.push(String(Number(match[1])).slice(0, 8), String(Number(match[2])).slice(0, 8));
    if (found.length >= 6) {
      break;
    }
  }
  return found;
}

describe('logs of imports', () => {
  it('hold no coordinates and no session token, whether the import succeeds or fails in the database', async () => {
    const gpx = await readFile(FIXTURE, 'utf8');
    const coordinates = coordinatesOf(gpx);
    expect(coordinates.length).toBe(6);
    const runner = await registerUser(server);
    const token = runner.client.cookies.get('stride.session_token') ?? '';
    expect(token.length).toBeGreaterThan(10);

    const ok = await uploadFiles(server, runner.client, [{ name: 'korita.gpx', content: gpx }]);
    expect(finalFileEvents(ok.events)[0]?.state).toBe('complete');

    // Every new activity now breaks a constraint: the insert fails with the row's values as parameters.
    await sql`alter table activities add constraint refuse_new_rows check (false) not valid`.execute(
      server.database.db,
    );
    try {
      const other = await registerUser(server);
      const failed = await uploadFiles(server, other.client, [{ name: 'korita.gpx', content: gpx }]);
      expect(finalFileEvents(failed.events)[0]?.state).toBe('error');
    } finally {
      await sql`alter table activities drop constraint refuse_new_rows`.execute(server.database.db);
    }

    const text = log.text();
    expect(text).toContain('activity import failed');
    expect(text).toContain('"code":"23514"');
    for (const coordinate of coordinates) {
      expect(text).not.toContain(coordinate);
    }
    expect(text).not.toContain(token);
    expect(text).not.toContain(decodeURIComponent(token));
    for (const line of log.lines()) {
      expect(line.length).toBeLessThan(8 * 1024);
    }
  });
});

describe('logs of an attack', () => {
  it('count failed and throttled sign-ins per account and address, refusals and 4xx, in one line each a minute', async () => {
    const clock = fixedClock(Date.UTC(2026, 10, 26, 9, 0, 0));
    const attackLog = captureLog();
    const target = await startTestServer({ logLevel: 'info' }, { clock, logDestination: attackLog.destination });
    try {
      const { credentials } = await registerUser(target);
      const statuses: number[] = [];
      for (let guess = 0; guess < 8; guess += 1) {
        statuses.push((await signIn(target, { email: credentials.email, password: `guess-${guess}` })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      const form = await fetch(new URL('/api/auth/sign-in/email', target.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: credentials.email, password: 'guess' }).toString(),
      });
      expect(form.status).toBe(415);
      const security = () =>
        attackLog
          .lines()
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.msg === SECURITY_LOG_MESSAGE);
      expect(security()).toEqual([]);

      clock.advance(SECURITY_LOG_WINDOW_MS);
      expect((await fetch(new URL('/api/nothing-here', target.url))).status).toBe(404);

      const lines = security();
      const failed = lines.filter((line) => line.securityEvent === 'sign-in-failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ count: 5, address: expect.stringMatching(/127\.0\.0\.1|::1/) as unknown });
      expect(String(failed[0]?.account)).toMatch(/^[0-9a-f]{16}$/);
      expect(lines.find((line) => line.securityEvent === 'sign-in-throttled')).toMatchObject({
        count: 3,
        account: failed[0]?.account,
      });
      expect(lines.find((line) => line.securityEvent === 'request-refused')).toMatchObject({
        reason: 'encoding',
        count: 1,
      });
      const clientErrors = lines.filter((line) => line.securityEvent === 'client-error');
      expect(clientErrors.find((line) => line.status === 401)).toMatchObject({ count: 5 });
      expect(clientErrors.find((line) => line.status === 429)).toMatchObject({ count: 3 });
      expect(attackLog.text()).not.toContain(credentials.email);
    } finally {
      await target.stop();
    }
  });
});
