/**
 * E-mail links in the browser, with a real SMTP server (the stand-in) that the test reads: forgot
 * password → mail → new password → signed in with it while the old session is gone; sign-in by
 * e-mail link, which asks the code of an account with two-factor on; the verify-e-mail banner until
 * the mailed link is followed; a link missing its parts.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { EMAIL_LINK_MESSAGES } from '../core/email-links.ts';
import { registerUser } from '../server/test-support/factories.ts';
import { startTestServer, type TestServer } from '../server/test-support/test-server.ts';
import { nextCode, enrol } from '../server/test-support/two-factor.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../tools/service-stand-ins/smtp.ts';
import {
  DESKTOP_ONLY,
  currentPath,
  expectHidden,
  expectVisible,
  newAccount,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

describe.each(DESKTOP_ONLY)('e-mail links (%s)', (viewport) => {
  const browser = useBrowser();
  let smtp: SmtpStandIn;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    server = await startTestServer({
      webDir: inject('webDir'),
      mail: { smtpUrl: smtp.url, from: 'Stride <stride@localhost>' },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  /** The action link of the mail to `email` with this subject, as a path on the test server. */
  async function mailedLink(email: string, subject: string): Promise<string> {
    const mail = await smtp.next((received) => received.to.includes(email) && received.subject === subject);
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    return `${url.pathname}${url.search}`;
  }

  test('forgot password → mail → new password → signed in with it, the old session gone', async () => {
    const runner = await registerUser(server);
    const { email, password } = runner.credentials;
    const laptop = await browser.newPage(viewport, { baseUrl: server.url });
    await submitLoginForm(laptop.page, email, password);
    await waitForPath(laptop.page, '/dashboard');

    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await screenshot(page, `email-links-login-${viewport}`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/auth/forgot-password');
    // The address typed on Login comes along.
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: EMAIL_LINK_MESSAGES.resetRequested }));
    await screenshot(page, `email-links-reset-requested-${viewport}`);

    await page.goto(await mailedLink(email, 'Reset your Stride password'));
    await page.getByLabel('New password', { exact: true }).fill('a-fresh-password-9');
    await screenshot(page, `email-links-new-password-${viewport}`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: EMAIL_LINK_MESSAGES.passwordReset }));
    await page.getByRole('link', { name: 'Sign in with the new password' }).click();
    await submitLoginForm(page, email, 'a-fresh-password-9');
    await waitForPath(page, '/dashboard');

    await laptop.page.reload();
    await waitForPath(laptop.page, '/login');
  });

  test('a link without its code and key says so and changes nothing', async () => {
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.goto('/auth/action?mode=resetPassword');
    await expectVisible(page.getByRole('alert').filter({ hasText: EMAIL_LINK_MESSAGES.incomplete }));
    await expectHidden(page.getByLabel('New password', { exact: true }));
    await screenshot(page, `email-links-incomplete-${viewport}`);
  });

  test('e-mail me a sign-in link → the link signs in', async () => {
    const runner = await registerUser(server);
    const { email } = runner.credentials;
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'E-mail me a sign-in link' }).click();
    await waitForPath(page, '/auth/sign-in-link');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: EMAIL_LINK_MESSAGES.signInLinkSent }));
    await screenshot(page, `email-links-sign-in-link-sent-${viewport}`);

    await page.goto(await mailedLink(email, 'Your Stride sign-in link'));
    await waitForPath(page, '/dashboard');
    expect(currentPath(page)).toBe('/dashboard');
  });

  test('a sign-in link to an account with two-factor on asks its code, then signs in', async () => {
    const runner = await registerUser(server);
    const { email } = runner.credentials;
    const { totpURI } = await enrol(runner.client, runner.credentials);
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.goto('/auth/sign-in-link');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: EMAIL_LINK_MESSAGES.signInLinkSent }));

    await page.goto(await mailedLink(email, 'Your Stride sign-in link'));
    await expectVisible(page.getByRole('heading', { name: 'Two-step verification' }));
    expect((await page.request.get('/api/profile')).status()).toBe(401);
    await screenshot(page, `email-links-two-factor-${viewport}`);
    await page.getByLabel('Code', { exact: true }).fill(nextCode(totpURI));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
  });

  test('the verify banner shows after sign-up and goes once the mailed link is followed', async () => {
    const account = newAccount();
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await signUpViaApi(page, account);
    const banner = page.getByRole('status').filter({ hasText: EMAIL_LINK_MESSAGES.verifyBanner(account.email) });
    await expectVisible(banner);
    await screenshot(page, `email-links-verify-banner-${viewport}`);

    await page.goto(await mailedLink(account.email, 'Verify your e-mail for Stride'));
    await expectVisible(page.getByRole('alert').filter({ hasText: EMAIL_LINK_MESSAGES.emailVerified }));
    await screenshot(page, `email-links-verified-${viewport}`);
    await page.getByRole('link', { name: 'Continue' }).click();
    await waitForPath(page, '/');
    await expectVisible(page.getByRole('heading', { level: 1 }).first());
    await expectHidden(page.getByRole('status').filter({ hasText: EMAIL_LINK_MESSAGES.verifyBanner(account.email) }));
  });
});
