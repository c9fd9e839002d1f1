/**
 * What the server logs: an import that fails at the database stage, and a normal one, write
 * neither the file's coordinates nor the session token; repeated identical errors are limited.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './test-support/factories.ts';
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
