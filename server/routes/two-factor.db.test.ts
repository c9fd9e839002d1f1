/**
 * Two-factor sign-in over HTTP: enrolment from Account (password, then a code from the app confirms
 * it), the sign-in challenge with a code or a one-time backup code, "trust this device" for 30 days,
 * disabling and new backup codes behind the password, wrong codes rate-limited; and Account's list
 * of sessions with signing out one other session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SESSION_MESSAGES, type AccountSession, type SignInMethods } from '../../core/account-sessions.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { TWO_FACTOR_MESSAGES, totpSecretOf } from '../../core/two-factor.ts';
import { setUserDisabled } from '../db/user-repository.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import {
  expectApiError,
  getOwnProfile,
  registerUser,
  signIn,
  signedInClient,
  type Credentials,
} from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { codeNow, nextCode, enrol, wrongCode, type Enrolment } from '../test-support/two-factor.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

/** A fresh browser that gave the right password; the two-factor challenge is open for it. */
async function challenged(
  credentials: Credentials,
  client: ApiClient = createApiClient(server.url),
): Promise<ApiClient> {
  const response = await signIn(server, credentials, client);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ twoFactorRedirect: true });
  return client;
}

async function methodsOf(client: ApiClient): Promise<SignInMethods> {
  const response = await client.get<SignInMethods>('/api/account/sign-in-methods');
  expect(response.status).toBe(200);
  return response.body;
}

