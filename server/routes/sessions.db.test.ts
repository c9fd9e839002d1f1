/**
 * Sessions over HTTP: sign in (spec §8 identity codes, rate limiting, disabled users), the session
 * endpoint the web app polls, and sign out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { setUserDisabled } from '../db/user-repository.ts';
import { createApiClient } from '../test-support/api-client.ts';
import {
  countRows,
  expectApiError,
  getOwnProfile,
  registerUser,
  signedInClient,
  signIn,
  uniqueEmail,
  type AuthUserBody,
} from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

const invalidCredential = {
  type: 'authentication',
  message: IDENTITY_ERROR_MESSAGES['invalid-credential'],
  code: 'invalid-credential',
} as const;

const userDisabled = {
  type: 'permission_error',
  message: IDENTITY_ERROR_MESSAGES['user-disabled'],
  code: 'user-disabled',
} as const;

describe('POST /api/auth/sign-in/email', () => {
  it('signs in with the right password: a session cookie and a session row', async () => {
    const { id, credentials } = await registerUser(server);
    const client = createApiClient(server.url);

    const response = await signIn(server, credentials, client);

    expect(response.status).toBe(200);
    expect((response.body as AuthUserBody).user).toMatchObject({ id, email: credentials.email });
    expect(client.cookies.get('stride.session_token')).toEqual(expect.any(String));
    expect(await countRows(server, id)).toMatchObject({ sessions: 2 });
    expect((await getOwnProfile(client)).uid).toBe(id);
  });

  it('accepts the e-mail in any letter case', async () => {
    const { id, credentials } = await registerUser(server);

    const response = await signIn(server, { email: credentials.email.toUpperCase(), password: credentials.password });

    expect(response.status).toBe(200);
    expect((response.body as AuthUserBody).user.id).toBe(id);
  });

  it('answers a wrong password with invalid-credential and no cookie', async () => {
    const { credentials } = await registerUser(server);
    const client = createApiClient(server.url);

    const response = await signIn(server, { email: credentials.email, password: 'not-the-password' }, client);

    expectApiError(response, 401, invalidCredential);
    expect(client.cookies.size).toBe(0);
  });

  it('answers an unknown e-mail exactly like a wrong password (no account enumeration)', async () => {
    const response = await signIn(server, { email: uniqueEmail('nobody'), password: 'whatever-1' });

    expectApiError(response, 401, invalidCredential);
  });

  it('rejects malformed JSON', async () => {
    const response = await createApiClient(server.url).post('/api/auth/sign-in/email', undefined, {
      rawBody: '{"email":',
    });

    expectApiError(response, 400, { type: 'validation_error', message: HTTP_MESSAGES.malformedJson });
  });

  it('rejects a request from a foreign origin', async () => {
    const { credentials } = await registerUser(server);

    const response = await createApiClient(server.url).post('/api/auth/sign-in/email', credentials, {
      headers: { origin: 'https://evil.example' },
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { type: 'permission_error' } });
  });
});

describe('POST /api/auth/sign-in/email rate limiting', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ authRateLimit: { window: 60, max: 3 } });
  });

  afterAll(async () => {
    await limited.stop();
  });

  it('allows 3 attempts a minute, then answers 429 too-many-requests, even for the right password', async () => {
    const { credentials } = await registerUser(limited);
    const wrong = { email: credentials.email, password: 'wrong-password' };

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectApiError(await signIn(limited, wrong), 401, invalidCredential);
    }
    const fourth = await signIn(limited, wrong);
    const fifth = await signIn(limited, credentials);

    const tooMany = {
      type: 'rate_limit_error',
      message: IDENTITY_ERROR_MESSAGES['too-many-requests'],
      code: 'too-many-requests',
    } as const;
    expectApiError(fourth, 429, tooMany);
    expect(Number(fourth.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expectApiError(fifth, 429, tooMany);
    expect(fifth.headers.getSetCookie()).toEqual([]);
  });
});

describe('POST /api/auth/sign-in/email for a disabled user', () => {
  it('answers 403 user-disabled on sign-in and on requests with a session from before', async () => {
    const { id, credentials, client } = await registerUser(server);

    await setUserDisabled(server.database.db, id, true, new Date());

    expectApiError(await signIn(server, credentials), 403, userDisabled);
    expectApiError(await client.get('/api/profile'), 403, userDisabled);
    expectApiError(await client.patch('/api/profile', { bio: 'still here' }), 403, userDisabled);
  });

  it('does not tell someone without the password that the account is disabled', async () => {
    const { id, credentials } = await registerUser(server);
    await setUserDisabled(server.database.db, id, true, new Date());

    const response = await signIn(server, { ...credentials, password: 'not-the-password' });

    expectApiError(response, 401, {
      type: 'authentication',
      message: IDENTITY_ERROR_MESSAGES['invalid-credential'],
      code: 'invalid-credential',
    });
  });

  it('lets the user in again once re-enabled', async () => {
    const { id, credentials } = await registerUser(server);
    await setUserDisabled(server.database.db, id, true, new Date());
    await setUserDisabled(server.database.db, id, false, new Date());

    const response = await signIn(server, credentials);

    expect(response.status).toBe(200);
  });
});

describe('GET /api/auth/get-session', () => {
  it('returns the signed-in user and session', async () => {
    const { id, credentials, client } = await registerUser(server);

    const response = await client.get<{ user: { id: string; email: string }; session: { userId: string } }>(
      '/api/auth/get-session',
    );

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id, email: credentials.email });
    expect(response.body.session.userId).toBe(id);
  });

  it('answers session ids, never the tokens, on get-session and list-sessions', async () => {
    const { id, credentials, client } = await registerUser(server);
    const other = createApiClient(server.url);
    await signIn(server, credentials, other);
    const token = (
      await server.database.db.selectFrom('authSessions').select('token').where('userId', '=', id).execute()
    ).map((row) => row.token);

    const session = await client.get<{ session: Record<string, unknown> }>('/api/auth/get-session');
    const list = await client.get<Record<string, unknown>[]>('/api/auth/list-sessions');

    expect(session.status).toBe(200);
    expect(typeof session.body.session.id).toBe('string');
    expect(session.body.session.userId).toBe(id);
    expect(session.body.session).not.toHaveProperty('token');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    for (const listed of list.body) {
      expect(typeof listed.id).toBe('string');
      expect(listed.userId).toBe(id);
      expect(listed).not.toHaveProperty('token');
    }
    expect(token).toHaveLength(2);
    for (const secret of token) {
      expect(session.text).not.toContain(secret);
      expect(list.text).not.toContain(secret);
    }
  });

  it('returns null without a session', async () => {
    const response = await createApiClient(server.url).get('/api/auth/get-session');

    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });
});

describe("better-auth's update-user", () => {
  it('is turned off: name and photo change only through the profile and its limits', async () => {
    const { id, client } = await registerUser(server, { name: 'Plain Name' });

    const response = await client.post('/api/auth/update-user', {
      name: '\u202E'.concat('x'.repeat(3006)),
      image: 'https://evil.example/pixel.png',
    });

    expect(response.status).toBe(404);
    const row = await server.database.db
      .selectFrom('authUsers')
      .select(['name', 'image'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Plain Name', image: null });
  });
});

describe('POST /api/auth/sign-out', () => {
  it('ends the session: cookie cleared, session row gone, the old cookie no longer works', async () => {
    const { id, client } = await registerUser(server);
    const oldCookie = client.fork();

    const response = await client.post('/api/auth/sign-out', {});

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(client.cookies.has('stride.session_token')).toBe(false);
    expect(await countRows(server, id)).toMatchObject({ users: 1, sessions: 0, profiles: 1 });
    expectApiError(await oldCookie.get('/api/profile'), 401, {
      type: 'authentication',
      message: HTTP_MESSAGES.unauthenticated,
    });
  });

  it('ends only this session; another device stays signed in', async () => {
    const { id, credentials, client } = await registerUser(server);
    const otherDevice = await signedInClient(server, credentials);

    await client.post('/api/auth/sign-out', {});

    expect(await countRows(server, id)).toMatchObject({ sessions: 1 });
    expect((await getOwnProfile(otherDevice)).uid).toBe(id);
  });
});
