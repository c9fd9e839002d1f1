import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION } from '../db/migrations/index.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { startTestServer, testDatabaseKind, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

describe('GET /api/health', () => {
  it('reports the database kind of this suite and the migration it is on', async () => {
    const response = await createApiClient(server.url).get('/api/health');

    expect(response.status).toBe(200);
    const { version, ...rest } = response.body as { version: string };
    expect(rest).toEqual({ status: 'ok', database: testDatabaseKind(), migration: '0001-accounts-and-profiles' });
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(LATEST_MIGRATION).toBe('0001-accounts-and-profiles');
  });

  it('sends security headers', async () => {
    const response = await createApiClient(server.url).get('/api/health');

    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