async function twoFactorRow(userId: string) {
  return server.database.db
    .selectFrom('authTwoFactors')
    .select(['verified', 'backupCodes'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

describe('enrolment', () => {
  it('asks the password, gives an otpauth URI with issuer Stride and ten backup codes, and completes only with a correct code', async () => {
    const { id, credentials, client } = await registerUser(server);

    const wrongPassword = await client.post('/api/auth/two-factor/enable', { password: 'not-the-password' });
    expectApiError(wrongPassword, 400, {
      type: 'authentication',
      message: IDENTITY_ERROR_MESSAGES['wrong-password'],
      code: 'wrong-password',
    });
    expect(await twoFactorRow(id)).toBeUndefined();

    const started = await client.post<Enrolment>('/api/auth/two-factor/enable', { password: credentials.password });
    expect(started.status).toBe(200);
    const uri = new URL(started.body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Stride');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(uri.pathname)).toContain(credentials.email);
    expect(totpSecretOf(started.body.totpURI)).toMatch(/^[A-Z2-7]+=*$/);
    expect(started.body.backupCodes).toHaveLength(10);
    // Not yet on: a sign-in now is not challenged.
    expect(await methodsOf(client)).toEqual({ password: true, twoFactor: false, providers: [] });
    expect(await twoFactorRow(id)).toMatchObject({ verified: false });

    const refused = await client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(started.body.totpURI) });
    expectApiError(refused, 401, {
      type: 'authentication',
      message: TWO_FACTOR_MESSAGES.invalidCode,
      code: 'invalid-code',
    });
    expect(await methodsOf(client)).toMatchObject({ twoFactor: false });
    const notChallenged = await signIn(server, credentials);
    expect(notChallenged.body).not.toHaveProperty('twoFactorRedirect');

    const confirmed = await client.post('/api/auth/two-factor/verify-totp', { code: codeNow(started.body.totpURI) });
    expect(confirmed.status).toBe(200);
    expect(await methodsOf(client)).toEqual({ password: true, twoFactor: true, providers: [] });
    expect(await twoFactorRow(id)).toMatchObject({ verified: true });
    // The secret and backup codes are stored encrypted, never as given.
    const row = await twoFactorRow(id);
    for (const code of started.body.backupCodes) {
      expect(row?.backupCodes).not.toContain(code);
    }
  });
});

describe('the sign-in challenge', () => {
  it('gives no session after the password; a code from the app signs in', async () => {
    const { id, credentials, client } = await registerUser(server);
    const { totpURI } = await enrol(client, credentials);

    const browser = await challenged(credentials);
    expect(browser.cookies.has('stride.session_token')).toBe(false);
    expect((await browser.get('/api/profile')).status).toBe(401);

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI) });
    expectApiError(wrong, 401, {
      type: 'authentication',
      message: TWO_FACTOR_MESSAGES.invalidCode,
      code: 'invalid-code',
    });
    expect(browser.cookies.has('stride.session_token')).toBe(false);

    const accepted = await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(totpURI) });
    expect(accepted.status).toBe(200);
    expect(browser.cookies.has('stride.session_token')).toBe(true);
    expect((await getOwnProfile(browser)).uid).toBe(id);
  });

  it('accepts a code from the app once: a second challenge with the same code gets no session', async () => {
    const { id, credentials, client } = await registerUser(server);
    const { totpURI } = await enrol(client, credentials);
    const code = nextCode(totpURI);
    const first = await challenged(credentials);
    const second = await challenged(credentials);

    expect((await first.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    const replayed = await second.post('/api/auth/two-factor/verify-totp', { code });

    expectApiError(replayed, 401, {
      type: 'authentication',
      message: TWO_FACTOR_MESSAGES.invalidCode,
      code: 'invalid-code',
    });
    expect(second.cookies.has('stride.session_token')).toBe(false);
    expect((await getOwnProfile(first)).uid).toBe(id);
  });

  it('gives one session to two requests at once with the same code', async () => {
    const { credentials, client } = await registerUser(server);
    const { totpURI } = await enrol(client, credentials);
    const code = nextCode(totpURI);
    const browsers = [await challenged(credentials), await challenged(credentials)];

    const answers = await Promise.all(
      browsers.map((browser) => browser.post('/api/auth/two-factor/verify-totp', { code })),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(browsers.filter((browser) => browser.cookies.has('stride.session_token'))).toHaveLength(1);
  });

  it('accepts each backup code once', async () => {
    const { id, credentials, client } = await registerUser(server);
    const { backupCodes } = await enrol(client, credentials);
    const [code] = backupCodes;

    const first = await challenged(credentials);
    const accepted = await first.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(accepted.status).toBe(200);
    expect((await getOwnProfile(first)).uid).toBe(id);

    const second = await challenged(credentials);
    const reused = await second.post('/api/auth/two-factor/verify-backup-code', { code });
    expectApiError(reused, 401, {
      type: 'authentication',
      message: TWO_FACTOR_MESSAGES.invalidBackupCode,
      code: 'invalid-backup-code',
    });
    expect(second.cookies.has('stride.session_token')).toBe(false);
    const another = await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(another.status).toBe(200);
  });

  it('refuses a code without a challenge, and after five wrong codes asks for the password again', async () => {
    const { credentials, client } = await registerUser(server);
    const { totpURI } = await enrol(client, credentials);

    const stranger = await createApiClient(server.url).post('/api/auth/two-factor/verify-totp', {
      code: nextCode(totpURI),
    });
    expectApiError(stranger, 401, {
      type: 'authentication',
      message: TWO_FACTOR_MESSAGES.challengeExpired,
      code: 'two-factor-expired',
    });

    const browser = await challenged(credentials);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI) })).status).toBe(401);
    }
    const spent = await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(totpURI) });
    expectApiError(spent, 400, {
      type: 'rate_limit_error',
      message: TWO_FACTOR_MESSAGES.tooManyAttempts,
      code: 'two-factor-expired',
    });
    expect(browser.cookies.has('stride.session_token')).toBe(false);
  });

  it('"trust this device" skips the challenge on that browser, on no other, and not after 30 days', async () => {
    const { id, credentials, client } = await registerUser(server);
    const { totpURI } = await enrol(client, credentials);

    const browser = await challenged(credentials);
    const trusted = await browser.post('/api/auth/two-factor/verify-totp', {
      code: nextCode(totpURI),
      trustDevice: true,
    });
    expect(trusted.status).toBe(200);
    expect(trusted.headers.getSetCookie().find((line) => line.startsWith('stride.trust_device='))).toMatch(
      /Max-Age=2592000/i,
    );
    await browser.post('/api/auth/sign-out', {});
    expect(browser.cookies.has('stride.session_token')).toBe(false);

    const again = await signIn(server, credentials, browser);
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('twoFactorRedirect');
    expect((await getOwnProfile(browser)).uid).toBe(id);

    await challenged(credentials);

    // 30 days on, the stored trust has expired: the same browser is challenged again.
    await browser.post('/api/auth/sign-out', {});
    await server.database.db
      .updateTable('authVerifications')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('value', '=', id)
      .where('identifier', 'like', 'trust-device-%')
      .execute();
    await challenged(credentials, browser);
  });

  it('keeps the "disabled" answer and the login throttle for accounts with two-factor', async () => {
    const { id, credentials, client } = await registerUser(server);
    await enrol(client, credentials);
    await setUserDisabled(server.database.db, id, true, new Date());

    expectApiError(await signIn(server, credentials), 403, {
      type: 'permission_error',
      message: IDENTITY_ERROR_MESSAGES['user-disabled'],
      code: 'user-disabled',
    });
    await setUserDisabled(server.database.db, id, false, new Date());

    let response = await signIn(server, { ...credentials, password: 'not-the-password' });
    for (let attempt = 0; attempt < 20 && response.status !== 429; attempt += 1) {
      response = await signIn(server, { ...credentials, password: 'not-the-password' });
    }
    expect(response.status).toBe(429);
    // Even the right password waits: the throttle runs before the challenge is opened.
    expect((await signIn(server, credentials)).status).toBe(429);
  });
});

