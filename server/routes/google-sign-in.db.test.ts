/**
 * Google sign-in over HTTP against a local OpenID Connect issuer standing in for Google: the first
 * sign-in creates the account and its profile (spec §3 name split), the next reaches the same
 * account, refusals leave no rows, a signed-in runner links and unlinks Google, and an account with
 * two-factor on is asked its code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOGLE_EMAIL_NOT_VERIFIED_CODE,
  GOOGLE_SIGN_IN_MESSAGES,
  USER_DISABLED_CODE,
} from '../../core/google-sign-in.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { countRows, expectApiError, getOwnProfile, registerUser, uniqueEmail } from '../test-support/factories.ts';
import { freePort } from '../test-support/free-port.ts';
import { startGoogleIssuer, type GoogleIdentity, type GoogleIssuer } from '../test-support/google-issuer.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { nextCode, enrol } from '../test-support/two-factor.ts';

let issuer: GoogleIssuer;
let server: TestServer;

beforeAll(async () => {
  issuer = await startGoogleIssuer();
  // Google sends the browser back to PUBLIC_URL, so the server's address is known beforehand.
  const port = await freePort();
  server = await startTestServer({
    port,
    publicUrl: `http://localhost:${port}`,
    google: { clientId: 'stride-test-client', clientSecret: 'stride-test-secret', discoveryUrl: issuer.discoveryUrl },
  });
});

afterAll(async () => {
  await server?.stop();
  await issuer?.stop();
});

let subjects = 0;
function googleIdentity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
  subjects += 1;
  return {
    sub: `google-subject-${subjects}-${Date.now()}`,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Grace Brewster Hopper',
    ...overrides,
  };
}

/**
 * The browser's round trip: Stride sends it to Google, Google (the issuer) sends it back to the
 * callback with a code, and the callback's redirect is returned (where the browser goes next).
 */
async function googleRoundTrip(client: ApiClient, start: '/api/auth/sign-in/social' | '/api/auth/link-social') {
  const started = await client.post<{ url: string; redirect: boolean }>(start, {
    provider: 'google',
    callbackURL: '/dashboard',
    errorCallbackURL: '/login',
    disableRedirect: true,
  });
  expect(started.status).toBe(200);
  const atIssuer = await fetch(started.body.url, { redirect: 'manual' });
  expect(atIssuer.status).toBe(302);
  const callback = new URL(atIssuer.headers.get('location') ?? '');
  expect(callback.origin).toBe(new URL(server.url).origin);
  const back = await client.get(`${callback.pathname}${callback.search}`, { redirect: 'manual' });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location') ?? '', server.url);
}

async function signInWithGoogle(identity: GoogleIdentity, client: ApiClient = createApiClient(server.url)) {
  issuer.signInAs(identity);
  const landing = await googleRoundTrip(client, '/api/auth/sign-in/social');
  return { client, landing };
}

async function sessionUser(client: ApiClient) {
  const session = await client.get<{ user: { id: string; email: string; name: string } } | null>(
    '/api/auth/get-session',
  );
  return session.body?.user ?? null;
}

async function linkedAccounts(client: ApiClient) {
  const accounts = await client.get<{ id: string; providerId: string }[]>('/api/auth/list-accounts');
  expect(accounts.status).toBe(200);
  return accounts.body;
}

async function linkedProviders(client: ApiClient): Promise<string[]> {
  return (await linkedAccounts(client)).map((account) => account.providerId).sort();
}

/** Unlinks the runner's Google account, as Account does: by the id of its row in list-accounts. */
async function unlinkGoogle(client: ApiClient) {
  const google = (await linkedAccounts(client)).find((account) => account.providerId === 'google');
  expect(google).toBeDefined();
  return client.post('/api/auth/unlink-account', { accountId: google?.id });
}

