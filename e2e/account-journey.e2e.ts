/**
 * The main account journey: register → dashboard greeting → change the
 * unit system in Account Settings → it survives a reload → logout → a guarded URL redirects to
 * /login?redirect=… → signing in returns there.
 */
import { describe, expect, test } from 'vitest';
import {
  DESKTOP_ONLY,
  currentPath,
  expectVisible,
  heading,
  navigateWithSidebar,
  newAccount,
  openNavigation,
  registerViaUi,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

const METRIC = 'Metric (kilometres, metres)';
const IMPERIAL = 'Imperial (miles, feet)';

describe.each(DESKTOP_ONLY)('account journey (%s)', (viewport) => {
  const browser = useBrowser();

  test('register, change units, reload, logout, guarded redirect and back after sign-in', async () => {
    const { page } = await browser.newPage(viewport);
    const account = newAccount({ name: 'Ada Lovelace' });

    // Register → /dashboard with the greeting by first name; a new profile is imperial (spec §3).
    await page.goto('/register');
    await registerViaUi(page, account);
    await expectVisible(heading(page, 'Hi, Ada'));
    const unitsSwitch = page.getByRole('group', { name: 'Units' });
    await expect
      .poll(() => unitsSwitch.getByRole('button', { name: 'Imperial' }).getAttribute('aria-pressed'))
      .toBe('true');
    await screenshot(page, `journey-${viewport}-1-dashboard`);

    // Account Settings through the sidebar: choose Metric and save.
    await navigateWithSidebar(page, viewport, 'Account', '/account');
    await expectVisible(heading(page, 'Account Settings'));
    const units = page.getByRole('radiogroup', { name: 'Unit system' });
    await expect.poll(() => units.getByRole('radio', { name: IMPERIAL }).isChecked()).toBe(true);
    await units.getByRole('radio', { name: METRIC }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByText('Profile saved'));
    await screenshot(page, `journey-${viewport}-2-account-saved`);

    // A full reload reads the profile back from the server: Metric stuck.
    await page.reload();
    await expectVisible(heading(page, 'Account Settings'));
    await expect.poll(() => units.getByRole('radio', { name: METRIC }).isChecked()).toBe(true);
    expect(await units.getByRole('radio', { name: IMPERIAL }).isChecked()).toBe(false);

    await navigateWithSidebar(page, viewport, 'Dashboard', '/dashboard');
    await expect
      .poll(() => unitsSwitch.getByRole('button', { name: 'Metric' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.reload();
    await expectVisible(heading(page, 'Hi, Ada'));
    await expect
      .poll(() => unitsSwitch.getByRole('button', { name: 'Metric' }).getAttribute('aria-pressed'))
      .toBe('true');

    // Logout: disabled with a spinner while the sign-out is under way, then /login (spec §2). The API
    // answers are held until the in-between state has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/**', async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    await openNavigation(page, viewport);
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.click();
    await expect.poll(() => logout.isDisabled()).toBe(true);
    await expectVisible(page.getByRole('progressbar').first());
    release();
    await waitForPath(page, '/login');
    await page.unroute('**/api/**');
    await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));

    // A guarded URL sends the visitor to /login and remembers where they were going.
    await page.goto('/account');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account');
    await screenshot(page, `journey-${viewport}-3-login-redirect`);

    // Signing in returns there.
    await submitLoginForm(page, account.email, account.password);
    await waitForPath(page, '/account');
    await expectVisible(heading(page, 'Account Settings'));
    await expect.poll(() => units.getByRole('radio', { name: METRIC }).isChecked()).toBe(true);
    expect(currentPath(page)).toBe('/account');
  });
});