describe('disabling and new backup codes', () => {
  it('refuses to disable with a wrong password, and turns two-factor off with the right one', async () => {
    const { credentials, client } = await registerUser(server);
    await enrol(client, credentials);

    const refused = await client.post('/api/auth/two-factor/disable', { password: 'not-the-password' });
    expectApiError(refused, 400, {
      type: 'authentication',
      message: IDENTITY_ERROR_MESSAGES['wrong-password'],
      code: 'wrong-password',
    });
    expect(await methodsOf(client)).toMatchObject({ twoFactor: true });

    const disabled = await client.post('/api/auth/two-factor/disable', { password: credentials.password });
    expect(disabled.status).toBe(200);
    expect(await methodsOf(client)).toMatchObject({ twoFactor: false });
    const plain = await signIn(server, credentials);
    expect(plain.body).not.toHaveProperty('twoFactorRedirect');
  });

  it('new backup codes need the password and replace the old ones', async () => {
    const { credentials, client } = await registerUser(server);
    const { backupCodes: old } = await enrol(client, credentials);

    const refused = await client.post('/api/auth/two-factor/generate-backup-codes', { password: 'not-the-password' });
    expect(refused.status).toBe(400);

    const fresh = await client.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
      password: credentials.password,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);

    const withOld = await challenged(credentials);
    expect((await withOld.post('/api/auth/two-factor/verify-backup-code', { code: old[0] })).status).toBe(401);
    expect(
      (await withOld.post('/api/auth/two-factor/verify-backup-code', { code: fresh.body.backupCodes[0] })).status,
    ).toBe(200);
  });
});