describe('Google sign-in', () => {
  it('asks Google for openid, profile and email with the account chooser forced', async () => {
    await signInWithGoogle(googleIdentity());
    const query = issuer.lastAuthorization();
    expect(query?.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(query?.get('prompt')).toBe('select_account');
    expect(query?.get('client_id')).toBe('stride-test-client');
    expect(query?.get('redirect_uri')).toBe(`${server.config.publicUrl}/api/auth/callback/google`);
  });

  it('refuses a return address at another origin with the unauthorized-domain sentence, before Google', async () => {
    const client = createApiClient(server.url);
    for (const field of ['callbackURL', 'errorCallbackURL'] as const) {
      const started = await client.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/dashboard',
        errorCallbackURL: '/login',
        [field]: 'https://elsewhere.example/dashboard',
        disableRedirect: true,
      });
      expectApiError(started, 403, {
        type: 'permission_error',
        message: IDENTITY_ERROR_MESSAGES['unauthorized-domain'],
        code: 'unauthorized-domain',
      });
    }
  });

  it('creates the account and its profile with the name split on the first sign-in', async () => {
    const identity = googleIdentity({ name: 'Grace Brewster Hopper' });
    const before = await countRows(server);

    const { client, landing } = await signInWithGoogle(identity);

    expect(landing.pathname).toBe('/dashboard');
    const user = await sessionUser(client);
    expect(user).toMatchObject({ email: identity.email, name: 'Grace Brewster Hopper' });
    const profile = await getOwnProfile(client);
    expect(profile).toMatchObject({
      email: identity.email,
      name: 'Grace Brewster Hopper',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(await countRows(server, user?.id)).toEqual({ users: 1, sessions: 1, accounts: 1, profiles: 1 });
    expect(await countRows(server)).toEqual({
      users: before.users + 1,
      sessions: before.sessions + 1,
      accounts: before.accounts + 1,
      profiles: before.profiles + 1,
    });
  });

  it('reaches the same account on the next sign-in', async () => {
    const identity = googleIdentity({ name: 'Katherine Johnson' });
    const first = await signInWithGoogle(identity);
    const firstUser = await sessionUser(first.client);

    const second = await signInWithGoogle(identity);

    const secondUser = await sessionUser(second.client);
    expect(secondUser?.id).toBe(firstUser?.id);
    expect(await countRows(server, firstUser?.id)).toEqual({ users: 1, sessions: 2, accounts: 1, profiles: 1 });
  });

  it('refuses a Google answer whose e-mail is not verified, and creates nothing', async () => {
    const before = await countRows(server);

    const { client, landing } = await signInWithGoogle(googleIdentity({ email_verified: false }));

    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe(GOOGLE_EMAIL_NOT_VERIFIED_CODE);
    expect(landing.searchParams.get('error_description')).toBe(GOOGLE_SIGN_IN_MESSAGES['email-not-verified']);
    expect(await sessionUser(client)).toBeNull();
    expect(await countRows(server)).toEqual(before);
  });

  it('gives a disabled account no session through Google', async () => {
    const identity = googleIdentity();
    const first = await signInWithGoogle(identity);
    const user = await sessionUser(first.client);
    await server.services.accounts.setDisabled(user?.id ?? '', true);
    const before = await countRows(server, user?.id);

    const { client, landing } = await signInWithGoogle(identity);

    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe(USER_DISABLED_CODE);
    expect(landing.searchParams.get('error_description')).toBe(IDENTITY_ERROR_MESSAGES['user-disabled']);
    expect(await sessionUser(client)).toBeNull();
    expect(await countRows(server, user?.id)).toEqual(before);
  });

  it('never joins Google to an e-mail that has a password account: it asks to sign in and link', async () => {
    const owner = await registerUser(server, { email: uniqueEmail('password-owner') });
    const before = await countRows(server);

    const { client, landing } = await signInWithGoogle(googleIdentity({ email: owner.credentials.email }));

    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(client)).toBeNull();
    expect(await countRows(server)).toEqual(before);
    expect(await linkedProviders(owner.client)).toEqual(['credential']);
    expect(GOOGLE_SIGN_IN_MESSAGES['account-exists-with-password']).toBe(
      'An account with this e-mail already exists. Sign in with your password, then link Google from Account.',
    );
  });
});

describe('a Google ID token posted without the redirect', () => {
  it('signs nobody in, links nothing and creates nothing, whatever the token holds and however often it is sent', async () => {
    const owner = await registerUser(server, { email: uniqueEmail('guarded-token') });
    await enrol(owner.client, owner.credentials);
    const guarded = googleIdentity({ email: owner.credentials.email });
    issuer.signInAs(guarded);
    await googleRoundTrip(owner.client, '/api/auth/link-social');
    const audience = 'stride-test-client';
    const withoutNonce = await issuer.idToken(guarded, audience);
    const tokens = [
      // An account with two-factor on, with and without a nonce; sent twice (a replay).
      withoutNonce,
      await issuer.idToken(guarded, audience, 'a-nonce-the-server-never-issued'),
      withoutNonce,
      // An e-mail Google has not verified, and a verified one without an account.
      await issuer.idToken(googleIdentity({ email_verified: false }), audience),
      await issuer.idToken(googleIdentity(), audience),
    ];
    const off = {
      type: 'validation_error',
      message: IDENTITY_ERROR_MESSAGES['provider-unavailable'],
      code: 'provider-unavailable',
    } as const;
    const before = await countRows(server);

    for (const token of tokens) {
      const client = createApiClient(server.url);
      expectApiError(
        await client.post('/api/auth/sign-in/social', { provider: 'google', idToken: { token } }),
        404,
        off,
      );
      expect(client.cookies.has('stride.session_token')).toBe(false);
    }
    const other = await registerUser(server, { email: uniqueEmail('token-linker') });
    const linking = await other.client.post('/api/auth/link-social', {
      provider: 'google',
      idToken: { token: withoutNonce },
    });

    expectApiError(linking, 404, off);
    expect(await linkedProviders(other.client)).toEqual(['credential']);
    expect(await countRows(server)).toEqual({
      ...before,
      users: before.users + 1,
      sessions: before.sessions + 1,
      accounts: before.accounts + 1,
      profiles: before.profiles + 1,
    });
  });
});

