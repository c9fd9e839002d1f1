/**
 * POST /api/auth/sign-up/email over HTTP: the profile every new account gets (spec §3), the name
 * split, derived usernames, and every rejected request answering its sentence without leaving a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../core/password-policy.ts';
import type { Profile } from '../../core/profile.ts';
import { REGISTRATION_MESSAGES } from '../../core/registration.ts';
import { createApiClient } from '../test-support/api-client.ts';
import {
  buildCredentials,
  countRows,
  expectApiError,
  getOwnProfile,
  registerUser,
  signUp,
  uniqueEmail,
  type AuthUserBody,
} from '../test-support/factories.ts';
import { ensureProfile } from '../services/profile-service.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

/** Sends a sign-up that must fail, and checks that not one row was written anywhere. */
async function rejectedSignUp(target: TestServer, body: unknown, rawBody?: string) {
  const before = await countRows(target);
  const client = createApiClient(target.url);
  const response =
    rawBody === undefined
      ? await signUp(target, body, client)
      : await client.post('/api/auth/sign-up/email', undefined, { rawBody });
  expect(await countRows(target)).toEqual(before);
  expect(response.headers.getSetCookie()).toEqual([]);
  return response;
}

describe('POST /api/auth/sign-up/email', () => {
  it('creates the account, signs in and creates a profile with every spec §3 default', async () => {
    const credentials = buildCredentials({ name: 'Ada Mary Lovelace', email: uniqueEmail('ada') });
    const client = createApiClient(server.url);

    const response = await signUp(server, credentials, client);

    expect(response.status).toBe(200);
    const { user } = response.body as AuthUserBody;
    expect(user).toMatchObject({ name: 'Ada Mary Lovelace', email: credentials.email });
    expect(client.cookies.get('stride.session_token')).toEqual(expect.any(String));
    expect(await countRows(server, user.id)).toEqual({ users: 1, sessions: 1, accounts: 1, profiles: 1 });

    const { createdAt, updatedAt, ...profile } = await getOwnProfile(client);
    expect(profile).toEqual<Omit<Profile, 'createdAt' | 'updatedAt'>>({
      uid: user.id,
      email: credentials.email,
      username: 'ada-mary-lovelace',
      name: 'Ada Mary Lovelace',
      firstName: 'Ada',
      lastName: 'Mary Lovelace',
      location: '',
      bio: '',
      photoURL: '',
      statistics: { totalActivities: 0, totalDistance: 0, totalElevation: 0, totalDuration: 0 },
      athleteProfile: {},
      wellbeingPreferences: {
        sleepQuality: 'high',
        energyLevel: 'high',
        stressLevel: 'moderate',
        soreness: 'moderate',
        hydration: 'high',
        nutrition: 'high',
        moodRating: 'moderate',
        injuryFeeling: 'moderate',
      },
      preferences: {
        unitSystem: 'imperial',
        activityTime: 'device',
        theme: 'dark',
        darkMode: false,
        emailNotifications: true,
        weeklyReport: true,
        timeZone: null,
      },
    });
    expect(Date.parse(createdAt)).not.toBeNaN();
    expect(updatedAt).toBe(createdAt);
  });

  it('never stores the password in clear', async () => {
    const { id, credentials } = await registerUser(server);

    const account = await server.database.db
      .selectFrom('authAccounts')
      .select(['providerId', 'password'])
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();

    expect(account.providerId).toBe('credential');
    expect(account.password).toEqual(expect.any(String));
    expect(account.password).not.toContain(credentials.password);
  });

  it('splits a one-word name into a first name and an empty last name', async () => {
    const { client } = await registerUser(server, { name: '  Cher  ' });

    expect(await getOwnProfile(client)).toMatchObject({ firstName: 'Cher', lastName: '', name: 'Cher' });
  });

  it('derives a unique username: a second "Ada Lovelace" gets a suffix', async () => {
    const first = await registerUser(server, { name: 'Ada Lovelace' });
    const second = await registerUser(server, { name: 'Ada Lovelace' });

    expect((await getOwnProfile(first.client)).username).toBe('ada-lovelace');
    expect((await getOwnProfile(second.client)).username).toBe('ada-lovelace-2');
  });

  it('never runs out of usernames: the 51st "Maria Garcia" signs up and gets a random suffix', async () => {
    const db = server.database.db;
    // Fifty earlier Maria Garcias hold maria-garcia, maria-garcia-2 … (written directly: quicker than 50 sign-ups).
    for (let index = 1; index <= 50; index += 1) {
      const id = `maria-${index}`;
      const email = uniqueEmail('maria');
      const at = new Date();
      await db
        .insertInto('authUsers')
        .values({ id, name: 'Maria Garcia', email, emailVerified: false, createdAt: at, updatedAt: at })
        .execute();
      await ensureProfile(db, { id, name: 'Maria Garcia', email });
    }
    const { client } = await registerUser(server, { name: 'Maria Garcia' });

    const profile = await client.get<Profile>('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toMatch(/^maria-garcia-[a-z0-9]{5}$/);
    expect(profile.body.firstName).toBe('Maria');
  });

  it('derives a username that shadows no route of the app ("Login" → login-2)', async () => {
    const { client } = await registerUser(server, { name: 'Login' });

    expect((await getOwnProfile(client)).username).toBe('login-2');
  });

  it('stores the e-mail in lower case', async () => {
    const email = uniqueEmail('MiXeD').replace('@example.com', '@Example.COM');
    const { client } = await registerUser(server, { email });

    expect((await getOwnProfile(client)).email).toBe(email.toLowerCase());
  });

  it('accepts a password of exactly the minimum length (6)', async () => {
    const response = await signUp(server, buildCredentials({ password: 'abc123' }));

    expect(response.status).toBe(200);
  });

  it('rejects a duplicate e-mail with email-already-in-use and writes nothing', async () => {
    const { credentials } = await registerUser(server);

    const response = await rejectedSignUp(server, buildCredentials({ email: credentials.email, name: 'Someone Else' }));

    expectApiError(response, 422, {
      type: 'validation_error',
      message: IDENTITY_ERROR_MESSAGES['email-already-in-use'],
      code: 'email-already-in-use',
    });
  });

  it('treats a duplicate e-mail in other letter case as the same address', async () => {
    const { credentials } = await registerUser(server);

    const response = await rejectedSignUp(server, buildCredentials({ email: credentials.email.toUpperCase() }));

    expectApiError(response, 422, {
      type: 'validation_error',
      message: IDENTITY_ERROR_MESSAGES['email-already-in-use'],
      code: 'email-already-in-use',
    });
  });

  it('rejects a password shorter than 6 characters', async () => {
    const response = await rejectedSignUp(server, buildCredentials({ password: '12345' }));

    const message = passwordProblems('12345', DEFAULT_PASSWORD_POLICY).join(' ');
    expect(message).toBe('Password must be at least 6 characters.');
    expectApiError(response, 400, { type: 'validation_error', message, code: 'weak-password' });
  });

  it('rejects a password longer than the maximum (128)', async () => {
    const response = await rejectedSignUp(server, buildCredentials({ password: 'x'.repeat(129) }));

    expectApiError(response, 400, {
      type: 'validation_error',
      message: 'Password must be at most 128 characters.',
      code: 'weak-password',
    });
  });

  it('rejects a missing name', async () => {
    const { email, password } = buildCredentials();

    const response = await rejectedSignUp(server, { email, password });

    expectApiError(response, 400, {
      type: 'validation_error',
      message: REGISTRATION_MESSAGES.nameRequired,
      code: 'missing-fields',
    });
  });

  it('rejects a name of spaces only', async () => {
    const response = await rejectedSignUp(server, buildCredentials({ name: '   ' }));

    expectApiError(response, 400, {
      type: 'validation_error',
      message: REGISTRATION_MESSAGES.nameRequired,
      code: 'missing-fields',
    });
  });

  it('rejects a missing password', async () => {
    const { name, email } = buildCredentials();

    const response = await rejectedSignUp(server, { name, email });

    expectApiError(response, 400, {
      type: 'validation_error',
      message: REGISTRATION_MESSAGES.passwordRequired,
      code: 'missing-fields',
    });
  });

  it.each([
    ['no at sign', 'ada.example.com'],
    ['no domain', 'ada@'],
    ['empty', ''],
  ])('rejects an invalid e-mail (%s)', async (_label, email) => {
    const response = await rejectedSignUp(server, buildCredentials({ email }));

    expectApiError(response, 400, {
      type: 'validation_error',
      message: IDENTITY_ERROR_MESSAGES['invalid-email'],
      code: 'invalid-email',
    });
  });

  it('rejects a missing e-mail', async () => {
    const { name, password } = buildCredentials();

    const response = await rejectedSignUp(server, { name, password });

    expectApiError(response, 400, {
      type: 'validation_error',
      message: IDENTITY_ERROR_MESSAGES['invalid-email'],
      code: 'invalid-email',
    });
  });

  it('rejects malformed JSON with the API-wide message', async () => {
    const response = await rejectedSignUp(server, undefined, '{"name": "Ada", ');

    expectApiError(response, 400, { type: 'validation_error', message: HTTP_MESSAGES.malformedJson });
  });

  it('rejects a body over 1 MB', async () => {
    const response = await rejectedSignUp(server, buildCredentials({ name: 'x'.repeat(1024 * 1024) }));

    expectApiError(response, 413, { type: 'validation_error', message: HTTP_MESSAGES.bodyTooLarge });
  });

  it('ignores an attempt to register an account as already disabled or verified', async () => {
    const credentials = buildCredentials();

    const response = await signUp(server, { ...credentials, disabled: true, emailVerified: true });

    expect(response.status).toBe(200);
    const { user } = response.body as AuthUserBody;
    const row = await server.database.db
      .selectFrom('authUsers')
      .select(['disabled', 'emailVerified'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ disabled: false, emailVerified: false });
  });
});

describe('POST /api/auth/sign-up/email with password character classes required', () => {
  let strict: TestServer;

  beforeAll(async () => {
    strict = await startTestServer({
      passwordPolicy: {
        ...DEFAULT_PASSWORD_POLICY,
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireNumeric: true,
        requireNonAlphanumeric: true,
      },
    });
  });

  afterAll(async () => {
    await strict.stop();
  });

  it('serves the configured policy at GET /api/password-policy', async () => {
    const response = await createApiClient(strict.url).get('/api/password-policy');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      minLength: 8,
      maxLength: 128,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    });
  });

  it.each([
    ['a lowercase letter', 'ABCDEF1!', 'Password must contain a lowercase letter.'],
    ['an uppercase letter', 'abcdef1!', 'Password must contain an uppercase letter.'],
    ['a number', 'Abcdefg!', 'Password must contain a number.'],
    ['a symbol', 'Abcdefg1', 'Password must contain a symbol.'],
    ['the minimum length', 'Ab1!', 'Password must be at least 8 characters.'],
  ])('rejects a password without %s', async (_rule, password, message) => {
    const response = await rejectedSignUp(strict, buildCredentials({ password }));

    expectApiError(response, 400, { type: 'validation_error', message, code: 'weak-password' });
  });

  it('lists every unmet rule in one message, in the order of core/password-policy', async () => {
    const response = await rejectedSignUp(strict, buildCredentials({ password: 'abc' }));

    expectApiError(response, 400, {
      type: 'validation_error',
      message:
        'Password must be at least 8 characters. Password must contain an uppercase letter. ' +
        'Password must contain a number. Password must contain a symbol.',
      code: 'weak-password',
    });
  });

  it('accepts a password that meets every rule', async () => {
    const response = await signUp(strict, buildCredentials({ password: 'Abcdef1!' }));

    expect(response.status).toBe(200);
  });
});
