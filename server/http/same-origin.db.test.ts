/**
 * The same-origin rule over HTTP (server/http/same-origin.ts): state-changing requests from another
 * origin are refused before any route runs, better-auth's and uploads included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader } from '../test-support/uploads.ts';

let server: TestServer;
let runner: ApiClient;

const refused = { type: 'permission_error', message: HTTP_MESSAGES.crossSiteRequest } as const;

/** A page on another port of the same host: same site for cookies, another origin. */
function otherPortOrigin(): string {
  const url = new URL(server.url);
  return `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
}

async function sampleCount(client: ApiClient): Promise<number> {
  const response = await client.get<{ total: number }>('/api/activities');
  expect(response.status).toBe(200);
  return response.body.total;
}

beforeAll(async () => {
  server = await startTestServer();
  runner = (await registerUser(server)).client;
});

afterAll(async () => {
  await server.stop();
});

describe('state-changing requests and their origin', () => {
  it('refuses a foreign Origin with the session cookie, and nothing is created', async () => {
    const response = await runner.post('/api/activities/samples', undefined, {
      headers: { origin: otherPortOrigin() },
    });

    expectApiError(response, 403, refused);
    expect(await sampleCount(runner)).toBe(0);
  });

  it('refuses a foreign Origin on an upload', async () => {
    const form = new FormData();
    form.append('timeZone', 'UTC');
    form.append('files', new Blob(['<gpx></gpx>'], { type: 'application/gpx+xml' }), 'run.gpx');
    const response = await fetch(`${server.url}/api/activities/uploads`, {
      method: 'POST',
      headers: { cookie: cookieHeader(runner), origin: 'http://evil.example' },
      body: form,
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: refused });
  });

  it("refuses better-auth's own endpoints from a foreign Origin", async () => {
    const response = await runner.post('/api/auth/sign-out', {}, { headers: { origin: otherPortOrigin() } });

    expectApiError(response, 403, refused);
    expect((await runner.get('/api/profile')).status).toBe(200);
  });

  it('refuses a request that carries a cookie but neither Origin nor Sec-Fetch-Site', async () => {
    const response = await runner.post('/api/activities/samples', undefined, { withoutOrigin: true });

    expectApiError(response, 403, refused);
    expect(await sampleCount(runner)).toBe(0);
  });

  it('refuses Sec-Fetch-Site same-site or cross-site without an Origin', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const response = await runner.post('/api/activities/samples', undefined, {
        withoutOrigin: true,
        headers: { 'sec-fetch-site': site },
      });
      expectApiError(response, 403, refused);
    }
    expect(await sampleCount(runner)).toBe(0);
  });

  it('allows a request from the server’s own origin', async () => {
    const response = await runner.post<{ added: number }>('/api/activities/samples');

    expect(response.status).toBe(200);
    expect(response.body.added).toBeGreaterThan(0);
    await runner.delete('/api/activities/samples');
  });

  it('allows Sec-Fetch-Site same-origin without an Origin', async () => {
    const response = await runner.post<{ added: number }>('/api/activities/samples', undefined, {
      withoutOrigin: true,
      headers: { 'sec-fetch-site': 'same-origin' },
    });

    expect(response.status).toBe(200);
    expect(response.body.added).toBeGreaterThan(0);
    await runner.delete('/api/activities/samples');
  });

  it('allows a program with no cookie and no Origin (it then meets the route’s own checks)', async () => {
    const anonymous = createApiClient(server.url);

    const response = await anonymous.post('/api/activities/samples', undefined, { withoutOrigin: true });

    expectApiError(response, 401, { type: 'authentication', message: HTTP_MESSAGES.unauthenticated });
  });

  it('leaves GET alone, whatever the Origin', async () => {
    const response = await runner.get('/api/activities', { headers: { origin: 'http://evil.example' } });

    expect(response.status).toBe(200);
  });

  it("exempts Strava's push callback, which Strava's servers call without an Origin", async () => {
    const response = await fetch(`${server.url}/api/strava/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'stray=1' },
      body: JSON.stringify({ object_type: 'activity', aspect_type: 'create', object_id: 1, owner_id: 1 }),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });
});

describe('in production, only PUBLIC_URL’s origin', () => {
  let production: TestServer;

  beforeAll(async () => {
    production = await startTestServer({ env: 'production', publicUrl: 'https://stride.example.com' });
  });

  afterAll(async () => {
    await production.stop();
  });

  it('refuses the address the request reached the server on when it is not PUBLIC_URL', async () => {
    const client = createApiClient(production.url);

    const response = await client.post('/api/auth/sign-up/email', {
      name: 'Ada',
      email: 'ada-production@example.com',
      password: 'correct-horse-1',
    });

    expectApiError(response, 403, refused);
  });

  it('accepts PUBLIC_URL’s origin', async () => {
    const client = createApiClient(production.url);

    const response = await client.post(
      '/api/auth/sign-up/email',
      { name: 'Ada', email: 'ada-production@example.com', password: 'correct-horse-1' },
      { headers: { origin: 'https://stride.example.com' } },
    );

    expect(response.status).toBe(200);
  });
});
