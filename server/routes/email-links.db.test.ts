/**
 * E-mail links over HTTP with a real SMTP server (the stand-in): password reset, e-mail verification
 * (with REQUIRE_EMAIL_VERIFICATION off and on) and sign-in by e-mail link, which asks an account
 * with two-factor on for its code. Each mail is read from the stand-in and its link followed as the
 * action page does; changed, expired and used links each get their sentence and change nothing;
 * unknown addresses get the same answer; the requests are rate-limited like sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_MESSAGES, parseEmailLink, type EmailLink } from '../../core/email-links.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { needsTwoFactor } from '../../core/two-factor.ts';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../../tools/service-stand-ins/smtp.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import {
  expectApiError,
  registerUser,
  signedInClient,
  signIn,
  signUp,
  buildCredentials,
  uniqueEmail,
} from '../test-support/factories.ts';
import { captureLog, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { nextCode, enrol } from '../test-support/two-factor.ts';

let smtp: SmtpStandIn;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startTestServer({ mail: { smtpUrl: smtp.url, from: 'Stride <stride@localhost>' } });
});

afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const signedOut = { type: 'authentication', message: HTTP_MESSAGES.unauthenticated } as const;

function mailTo(email: string, subject: string): Promise<ReceivedMail> {
  return smtp.next((mail) => mail.to.includes(email) && mail.subject === subject);
}

/** The n-th mail (from 1) with this subject to this address; two verification codes of one second are alike. */
function nthMailTo(email: string, subject: string, n: number): Promise<ReceivedMail> {
  const matches = (mail: ReceivedMail) => mail.to.includes(email) && mail.subject === subject;
  return smtp.next((mail) => matches(mail) && smtp.messages.filter(matches).indexOf(mail) === n - 1);
}

/** The one action link in a mail, read as the action page reads it. */
function linkIn(mail: ReceivedMail): { url: URL; link: EmailLink } {
  const found = /https?:\/\/\S+/.exec(mail.text);
  if (!found) {
    throw new Error(`no link in: ${mail.text}`);
  }
  const url = new URL(found[0]);
  const parsed = parseEmailLink(url.searchParams);
  if (!parsed.ok) {
    throw new Error(parsed.message);
  }
  return { url, link: parsed.link };
}

function resetWith(client: ApiClient, link: EmailLink, newPassword: string) {
  return client.post('/api/auth/reset-password', { token: link.oobCode, apiKey: link.apiKey, newPassword });
}

function verifySignInLink(client: ApiClient, link: EmailLink) {
  return client.get(
    `/api/auth/magic-link/verify?token=${encodeURIComponent(link.oobCode)}&apiKey=${encodeURIComponent(link.apiKey)}`,
  );
}

function verifyEmailLink(client: ApiClient, link: EmailLink) {
  return client.get(
    `/api/auth/verify-email?token=${encodeURIComponent(link.oobCode)}&apiKey=${encodeURIComponent(link.apiKey)}`,
  );
}

async function emailVerified(client: ApiClient): Promise<boolean> {
  const response = await client.get<{ user: { emailVerified: boolean } }>('/api/auth/get-session');
  return response.body.user.emailVerified;
}

async function requestReset(email: string): Promise<EmailLink> {
  const response = await createApiClient(server.url).post('/api/auth/request-password-reset', { email });
  expect(response.status).toBe(200);
  return linkIn(await mailTo(email, 'Reset your Stride password')).link;
}

