/**
 * Google sign-in in the browser, at desktop and phone width, against a local OpenID Connect issuer
 * standing in for Google: the 500×600 popup signs in and the page lands on the dashboard; a blocked
 * popup says so and the sign-in in this window (the redirect) signs in; a popup closed by the
 * runner says the sign-in was cancelled (the spec §9 poll and closed wait run on the page's clock);
 * an account with two-factor on is asked its code on the page that opened the popup.
 * This file starts its own server (serving the suite's built web app) with Google configured, so
 * the suite's server stays one without Google.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  GOOGLE_ACCOUNT_TEXTS,
  GOOGLE_BUTTON_LABEL,
  GOOGLE_POPUP_CLOSED_WAIT_MS,
  GOOGLE_POPUP_POLL_MS,
  GOOGLE_REDIRECT_BUTTON_LABEL,
  GOOGLE_SIGN_IN_MESSAGES,
} from '../core/google-sign-in.ts';
import { IDENTITY_ERROR_MESSAGES } from '../core/identity-errors.ts';
import { registerUser } from '../server/test-support/factories.ts';
import { freePort } from '../server/test-support/free-port.ts';
import { startGoogleIssuer, type GoogleIssuer } from '../server/test-support/google-issuer.ts';
import { startTestServer, type TestServer } from '../server/test-support/test-server.ts';
import { nextCode, enrol } from '../server/test-support/two-factor.ts';
import { expectVisible, screenshot, submitLoginForm, uniqueEmail, useBrowser, waitForPath } from './support/browser.ts';

describe.each(['desktop', 'mobile'] as const)('Google sign-in (%s)', (viewport) => {
  const browser = useBrowser();
  let issuer: GoogleIssuer;
  let server: TestServer;

  beforeAll(async () => {
    issuer = await startGoogleIssuer();
    // Google sends the browser back to PUBLIC_URL, so the server's address is known beforehand.
    const port = await freePort();
    server = await startTestServer({
      port,
      publicUrl: `http://localhost:${port}`,
      webDir: inject('webDir'),
      google: { clientId: 'stride-e2e-client', clientSecret: 'stride-e2e-secret', discoveryUrl: issuer.discoveryUrl },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await issuer?.stop();
  });

  const signInAsNewRunner = (name: string) =>
    issuer.signInAs({ sub: uniqueEmail('sub'), email: uniqueEmail('google'), email_verified: true, name });

  test('the popup signs in and the page lands on the dashboard', async () => {
    signInAsNewRunner('Grace Hopper');
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    // Records what the page asks window.open for (the popup's size).
    await page.addInitScript({
      content: `{ const open = window.open.bind(window);
        window.open = (...args) => { window.openedWith = args; return open(...args); }; }`,
    });
    await page.goto('/login');
    await expectVisible(page.getByRole('button', { name: GOOGLE_BUTTON_LABEL }));
    await screenshot(page, `google-login-${viewport}`);

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: GOOGLE_BUTTON_LABEL }).click();
    await popup;

    await waitForPath(page, '/dashboard');
    await expectVisible(page.getByText('Hi, Grace'));
    const features = await page.evaluate('String(window.openedWith[2])');
    expect(features).toMatch(/width=500,height=600/);
    await screenshot(page, `google-popup-dashboard-${viewport}`);
  });

  test('a blocked popup says so, and the sign-in in this window signs in', async () => {
    signInAsNewRunner('Katherine Johnson');
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    // What a browser that blocks pop-ups answers.
    await page.addInitScript({ content: 'window.open = () => null;' });
    await page.goto('/login');

    await page.getByRole('button', { name: GOOGLE_BUTTON_LABEL, exact: true }).click();

    await expectVisible(page.getByText(GOOGLE_SIGN_IN_MESSAGES['popup-blocked'], { exact: true }));
    await screenshot(page, `google-popup-blocked-${viewport}`);
    await page.getByRole('button', { name: GOOGLE_REDIRECT_BUTTON_LABEL }).click();
    await waitForPath(page, '/dashboard');
    await expectVisible(page.getByText('Hi, Katherine'));
  });

  test('a popup closed by the runner says the sign-in was cancelled', async () => {
    signInAsNewRunner('Dorothy Vaughan');
    const { page, context } = await browser.newPage(viewport, { baseUrl: server.url });
    // The runner is still choosing an account when they close the popup.
    await context.route(
      (url) => url.pathname === '/authorize',
      () => undefined,
    );
    await page.clock.install();
    await page.goto('/login');

    const popup = page.waitForEvent('popup');
    const atGoogle = context.waitForEvent('request', (request) => new URL(request.url()).pathname === '/authorize');
    await page.getByRole('button', { name: GOOGLE_BUTTON_LABEL }).click();
    const opened = await popup;
    await atGoogle;
    await opened.close();
    await page.clock.runFor(GOOGLE_POPUP_POLL_MS.mobile + GOOGLE_POPUP_CLOSED_WAIT_MS);

    await expectVisible(page.getByText(GOOGLE_SIGN_IN_MESSAGES['popup-closed-by-user'], { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, `google-popup-closed-${viewport}`);
  });

  test('Account links Google to a password account, and unlinks it again', async () => {
    const runner = await registerUser(server, { email: uniqueEmail('linker') });
    issuer.signInAs({ sub: uniqueEmail('sub'), email: runner.credentials.email, email_verified: true, name: 'Mary' });
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await submitLoginForm(page, runner.credentials.email, runner.credentials.password);
    await waitForPath(page, '/dashboard');
    await page.goto('/account');
    const card = page.locator('#google');
    await expectVisible(card.getByText(GOOGLE_ACCOUNT_TEXTS.notLinked, { exact: true }));

    await card.getByRole('button', { name: GOOGLE_ACCOUNT_TEXTS.link }).click();

    await page.waitForURL((url) => url.pathname === '/account' && url.searchParams.get('google-link') === 'linked');
    await expectVisible(card.getByText(GOOGLE_ACCOUNT_TEXTS.justLinked, { exact: true }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `google-account-linked-${viewport}`);
    await card.getByRole('button', { name: GOOGLE_ACCOUNT_TEXTS.unlink }).click();
    await expectVisible(card.getByText(GOOGLE_ACCOUNT_TEXTS.unlinked, { exact: true }));
    await expectVisible(card.getByRole('button', { name: GOOGLE_ACCOUNT_TEXTS.link }));
  });

  test('an account with two-factor on is asked its code after the popup, then lands on the dashboard', async () => {
    const runner = await registerUser(server, { name: 'Joan Clarke', email: uniqueEmail('guarded') });
    issuer.signInAs({ sub: uniqueEmail('sub'), email: runner.credentials.email, email_verified: true, name: 'Joan' });
    const { page: linking } = await browser.newPage(viewport, { baseUrl: server.url });
    await submitLoginForm(linking, runner.credentials.email, runner.credentials.password);
    await waitForPath(linking, '/dashboard');
    await linking.goto('/account');
    await linking.locator('#google').getByRole('button', { name: GOOGLE_ACCOUNT_TEXTS.link }).click();
    await linking.waitForURL((url) => url.searchParams.get('google-link') === 'linked');
    const { totpURI } = await enrol(runner.client, runner.credentials);

    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.goto('/login');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: GOOGLE_BUTTON_LABEL }).click();
    await popup;

    await expectVisible(page.getByRole('heading', { name: 'Two-step verification' }));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await page.request.get('/api/profile')).status()).toBe(401);
    await screenshot(page, `google-two-factor-${viewport}`);
    await page.getByLabel('Code', { exact: true }).fill(nextCode(totpURI));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
    await expectVisible(page.getByText('Hi, Joan'));
  });

  test('an account Google alone gets into keeps Google: unlinking is refused with the sentence', async () => {
    signInAsNewRunner('Annie Easley');
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.goto('/login');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: GOOGLE_BUTTON_LABEL }).click();
    await popup;
    await waitForPath(page, '/dashboard');
    await page.goto('/account');
    const card = page.locator('#google');

    await card.getByRole('button', { name: GOOGLE_ACCOUNT_TEXTS.unlink }).click();

    await expectVisible(card.getByText(IDENTITY_ERROR_MESSAGES['last-sign-in-method'], { exact: true }));
    await expectVisible(card.getByText(GOOGLE_ACCOUNT_TEXTS.linked, { exact: true }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `google-account-only-way-in-${viewport}`);
  });
});
