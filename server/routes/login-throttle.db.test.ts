/**
 * Per-account sign-in throttling over HTTP (core/login-throttle.ts, migration auth_login_failures)
 * and the client address behind trusted proxies (TRUST_PROXY_HOPS).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser, signIn, uniqueEmail } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ loginThrottle: { freeFailures: 3, windowSeconds: 900, maxDelaySeconds: 900 } });
});

afterAll(async () => {
  await server.stop();
});

function emailHash(email: string): string {
  return createHmac('sha256', server.config.appSecret).update(email.trim().toLowerCase()).digest('hex');
}

function throttleRow(email: string) {
  return throttleRowOn(server, email);
}

function throttleRowOn(on: TestServer, email: string) {
  return on.database.db
    .selectFrom('authLoginFailures')
    .selectAll()
    .where('emailHash', '=', emailHash(email))
    .executeTakeFirst();
}

/** As if many more attempts had failed: the wait now runs for `seconds`. */
async function lockFor(email: string, seconds: number): Promise<void> {
  await server.database.db
    .updateTable('authLoginFailures')
    .set({ failures: 13, lockedUntil: new Date(Date.now() + seconds * 1000) })
    .where('emailHash', '=', emailHash(email))
    .execute();
}

const invalidCredential = {
  type: 'authentication',
  message: IDENTITY_ERROR_MESSAGES['invalid-credential'],
  code: 'invalid-credential',
} as const;

describe('per-account sign-in throttle', () => {
  it('counts failures per e-mail and starts a 1 s wait after the free ones', async () => {
    const { credentials } = await registerUser(server);
    const before = Date.now();

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectApiError(
        await signIn(server, { email: credentials.email, password: `wrong-${attempt}` }),
        401,
        invalidCredential,
      );
    }

    const row = await throttleRow(credentials.email);
    expect(row?.failures).toBe(3);
    const lockedUntil = new Date(row?.lockedUntil ?? 0).getTime();
    expect(lockedUntil).toBeGreaterThanOrEqual(before + 1000);
    expect(lockedUntil).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses even the right password during a wait, from any address, and says how long', async () => {
    const { credentials } = await registerUser(server);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await signIn(server, { email: credentials.email, password: `wrong-${attempt}` });
    }
    await lockFor(credentials.email, 600);
    const client = createApiClient(server.url);

    const response = await signIn(server, credentials, client);

    expectApiError(response, 429, {
      type: 'rate_limit_error',
      message: 'Too many attempts. Please wait 10 minutes and try again.',
      code: 'too-many-requests',
    });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(client.cookies.size).toBe(0);
  });

  it('answers an unknown e-mail exactly like a registered one while throttled (no enumeration)', async () => {
    const { credentials } = await registerUser(server);
    const unknown = uniqueEmail('nobody');
    for (const email of [credentials.email, unknown]) {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expectApiError(await signIn(server, { email, password: `wrong-${attempt}` }), 401, invalidCredential);
      }
      await lockFor(email, 120);
    }

    const known = await signIn(server, { email: credentials.email, password: 'wrong-4' });
    const nobody = await signIn(server, { email: unknown, password: 'wrong-4' });

    expect(nobody.status).toBe(known.status);
    expect(nobody.body).toEqual(known.body);
    expect(known.body).toEqual({
      error: {
        type: 'rate_limit_error',
        message: 'Too many attempts. Please wait 2 minutes and try again.',
        code: 'too-many-requests',
      },
    });
  });

  it('treats the e-mail in any letter case and spacing as one account', async () => {
    const { credentials } = await registerUser(server);
    await signIn(server, { email: credentials.email.toUpperCase(), password: 'wrong-1' });
    await signIn(server, { email: ` ${credentials.email} `, password: 'wrong-2' });

    expect((await throttleRow(credentials.email))?.failures).toBe(2);
  });

  it('forgets the failures once the wait is over and the right password is given', async () => {
    const { credentials } = await registerUser(server);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await signIn(server, { email: credentials.email, password: `wrong-${attempt}` });
    }
    await lockFor(credentials.email, -1);

    expect((await signIn(server, credentials)).status).toBe(200);
    expect(await throttleRow(credentials.email)).toBeUndefined();
  });

  it('stops a burst of parallel guesses from many addresses after the free ones', async () => {
    const proxied = await startTestServer({
      trustProxyHops: 1,
      loginThrottle: { freeFailures: 3, windowSeconds: 900, maxDelaySeconds: 900 },
    });
    try {
      const { credentials } = await registerUser(proxied);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          createApiClient(proxied.url).post(
            '/api/auth/sign-in/email',
            { email: credentials.email, password: `guess-${index}` },
            { headers: { 'x-forwarded-for': `198.51.100.${index + 1}` } },
          ),
        ),
      );

      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    } finally {
      await proxied.stop();
    }
  });
});