describe('password reset', () => {
  it('mails a link to the action page that sets a new password once and ends every session', async () => {
    const { credentials, client } = await registerUser(server);
    const phone = await signedInClient(server, credentials);

    const response = await createApiClient(server.url).post('/api/auth/request-password-reset', {
      email: credentials.email,
    });
    expect(response.status).toBe(200);
    const mail = await mailTo(credentials.email, 'Reset your Stride password');
    const { url, link } = linkIn(mail);
    expect(url.pathname).toBe('/auth/action');
    expect(link.mode).toBe('resetPassword');
    expect(mail.text).toContain('it works once, within 1 hour');

    const visitor = createApiClient(server.url);
    expect((await resetWith(visitor, link, 'a-brand-new-pass-1')).status).toBe(200);

    expectApiError(await client.get('/api/profile'), 401, signedOut);
    expectApiError(await phone.get('/api/profile'), 401, signedOut);
    expect((await signIn(server, credentials)).status).toBe(401);
    expect((await signIn(server, { email: credentials.email, password: 'a-brand-new-pass-1' })).status).toBe(200);

    expectApiError(await resetWith(visitor, link, 'another-pass-2'), 400, {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.used,
      code: 'used-action-code',
    });
    expect((await signIn(server, { email: credentials.email, password: 'another-pass-2' })).status).toBe(401);
  });

  it('answers the same for an address without an account, and mails nothing to it', async () => {
    const { credentials } = await registerUser(server);
    const unknown = uniqueEmail('nobody');

    const forUnknown = await createApiClient(server.url).post('/api/auth/request-password-reset', { email: unknown });
    const forKnown = await createApiClient(server.url).post('/api/auth/request-password-reset', {
      email: credentials.email,
    });

    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    await mailTo(credentials.email, 'Reset your Stride password');
    expect(smtp.messages.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  it('refuses a changed link and keeps the password', async () => {
    const { credentials } = await registerUser(server);
    const link = await requestReset(credentials.email);
    const visitor = createApiClient(server.url);
    const tampered = {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.tampered,
      code: 'invalid-action-code',
    } as const;

    expectApiError(await resetWith(visitor, { ...link, oobCode: `${link.oobCode}x` }, 'new-pass-3'), 400, tampered);
    expectApiError(
      await resetWith(visitor, { ...link, apiKey: `${link.apiKey.slice(1)}A` }, 'new-pass-3'),
      400,
      tampered,
    );
    expectApiError(
      await visitor.post('/api/auth/reset-password', { token: link.oobCode, newPassword: 'new-pass-3' }),
      400,
      tampered,
    );

    expect((await signIn(server, credentials)).status).toBe(200);
    // The real link still works afterwards.
    expect((await resetWith(visitor, link, 'new-pass-3')).status).toBe(200);
  });

  it('refuses an expired link and keeps the password', async () => {
    const { credentials } = await registerUser(server);
    const link = await requestReset(credentials.email);
    await server.database.db
      .updateTable('authVerifications')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('identifier', '=', `reset-password:${link.oobCode}`)
      .execute();

    expectApiError(await resetWith(createApiClient(server.url), link, 'new-pass-4'), 400, {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.expired,
      code: 'expired-action-code',
    });
    expect((await signIn(server, credentials)).status).toBe(200);
  });

  it('refuses a new password the policy refuses and keeps the link usable', async () => {
    const { credentials } = await registerUser(server);
    const link = await requestReset(credentials.email);
    const visitor = createApiClient(server.url);

    expectApiError(await resetWith(visitor, link, 'abc'), 400, {
      type: 'validation_error',
      message: 'Password must be at least 6 characters.',
      code: 'weak-password',
    });
    expect((await resetWith(visitor, link, 'long-enough-5')).status).toBe(200);
  });
});

describe('sign-in by e-mail link', () => {
  it('signs in once with the mailed link', async () => {
    const { credentials } = await registerUser(server);
    const response = await createApiClient(server.url).post('/api/auth/sign-in/magic-link', {
      email: credentials.email,
    });
    expect(response.status).toBe(200);
    const mail = await mailTo(credentials.email, 'Your Stride sign-in link');
    const { link } = linkIn(mail);
    expect(link.mode).toBe('signIn');
    expect(mail.text).toContain('it works once, within 15 minutes');

    const browser = createApiClient(server.url);
    expect((await verifySignInLink(browser, link)).status).toBe(200);
    expect((await browser.get('/api/profile')).status).toBe(200);

    const again = createApiClient(server.url);
    expectApiError(await verifySignInLink(again, link), 400, {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.used,
      code: 'used-action-code',
    });
    expectApiError(await again.get('/api/profile'), 401, signedOut);
  });

  it('asks an account with two-factor on for its code: the link alone gives no session', async () => {
    const { credentials, client } = await registerUser(server);
    const { totpURI } = await enrol(client, credentials);
    await createApiClient(server.url).post('/api/auth/sign-in/magic-link', { email: credentials.email });
    const { link } = linkIn(await mailTo(credentials.email, 'Your Stride sign-in link'));

    const browser = createApiClient(server.url);
    const followed = await verifySignInLink(browser, link);
    expect(followed.status).toBe(200);
    expect(needsTwoFactor(followed.body)).toBe(true);
    expect(browser.cookies.has('stride.session_token')).toBe(false);
    expectApiError(await browser.get('/api/profile'), 401, signedOut);

    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(totpURI) })).status).toBe(200);
    expect((await browser.get('/api/profile')).status).toBe(200);
  });

  it('answers the same for an unknown address, mails nothing and creates no account', async () => {
    const { credentials } = await registerUser(server);
    const unknown = uniqueEmail('stranger');

    const forUnknown = await createApiClient(server.url).post('/api/auth/sign-in/magic-link', { email: unknown });
    const forKnown = await createApiClient(server.url).post('/api/auth/sign-in/magic-link', {
      email: credentials.email,
    });

    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    await mailTo(credentials.email, 'Your Stride sign-in link');
    expect(smtp.messages.filter((mail) => mail.to.includes(unknown))).toEqual([]);
    const accounts = await server.database.db
      .selectFrom('authUsers')
      .select('id')
      .where('email', '=', unknown)
      .execute();
    expect(accounts).toEqual([]);
  });

  it('refuses a changed link and an expired one, and signs nobody in', async () => {
    const { credentials } = await registerUser(server);
    await createApiClient(server.url).post('/api/auth/sign-in/magic-link', { email: credentials.email });
    const { link } = linkIn(await mailTo(credentials.email, 'Your Stride sign-in link'));
    const browser = createApiClient(server.url);

    expectApiError(await verifySignInLink(browser, { ...link, apiKey: 'made-up' }), 400, {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.tampered,
      code: 'invalid-action-code',
    });
    await server.database.db
      .updateTable('authVerifications')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('identifier', '=', `magic-link:${link.oobCode}`)
      .execute();
    expectApiError(await verifySignInLink(browser, link), 400, {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.expired,
      code: 'expired-action-code',
    });
    expectApiError(await browser.get('/api/profile'), 401, signedOut);
  });
});

