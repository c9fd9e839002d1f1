/**
 * The session gate (server/auth/session-gate.ts) sits on session creation, so it holds for every
 * better-auth endpoint. This test enumerates the endpoints the running server answers over HTTP
 * (plugins included, Google and phone sign-in on) and fails when one is neither a known way into a session, each
 * proven gated by its own test, nor known to create none: a new one after a better-auth upgrade is
 * looked at before it ships.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleIssuer, type GoogleIssuer } from '../test-support/google-issuer.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

/** The endpoints that create a session, and the test that shows the gate holds on each. */
const SESSION_CREATING: Readonly<Record<string, string>> = {
  '/sign-in/email': 'server/routes/two-factor.db.test.ts (challenge), sessions.db.test.ts (disabled)',
  '/sign-in/social': 'server/routes/google-sign-in.db.test.ts ("a Google ID token posted without the redirect": off)',
  '/callback/:id': 'server/routes/google-sign-in.db.test.ts (challenge, disabled, unverified e-mail)',
  '/magic-link/verify': 'server/routes/email-links.db.test.ts (challenge)',
  '/verify-email': 'server/routes/email-links.db.test.ts (challenge after a verification link)',
  '/phone-number/verify': 'server/routes/phone-sign-in.db.test.ts (challenge; an unknown number refused)',
  // Off (disabledPaths in server/auth/auth.ts): a phone number with a password, resets by text.
  '/sign-in/phone-number': 'turned off (server/auth/phone-sign-in.ts PHONE_DISABLED_PATHS)',
  '/phone-number/reset-password': 'turned off (server/auth/phone-sign-in.ts PHONE_DISABLED_PATHS)',
  '/sign-up/email': 'a new account: no two-factor yet, never disabled',
  // A signed-in session of the same account replaced by a new one.
  '/change-password': 'server/routes/password-change.db.test.ts',
  '/change-email': 'replaces the signed-in session of the same account',
  '/update-user': 'turned off (disabledPaths in server/auth/auth.ts)',
  '/two-factor/enable': 'replaces the signed-in session of the same account',
  '/two-factor/disable': 'replaces the signed-in session of the same account',
  // The second factor itself.
  '/two-factor/verify-totp': 'server/routes/two-factor.db.test.ts',
  '/two-factor/verify-backup-code': 'server/routes/two-factor.db.test.ts',
  '/two-factor/verify-otp': 'no e-mailed codes configured: refused',
};

/** Every other endpoint the server answers: none creates a session (read in better-auth 1.7's source). */
const NO_SESSION = [
  '/get-session',
  '/verify-password',
  '/sign-out',
  '/reset-password',
  '/send-verification-email',
  '/update-session',
  '/delete-user',
  '/request-password-reset',
  '/reset-password/:token',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/delete-user/callback',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/sign-in/magic-link',
  '/two-factor/get-totp-uri',
  '/two-factor/send-otp',
  '/two-factor/generate-backup-codes',
  '/phone-number/send-otp',
  '/phone-number/request-password-reset',
];

let issuer: GoogleIssuer;
let server: TestServer;

beforeAll(async () => {
  issuer = await startGoogleIssuer();
  server = await startTestServer({
    google: { clientId: 'stride-test-client', clientSecret: 'stride-test-secret', discoveryUrl: issuer.discoveryUrl },
    // Phone sign-in on; no text is sent here, so the provider is never reached.
    sms: {
      accountSid: 'AC0',
      authToken: 'unused',
      from: '+15005550006',
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await issuer?.stop();
});

interface Endpoint {
  path?: string;
  options?: { metadata?: { SERVER_ONLY?: boolean } };
}

describe('the session gate', () => {
  it('knows every endpoint better-auth answers over HTTP: each is a gated way into a session or makes none', () => {
    const answered = Object.values(server.services.auth.api as unknown as Record<string, Endpoint>)
      .filter((endpoint) => endpoint.path !== undefined && endpoint.options?.metadata?.SERVER_ONLY !== true)
      .map((endpoint) => endpoint.path ?? '')
      // better-auth's own health and error pages.
      .filter((path) => path !== '/ok' && path !== '/error');
    const known = [...Object.keys(SESSION_CREATING), ...NO_SESSION];

    expect(
      answered.filter((path) => !known.includes(path)),
      'endpoints to classify (and gate)',
    ).toEqual([]);
    expect(
      known.filter((path) => !answered.includes(path)),
      'endpoints better-auth no longer has',
    ).toEqual([]);
  });
});