describe('sign-in bodies in other encodings', () => {
  const jsonOnly = { type: 'validation_error', message: HTTP_MESSAGES.jsonOnly } as const;
  const encodings: { name: string; encode: (fields: Record<string, string>) => { body: string; type?: string } }[] = [
    {
      name: 'form-encoded',
      encode: (fields) => ({
        body: new URLSearchParams(fields).toString(),
        type: 'application/x-www-form-urlencoded',
      }),
    },
    {
      name: 'multipart',
      encode: (fields) => ({
        body: Object.entries(fields)
          .map(([key, value]) => `--b\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
          .join('')
          .concat('--b--\r\n'),
        type: 'multipart/form-data; boundary=b',
      }),
    },
    { name: 'text/plain', encode: (fields) => ({ body: JSON.stringify(fields), type: 'text/plain' }) },
    { name: 'without a Content-Type', encode: (fields) => ({ body: JSON.stringify(fields) }) },
  ];

  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({
      trustProxyHops: 1,
      loginThrottle: { freeFailures: 3, windowSeconds: 900, maxDelaySeconds: 900 },
    });
  });
  afterAll(async () => {
    await proxied.stop();
  });

  for (const { name, encode } of encodings) {
    it(`refuses ${name} sign-ins with 415: guesses from many addresses never reach the password`, async () => {
      const { credentials } = await registerUser(proxied);
      const send = async (password: string, address: string) => {
        const { body, type } = encode({ email: credentials.email, password });
        const headers: Record<string, string> = { 'x-forwarded-for': address };
        if (type) {
          headers['content-type'] = type;
        }
        const response = await fetch(new URL('/api/auth/sign-in/email', proxied.url), {
          method: 'POST',
          headers,
          body,
        });
        return {
          status: response.status,
          body: await response.json(),
          cookie: response.headers.get('set-cookie'),
        };
      };
      const guesses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => send(`guess-${index}`, `198.51.100.${index + 1}`)),
      );
      const right = await send(credentials.password, '198.51.100.99');

      for (const answer of [...guesses, right]) {
        expect(answer.status).toBe(415);
        expect(answer.body).toEqual({ error: jsonOnly });
        expect(answer.cookie).toBeNull();
      }
      // Nothing reached better-auth: the account's count is untouched and JSON still signs in.
      expect(await throttleRowOn(proxied, credentials.email)).toBeUndefined();
      expect((await signIn(proxied, credentials)).status).toBe(200);
    });
  }
});

describe('the client address behind trusted proxies', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const address = await sessionAddressVia(server, '203.0.113.9');

    expect(address).not.toBe('203.0.113.9');
    expect(address).toMatch(/127\.0\.0\.1|::1/);
  });

  it('takes the address the trusted proxy appended, not one the client wrote before it', async () => {
    const proxied = await startTestServer({ trustProxyHops: 1 });
    try {
      expect(await sessionAddressVia(proxied, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    } finally {
      await proxied.stop();
    }
  });

  it('limits per address by the proxy-appended entry, so a spoofed one does not bypass the limit', async () => {
    const proxied = await startTestServer({ trustProxyHops: 1, authRateLimit: { window: 60, max: 2 } });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await createApiClient(proxied.url).post(
          '/api/auth/sign-in/email',
          { email: uniqueEmail('spoof'), password: 'whatever-1' },
          { headers: { 'x-forwarded-for': `10.9.8.${attempt}, 203.0.113.9` } },
        );
        statuses.push(response.status);
      }

      expect(statuses).toEqual([401, 401, 429, 429]);
    } finally {
      await proxied.stop();
    }
  });

  /** Signs in through a client that sends this X-Forwarded-For, and reads the session's address. */
  async function sessionAddressVia(target: TestServer, forwardedFor: string): Promise<string | null> {
    const { credentials } = await registerUser(target);
    const client = createApiClient(target.url);
    const response = await client.post('/api/auth/sign-in/email', credentials, {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    expect(response.status).toBe(200);
    const userId = (response.body as { user: { id: string } }).user.id;
    const rows = await target.database.db
      .selectFrom('authSessions')
      .select(['ipAddress', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .execute();
    return rows[0]?.ipAddress ?? null;
  }
});