describe('links mailed before the password or two-factor changed', () => {
  const usedLink = { type: 'validation_error', message: EMAIL_LINK_MESSAGES.used, code: 'used-action-code' } as const;

  async function requestSignInLink(email: string): Promise<EmailLink> {
    await createApiClient(server.url).post('/api/auth/sign-in/magic-link', { email });
    return linkIn(await mailTo(email, 'Your Stride sign-in link')).link;
  }

  it('refuses a reset link and a sign-in link from before a password change', async () => {
    const { credentials, client } = await registerUser(server);
    const reset = await requestReset(credentials.email);
    const signInLink = await requestSignInLink(credentials.email);

    const changed = await client.post('/api/account/password', {
      currentPassword: credentials.password,
      newPassword: 'changed-pass-7',
    });
    expect(changed.status).toBe(200);

    const visitor = createApiClient(server.url);
    expectApiError(await resetWith(visitor, reset, 'taken-over-8'), 400, usedLink);
    expectApiError(await verifySignInLink(visitor, signInLink), 400, usedLink);
    expectApiError(await visitor.get('/api/profile'), 401, signedOut);
    expect((await signIn(server, { email: credentials.email, password: 'changed-pass-7' })).status).toBe(200);
  });

  it('refuses the other reset links once one of them has set a new password', async () => {
    const { credentials } = await registerUser(server);
    const first = await requestReset(credentials.email);
    await createApiClient(server.url).post('/api/auth/request-password-reset', { email: credentials.email });
    const second = linkIn(await nthMailTo(credentials.email, 'Reset your Stride password', 2)).link;

    const visitor = createApiClient(server.url);
    expect((await resetWith(visitor, first, 'first-reset-9')).status).toBe(200);

    expectApiError(await resetWith(visitor, second, 'second-reset-10'), 400, usedLink);
    expect((await signIn(server, { email: credentials.email, password: 'first-reset-9' })).status).toBe(200);
  });

  it('refuses a sign-in link and a reset link from before two-factor was turned on', async () => {
    const { credentials, client } = await registerUser(server);
    const signInLink = await requestSignInLink(credentials.email);
    const reset = await requestReset(credentials.email);

    await enrol(client, credentials);

    const visitor = createApiClient(server.url);
    expectApiError(await verifySignInLink(visitor, signInLink), 400, usedLink);
    expectApiError(await resetWith(visitor, reset, 'taken-over-11'), 400, usedLink);
    expect((await signIn(server, credentials)).status).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('mails a link at sign-up; the account signs in meanwhile; the link verifies it and "send again" mails another', async () => {
    const { credentials, client } = await registerUser(server);
    const first = linkIn(await mailTo(credentials.email, 'Verify your e-mail for Stride')).link;
    expect(first.mode).toBe('verifyEmail');
    expect(await emailVerified(client)).toBe(false);
    expect((await signIn(server, credentials)).status).toBe(200);

    const sendAgain = await client.post('/api/auth/send-verification-email', { email: credentials.email });
    expect(sendAgain.status).toBe(200);
    linkIn(await nthMailTo(credentials.email, 'Verify your e-mail for Stride', 2));

    expectApiError(await verifyEmailLink(client, { ...first, apiKey: 'made-up' }), 400, {
      type: 'validation_error',
      message: EMAIL_LINK_MESSAGES.tampered,
      code: 'invalid-action-code',
    });
    expect(await emailVerified(client)).toBe(false);

    expect((await verifyEmailLink(client, first)).status).toBe(200);
    expect(await emailVerified(client)).toBe(true);
  });

  it('verifies the e-mail of an account with two-factor on but asks its code: the link alone gives no session', async () => {
    const { credentials, client } = await registerUser(server);
    const { link } = linkIn(await mailTo(credentials.email, 'Verify your e-mail for Stride'));
    const { totpURI } = await enrol(client, credentials);

    const browser = createApiClient(server.url);
    const followed = await verifyEmailLink(browser, link);

    expect(followed.status).toBe(200);
    expect(needsTwoFactor(followed.body)).toBe(true);
    expect(browser.cookies.has('stride.session_token')).toBe(false);
    expectApiError(await browser.get('/api/profile'), 401, signedOut);
    expect(await emailVerified(client)).toBe(true);
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(totpURI) })).status).toBe(200);
    expect((await browser.get('/api/profile')).status).toBe(200);
  });

  describe('with REQUIRE_EMAIL_VERIFICATION on', () => {
    let strict: TestServer;

    beforeAll(async () => {
      strict = await startTestServer({
        mail: { smtpUrl: smtp.url, from: 'Stride <stride@localhost>' },
        requireEmailVerification: true,
      });
    });

    afterAll(async () => {
      await strict.stop();
    });

    it('refuses the password until the mailed link is followed, and mails a new link on request', async () => {
      const credentials = buildCredentials();
      expect((await signUp(strict, credentials)).status).toBe(200);
      await mailTo(credentials.email, 'Verify your e-mail for Stride');

      expectApiError(await signIn(strict, credentials), 403, {
        type: 'permission_error',
        message: EMAIL_LINK_MESSAGES.emailNotVerified,
        code: 'email-not-verified',
      });

      const resend = await createApiClient(strict.url).post('/api/auth/send-verification-email', {
        email: credentials.email,
      });
      expect(resend.status).toBe(200);
      const { link } = linkIn(await nthMailTo(credentials.email, 'Verify your e-mail for Stride', 2));

      const browser = createApiClient(strict.url);
      expect((await verifyEmailLink(browser, link)).status).toBe(200);

      expect((await browser.get('/api/profile')).status).toBe(200);
      expect((await signIn(strict, credentials)).status).toBe(200);
    });
  });
});