describe('linking Google in Account', () => {
  it('links Google to a signed-in password account, which then signs in with either', async () => {
    const owner = await registerUser(server, { name: 'Mary Jackson', email: uniqueEmail('linker') });
    const identity = googleIdentity({ email: owner.credentials.email, name: 'Mary W. Jackson' });
    issuer.signInAs(identity);

    const landing = await googleRoundTrip(owner.client, '/api/auth/link-social');

    expect(landing.pathname).toBe('/dashboard');
    expect(await linkedProviders(owner.client)).toEqual(['credential', 'google']);
    const viaGoogle = await signInWithGoogle(identity);
    expect((await sessionUser(viaGoogle.client))?.id).toBe(owner.id);
    // Linking keeps the runner's own name.
    expect((await getOwnProfile(viaGoogle.client)).name).toBe('Mary Jackson');
  });

  it('asks an account with two-factor on for its code: Google alone gives no session', async () => {
    const owner = await registerUser(server, { email: uniqueEmail('guarded') });
    const { totpURI } = await enrol(owner.client, owner.credentials);
    const identity = googleIdentity({ email: owner.credentials.email });
    issuer.signInAs(identity);
    await googleRoundTrip(owner.client, '/api/auth/link-social');

    const { client, landing } = await signInWithGoogle(identity);
    // The sign-in page's code step, going on to where the sign-in was headed.
    expect(landing.pathname).toBe('/login');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ 'two-factor': '1', redirect: '/dashboard' });
    expect(client.cookies.has('stride.session_token')).toBe(false);
    expect(await sessionUser(client)).toBeNull();

    expect((await client.post('/api/auth/two-factor/verify-totp', { code: nextCode(totpURI) })).status).toBe(200);
    expect((await sessionUser(client))?.id).toBe(owner.id);
  });

  it('unlinks Google from an account that still has its password', async () => {
    const owner = await registerUser(server, { email: uniqueEmail('unlinker') });
    issuer.signInAs(googleIdentity({ email: owner.credentials.email }));
    await googleRoundTrip(owner.client, '/api/auth/link-social');

    const unlinked = await unlinkGoogle(owner.client);

    expect(unlinked.status).toBe(200);
    expect(await linkedProviders(owner.client)).toEqual(['credential']);
  });

  it('refuses to unlink Google when it is the only way in', async () => {
    const { client } = await signInWithGoogle(googleIdentity());

    const refused = await unlinkGoogle(client);

    expectApiError(refused, 400, {
      type: 'validation_error',
      message: IDENTITY_ERROR_MESSAGES['last-sign-in-method'],
      code: 'last-sign-in-method',
    });
    expect(await linkedProviders(client)).toEqual(['google']);
  });
});

describe('without Google configured', () => {
  it('says Google is off and refuses its endpoints', async () => {
    const plain = await startTestServer();
    try {
      const client = createApiClient(plain.url);
      const config = await client.get<{ google: boolean }>('/api/config');
      expect(config.body.google).toBe(false);
      const before = await countRows(plain);

      const refused = await client.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/dashboard',
        disableRedirect: true,
      });

      expectApiError(refused, 404, {
        type: 'validation_error',
        message: IDENTITY_ERROR_MESSAGES['provider-unavailable'],
        code: 'provider-unavailable',
      });
      const callback = await client.get('/api/auth/callback/google?code=forged&state=forged', { redirect: 'manual' });
      expect(callback.status).toBe(302);
      expect(new URL(callback.headers.get('location') ?? '', plain.url).searchParams.get('error')).not.toBeNull();
      expect(await countRows(plain)).toEqual(before);
    } finally {
      await plain.stop();
    }
  });

  it('says Google is on when it is configured', async () => {
    const config = await createApiClient(server.url).get<{ google: boolean }>('/api/config');
    expect(config.body.google).toBe(true);
  });

  it('keeps the pages it opens as its own windows, so a closed popup can be told apart', async () => {
    const config = await createApiClient(server.url).get('/api/config');
    expect(config.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
