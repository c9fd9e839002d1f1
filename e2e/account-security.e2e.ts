/**
 * Account Settings → "Password and sessions": the new password is
 * checked against the policy as it is typed, a change signs out the runner's other browser, and
 * "Sign out everywhere else" says how many sessions it ended.
 */
import { describe, expect, test } from 'vitest';
import {
  DESKTOP_ONLY,
  expectVisible,
  newAccount,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

describe.each(DESKTOP_ONLY)('password and sessions (%s)', (viewport) => {
  const browser = useBrowser();

  test('change the password, then sign out everywhere else', async () => {
    const account = newAccount({ name: 'Ada Lovelace' });
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, account);
    // The runner's other browser, signed in before the change.
    const { page: other } = await browser.newPage(viewport);
    await other.goto('/login');
    await submitLoginForm(other, account.email, account.password);
    await waitForPath(other, '/dashboard');

    await page.goto('/account');
    await expectVisible(page.getByRole('heading', { name: 'Password and sessions', level: 2 }));
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill(account.password);
    await form.getByLabel('New password', { exact: true }).fill('abc');
    await expectVisible(form.getByText('Password must be at least 6 characters.'));
    await form.getByLabel('New password', { exact: true }).fill('a-better-password-7');
    await form.getByLabel('Confirm new password', { exact: true }).fill('a-better-password-8');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(form.getByText('The new passwords do not match.'));
    await screenshot(page, `password and sessions ${viewport} typing`);

    await form.getByLabel('Confirm new password', { exact: true }).fill('a-better-password-7');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(
      page.getByText('Your password was changed and 1 other session elsewhere was signed out.', { exact: true }),
    );
    await screenshot(page, `password and sessions ${viewport} changed`);

    // The other browser is signed out; this one is not.
    expect((await other.request.get('/api/profile')).status()).toBe(401);
    expect((await page.request.get('/api/profile')).status()).toBe(200);

    await other.goto('/login');
    await submitLoginForm(other, account.email, 'a-better-password-7');
    await waitForPath(other, '/dashboard');
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expectVisible(page.getByText('Signed out of 1 other session elsewhere.', { exact: true }));
    expect((await other.request.get('/api/profile')).status()).toBe(401);
    await screenshot(page, `password and sessions ${viewport} signed out elsewhere`);
  });
});