describe('rate limits', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({
      mail: { smtpUrl: smtp.url, from: 'Stride <stride@localhost>' },
      authRateLimit: { window: 60, max: 2 },
    });
  });

  afterAll(async () => {
    await limited.stop();
  });

  it.each([
    ['/api/auth/request-password-reset', {}],
    ['/api/auth/sign-in/magic-link', {}],
    ['/api/auth/send-verification-email', {}],
  ])('answers %s with 429 and the usual sentence past the sign-in limit', async (path) => {
    const client = createApiClient(limited.url);
    const allowed: number[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      allowed.push((await client.post(path, { email: uniqueEmail('limited') })).status);
    }
    const refused = await client.post(path, { email: uniqueEmail('limited') });

    expect(allowed).toEqual([200, 200]);
    expectApiError(refused, 429, {
      type: 'rate_limit_error',
      message: IDENTITY_ERROR_MESSAGES['too-many-requests'],
      code: 'too-many-requests',
    });
  });
});

describe('without SMTP', () => {
  it('writes the mail, with its action link, to the log', async () => {
    const log = captureLog();
    const quiet = await startTestServer({ logLevel: 'info' }, { logDestination: log.destination });
    try {
      const { credentials } = await registerUser(quiet);
      const response = await createApiClient(quiet.url).post('/api/auth/request-password-reset', {
        email: credentials.email,
      });
      expect(response.status).toBe(200);
      // The request is queued; the job writes the mail.
      const mailLine = () => log.lines().find((entry) => entry.includes('Reset your Stride password'));
      await expect.poll(mailLine).toBeDefined();
      const line = mailLine();
      const text = (JSON.parse(line!) as { mail: { to: string; text: string } }).mail;
      expect(text.to).toBe(credentials.email);
      expect(text.text).toMatch(/\/auth\/action\?mode=resetPassword&oobCode=[^&\s]+&apiKey=[^&\s]+/);
    } finally {
      await quiet.stop();
    }
  });
});
