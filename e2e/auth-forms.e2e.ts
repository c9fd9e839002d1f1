/**
 * Bad input in the browser: a duplicate e-mail, a wrong password or unknown
 * e-mail, a password under the policy's minimum, and a sign-in request that never gets an answer,
 * each with its sentence on the form (spec §7, §8).
 */
import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { IDENTITY_ERROR_MESSAGES, IDENTITY_REQUEST_TIMEOUT_MS } from '../core/identity-errors.ts';
import {
  DESKTOP_ONLY,
  currentPath,
  expectHidden,
  expectVisible,
  newAccount,
  registerViaUi,
  screenshot,
  submitLoginForm,
  submitRegisterForm,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

const DUPLICATE_EMAIL = 'An account with this e-mail already exists. Sign in instead.';
const INVALID_CREDENTIAL = 'The e-mail or password is incorrect.';
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters.';

describe.each(DESKTOP_ONLY)('sign-up and sign-in forms (%s)', (viewport) => {
  const browser = useBrowser();

  test('registering an e-mail that already has an account shows the duplicate message', async () => {
    const first = await browser.newPage(viewport);
    const account = newAccount();
    await registerViaUi(first.page, account);

    const { page } = await browser.newPage(viewport);
    await page.goto('/register');
    await submitRegisterForm(page, { ...account, name: 'Someone Else', password: 'another-password-7' });
    await expectVisible(page.getByRole('alert').filter({ hasText: DUPLICATE_EMAIL }));
    expect(currentPath(page)).toBe('/register');
    await screenshot(page, `register-duplicate-${viewport}`);
  });

  test('a wrong password and an unknown e-mail both show the invalid-credential message', async () => {
    const first = await browser.newPage(viewport);
    const account = newAccount();
    await registerViaUi(first.page, account);

    const { page } = await browser.newPage(viewport);
    await page.goto('/login');
    await submitLoginForm(page, account.email, 'not-the-password');
    await expectVisible(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIAL }));
    expect(currentPath(page)).toBe('/login');
    await screenshot(page, `login-wrong-password-${viewport}`);

    await page.goto('/login');
    await submitLoginForm(page, uniqueEmail('nobody'), 'whatever-password');
    await expectVisible(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIAL }));
    expect(currentPath(page)).toBe('/login');

    // The right password still works afterwards.
    await submitLoginForm(page, account.email, account.password);
    await waitForPath(page, '/dashboard');
  });

  test('a sign-in request that gets no answer gives up after spec §7’s 30 s with the network sentence', async () => {
    const { page } = await browser.newPage(viewport);
    await page.clock.install();
    await page.goto('/login');
    const held: Route[] = [];
    await page.route('**/api/auth/sign-in/email', (route) => void held.push(route));
    await submitLoginForm(page, uniqueEmail('stalled'), 'whatever-password');
    await expect.poll(() => held.length).toBe(1);
    const networkError = page.getByRole('alert').filter({ hasText: IDENTITY_ERROR_MESSAGES['network-request-failed'] });
    expect(await networkError.count(), 'no sentence while the request may still be answered').toBe(0);
    await page.clock.runFor(IDENTITY_REQUEST_TIMEOUT_MS.desktop);
    await expectVisible(networkError);
    expect(currentPath(page)).toBe('/login');
    await screenshot(page, `login-timed-out-${viewport}`);
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  });

  test('a too-short password shows the policy sentence once the field has been touched', async () => {
    const { page } = await browser.newPage(viewport);
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    await expectVisible(password);
    expect(await page.getByText(PASSWORD_TOO_SHORT).isVisible()).toBe(false);

    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('grace'));
    await password.fill('abc');
    await password.blur();
    await expectVisible(page.getByText(PASSWORD_TOO_SHORT));
    await screenshot(page, `register-short-password-${viewport}`);

    // Submitting does not create an account or leave the page: the form sends nothing. The submit
    // handler runs within the click; two animation frames later React has rendered its outcome.
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-up')) {
        signUps.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(signUps).toEqual([]);
    expect(currentPath(page)).toBe('/register');
    await expectVisible(page.getByText(PASSWORD_TOO_SHORT));

    // Typing on to the minimum clears the sentence as you type.
    await password.fill('abcdef');
    await expectHidden(page.getByText(PASSWORD_TOO_SHORT));
  });

  test('the forms link to each other', async () => {
    const { page } = await browser.newPage(viewport);
    await page.goto('/register');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'Create an account', exact: true }).click();
    await waitForPath(page, '/register');
    await expectVisible(page.getByRole('button', { name: 'Create account' }));
  });
});
