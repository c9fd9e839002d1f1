/**
 * Changing the password and ending other sessions over HTTP: Stride's routes and better-auth's own
 * change-password endpoint both apply the password policy of sign-up and end every other session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../core/password-policy.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { PASSWORD_CHANGE_MESSAGES } from '../../core/account-security.ts';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser, signedInClient, signIn } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

/** The policy asks for a digit, so "a policy refusal" is not just better-auth's own length check. */
beforeAll(async () => {
  server = await startTestServer({ passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, requireNumeric: true } });
});

afterAll(async () => {
  await server.stop();
});

const weakPassword = {
  type: 'validation_error',
  message: 'Password must contain a number.',
  code: 'weak-password',
} as const;

const signedOut = { type: 'authentication', message: HTTP_MESSAGES.unauthenticated } as const;

describe('POST /api/account/password', () => {
  it('refuses a new password the policy refuses, with the sign-up message, and changes nothing', async () => {
    const { credentials, client } = await registerUser(server);

    const response = await client.post('/api/account/password', {
      currentPassword: credentials.password,
      newPassword: 'no-digits-here',
    });

    expectApiError(response, 400, weakPassword);
    expect((await signIn(server, credentials)).status).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const { client } = await registerUser(server);

    const response = await client.post('/api/account/password', {
      currentPassword: 'not-the-password-1',
      newPassword: 'a-new-password-2',
    });

    expectApiError(response, 400, {
      type: 'authentication',
      message: IDENTITY_ERROR_MESSAGES['wrong-password'],
      code: 'wrong-password',
    });
  });

  it('needs the current password', async () => {
    const { client } = await registerUser(server);

    const response = await client.post('/api/account/password', { currentPassword: '', newPassword: 'new-pass-3' });

    expectApiError(response, 400, {
      type: 'validation_error',
      message: `currentPassword: ${PASSWORD_CHANGE_MESSAGES.currentRequired}`,
    });
  });

  it('changes the password, ends every other session and keeps this one signed in', async () => {
    const { credentials, client } = await registerUser(server);
    const laptop = await signedInClient(server, credentials);
    const phone = await signedInClient(server, credentials);

    const response = await client.post('/api/account/password', {
      currentPassword: credentials.password,
      newPassword: 'a-new-password-4',
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ changed: true, otherSessionsEnded: 2 });
    expectApiError(await laptop.get('/api/profile'), 401, signedOut);
    expectApiError(await phone.get('/api/profile'), 401, signedOut);
    expect((await client.get('/api/profile')).status).toBe(200);
    expect((await signIn(server, credentials)).status).toBe(401);
    expect((await signIn(server, { email: credentials.email, password: 'a-new-password-4' })).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const response = await createApiClient(server.url).post('/api/account/password', {
      currentPassword: 'x',
      newPassword: 'new-pass-5',
    });

    expectApiError(response, 401, signedOut);
  });
});

describe("better-auth's own POST /api/auth/change-password", () => {
  it('applies the same policy and message', async () => {
    const { credentials, client } = await registerUser(server);

    const response = await client.post('/api/auth/change-password', {
      currentPassword: credentials.password,
      newPassword: 'no-digits-here',
    });

    expectApiError(response, 400, weakPassword);
    expect((await signIn(server, credentials)).status).toBe(200);
  });

  it('ends other sessions even when asked not to', async () => {
    const { credentials, client } = await registerUser(server);
    const other = await signedInClient(server, credentials);

    const response = await client.post('/api/auth/change-password', {
      currentPassword: credentials.password,
      newPassword: 'a-new-password-6',
      revokeOtherSessions: false,
    });

    expect(response.status).toBe(200);
    expectApiError(await other.get('/api/profile'), 401, signedOut);
    expect((await client.get('/api/profile')).status).toBe(200);
  });
});

describe('POST /api/account/sessions/end-others', () => {
  it('signs out every other session, says how many, and keeps this one', async () => {
    const { credentials, client } = await registerUser(server);
    const others = [await signedInClient(server, credentials), await signedInClient(server, credentials)];

    const response = await client.post('/api/account/sessions/end-others');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ otherSessionsEnded: 2 });
    for (const other of others) {
      expectApiError(await other.get('/api/profile'), 401, signedOut);
    }
    expect((await client.get('/api/profile')).status).toBe(200);
    expect((await client.post('/api/account/sessions/end-others')).body).toEqual({ otherSessionsEnded: 0 });
  });

  it('leaves other accounts alone', async () => {
    const ada = await registerUser(server);
    const grace = await registerUser(server);

    await ada.client.post('/api/account/sessions/end-others');

    expect((await grace.client.get('/api/profile')).status).toBe(200);
  });
});
