/**
 * The same-origin rule over HTTP (server/http/same-origin.ts): state-changing requests from another
 * origin are refused before any route runs, better-auth's and uploads included.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, testConfig, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader } from '../test-support/uploads.ts';

let server: TestServer;
let runner: ApiClient;

const refused = { type: 'permission_error', message: HTTP_MESSAGES.crossSiteRequest } as const;
const wrongHost = (publicUrl: string) =>
  ({ type: 'permission_error', message: HTTP_MESSAGES.unknownHost(publicUrl) }) as const;

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

describe('in production, only PUBLIC_URL’s host and origin', () => {
  let production: TestServer;
  const signUpBody = JSON.stringify({ name: 'Ada', email: 'ada-production@example.com', password: 'correct-horse-1' });

  beforeAll(async () => {
    production = await startTestServer({ env: 'production', publicUrl: 'https://stride.example.com' });
  });

  afterAll(async () => {
    await production.stop();
  });

  it('refuses a request that reached the server by another name, loopback included, GET or POST', async () => {
    const viaLoopback = await createApiClient(production.url).post('/api/auth/sign-up/email', undefined, {
      rawBody: signUpBody,
    });
    expectApiError(viaLoopback, 421, wrongHost('https://stride.example.com'));
    const page = await requestWithHost(production.url, '/api/password-policy', { host: 'evil.example' });
    expect(page.status).toBe(421);
    expect(JSON.parse(page.body)).toEqual({ error: wrongHost('https://stride.example.com') });
  });

  it('tells a browser that opened another address which one to use, and redirects no loopback alias', async () => {
    for (const host of ['192.168.1.20:3000', '127.0.0.1:443']) {
      const page = await requestWithHost(production.url, '/strava/callback?code=c1', {
        host,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(page.status).toBe(421);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(
        HTTP_MESSAGES.unknownHost('https://stride.example.com').replace(
          'https://stride.example.com',
          '<a href="https://stride.example.com">https://stride.example.com</a>',
        ),
      );
    }
  });

  it('still answers the health check at any host (load balancers probe by address)', async () => {
    expect((await requestWithHost(production.url, '/api/health', { host: '10.0.0.7:3000' })).status).toBe(200);
  });

  it('refuses another origin even at PUBLIC_URL’s host', async () => {
    const response = await requestWithHost(production.url, '/api/auth/sign-up/email', {
      method: 'POST',
      host: 'stride.example.com',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: signUpBody,
    });
    expect(response.status).toBe(403);
  });

  it('accepts PUBLIC_URL’s host and origin', async () => {
    const response = await requestWithHost(production.url, '/api/auth/sign-up/email', {
      method: 'POST',
      host: 'stride.example.com',
      headers: { origin: 'https://stride.example.com', 'content-type': 'application/json' },
      body: signUpBody,
    });

    expect(response.status).toBe(200);
  });
});

describe('the Host header outside production (DNS rebinding)', () => {
  let rebound: TestServer;
  let user: ApiClient;

  beforeAll(async () => {
    const base = testConfig();
    rebound = await startTestServer({
      publicUrl: 'http://run.example:8080',
      strava: { ...base.strava, clientId: 'stride-client', clientSecret: 'stride-secret', redirectBaseUrl: null },
    });
    user = (await registerUser(rebound)).client;
  });

  afterAll(async () => {
    await rebound.stop();
  });

  it('refuses a page that rebinds its own name to the server: it can neither read nor post', async () => {
    const read = await requestWithHost(rebound.url, '/api/profile', {
      host: 'evil.example',
      headers: { cookie: cookieHeader(user) },
    });
    expect(read.status).toBe(421);
    expect(JSON.parse(read.body)).toEqual({ error: wrongHost('http://run.example:8080') });

    const connect = await requestWithHost(rebound.url, '/api/strava/connect', {
      method: 'POST',
      host: 'evil.example',
      headers: { cookie: cookieHeader(user), origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(connect.status).toBe(421);
    expect(connect.body).not.toContain('evil.example');
  });

  it('accepts the loopback aliases (npm run dev, tests) on any port', async () => {
    const port = new URL(rebound.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost:5173']) {
      const response = await requestWithHost(rebound.url, '/api/profile', {
        host,
        headers: { cookie: cookieHeader(user) },
      });
      expect(response.status).toBe(200);
    }
  });

  it("builds Strava's redirect_uri from PUBLIC_URL, never from the Host the request named", async () => {
    const port = new URL(rebound.url).port;
    const response = await requestWithHost(rebound.url, '/api/strava/connect', {
      method: 'POST',
      host: `localhost:${port}`,
      headers: { cookie: cookieHeader(user), origin: `http://localhost:${port}`, 'content-type': 'application/json' },
      body: '{}',
    });

    expect(response.status).toBe(200);
    const authorize = new URL((JSON.parse(response.body) as { authorizeUrl: string }).authorizeUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://run.example:8080/strava/callback');
  });
});

describe('a loopback alias of PUBLIC_URL outside production', () => {
  let local: TestServer;

  beforeAll(async () => {
    local = await startTestServer({ publicUrl: 'http://localhost:3000' });
  });

  afterAll(async () => {
    await local.stop();
  });

  it('redirects a GET at 127.0.0.1 or [::1] on PUBLIC_URL’s port to PUBLIC_URL, path and query kept', async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      for (const method of ['GET', 'HEAD']) {
        const response = await requestWithHost(local.url, '/strava/callback?code=abc&state=x%20y&scope=read', {
          method,
          host,
        });
        expect(response.status, `${method} ${host}`).toBe(307);
        expect(response.headers.location).toBe('http://localhost:3000/strava/callback?code=abc&state=x%20y&scope=read');
      }
    }
  });

  it('answers PUBLIC_URL itself, another port (npm run dev), a POST and API reads where they are', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:5173', 'localhost:5173']) {
      expect((await requestWithHost(local.url, '/api/password-policy', { host })).status, host).toBe(200);
    }
    const posted = await requestWithHost(local.url, '/api/auth/sign-in/email', {
      method: 'POST',
      host: '127.0.0.1:3000',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    });
    expect(posted.status).not.toBe(307);
    // A script on the machine keeps its cookies: API reads at the alias are answered there.
    expect((await requestWithHost(local.url, '/api/password-policy', { host: '127.0.0.1:3000' })).status).toBe(200);
    expect((await requestWithHost(local.url, '/api/health', { host: '127.0.0.1:3000' })).status).toBe(200);
  });
});

/** A request with a Host header of the test's choosing (fetch always sends the URL's own). */
function requestWithHost(
  baseUrl: string,
  path: string,
  options: { method?: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: { ...options.headers, host: options.host },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