describe('wrong codes are rate-limited like sign-in', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ authRateLimit: { window: 60, max: 3 } });
  });

  afterAll(async () => {
    await limited.stop();
  });

  it('answers 429 with the too-many-requests sentence once the limit is spent, even to the right code', async () => {
    const { credentials, client } = await registerUser(limited);
    // Confirming the enrolment is the first of the three attempts this address may make a minute.
    const { totpURI } = await enrol(client, credentials);
    const browser = createApiClient(limited.url);
    expect((await signIn(limited, credentials, browser)).body).toMatchObject({ twoFactorRedirect: true });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI) })).status).toBe(401);
    }
    const limitedAnswer = await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(totpURI) });
    expectApiError(limitedAnswer, 429, {
      type: 'rate_limit_error',
      message: IDENTITY_ERROR_MESSAGES['too-many-requests'],
      code: 'too-many-requests',
    });
    expect(browser.cookies.has('stride.session_token')).toBe(false);
  });
});

describe('Account: active sessions', () => {
  const phone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const laptop =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

  async function signedInWith(credentials: Credentials, userAgent: string): Promise<ApiClient> {
    const client = createApiClient(server.url);
    const response = await client.post('/api/auth/sign-in/email', credentials, {
      headers: { 'user-agent': userAgent },
    });
    expect(response.status).toBe(200);
    return client;
  }

  it('lists the sessions with their device and marks this one; signs out one other session', async () => {
    const { credentials } = await registerUser(server);
    const onPhone = await signedInWith(credentials, phone);
    const onLaptop = await signedInWith(credentials, laptop);

    const listed = await onLaptop.get<{ sessions: AccountSession[] }>('/api/account/sessions');
    expect(listed.status).toBe(200);
    const devices = listed.body.sessions.map(({ device, current }) => ({ device, current }));
    expect(devices).toEqual(
      expect.arrayContaining([
        { device: 'Chrome on Windows', current: true },
        { device: 'Safari on iPhone', current: false },
      ]),
    );
    expect(listed.body.sessions.filter((session) => session.current)).toHaveLength(1);
    // Each session says when it signed in; the laptop signed in last.
    const signedIn = (device: string) =>
      Date.parse(listed.body.sessions.find((session) => session.device === device)?.signedInAt ?? '');
    expect(signedIn('Chrome on Windows')).toBeGreaterThanOrEqual(signedIn('Safari on iPhone'));
    for (const session of listed.body.sessions) {
      expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt));
      expect(session).not.toHaveProperty('token');
    }
    const phoneSession = listed.body.sessions.find((session) => session.device === 'Safari on iPhone');
    const own = listed.body.sessions.find((session) => session.current);

    expectApiError(await onLaptop.delete(`/api/account/sessions/${own?.id}`), 400, {
      type: 'validation_error',
      message: ACCOUNT_SESSION_MESSAGES.current,
    });

    const ended = await onLaptop.delete(`/api/account/sessions/${phoneSession?.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: true });
    expect((await onPhone.get('/api/profile')).status).toBe(401);
    expect((await onLaptop.get('/api/profile')).status).toBe(200);

    expectApiError(await onLaptop.delete(`/api/account/sessions/${phoneSession?.id}`), 404, {
      type: 'api_error',
      message: ACCOUNT_SESSION_MESSAGES.notFound,
    });
    const after = await onLaptop.get<{ sessions: AccountSession[] }>('/api/account/sessions');
    expect(after.body.sessions.map((session) => session.id)).not.toContain(phoneSession?.id);
  });

  it("cannot end another account's session", async () => {
    const mine = await registerUser(server);
    const theirs = await registerUser(server);
    const theirList = await theirs.client.get<{ sessions: AccountSession[] }>('/api/account/sessions');
    const target = theirList.body.sessions[0]?.id;

    expectApiError(await mine.client.delete(`/api/account/sessions/${target}`), 404, {
      type: 'api_error',
      message: ACCOUNT_SESSION_MESSAGES.notFound,
    });
    expect((await theirs.client.get('/api/profile')).status).toBe(200);
    expect((await signedInClient(server, theirs.credentials)).cookies.has('stride.session_token')).toBe(true);
  });

  it('needs a session', async () => {
    expect((await createApiClient(server.url).get('/api/account/sessions')).status).toBe(401);
  });
});
