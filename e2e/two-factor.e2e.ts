/**
 * Two-factor sign-in in the browser: turn it on in Account (password →
 * QR code, key and backup codes → a code computed from the key shown) → sign out → sign in with a
 * code from the app → sign out → sign in with a backup code; a wrong code is answered with a
 * sentence. Before that, Account lists the runner's two sessions ("This device" and the other
 * browser) and signs the other one out.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectVisible,
  heading,
  newAccount,
  openNavigation,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
  type ViewportName,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

function appFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

/** Six digits that the app does not show now, nor one step either side. */
function wrongCode(app: TOTP): string {
  const now = Date.now();
  const accepted = new Set([-1, 0, 1, 2].map((step) => app.generate({ timestamp: now + step * 30_000 })));
  let candidate = 0;
  while (accepted.has(String(candidate).padStart(6, '0'))) {
    candidate += 1;
  }
  return String(candidate).padStart(6, '0');
}

async function signOut(page: Page, viewport: ViewportName): Promise<void> {
  await openNavigation(page, viewport);
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, '/login');
}

describe.each(DESKTOP_ONLY)('two-factor sign-in (%s)', (viewport) => {
  const browser = useBrowser();

  test('turn it on, then sign in with a code and with a backup code', async () => {
    const account = newAccount({ name: 'Grace Hopper' });
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, account);
    // The runner's other browser, signed out from this one's Account below.
    const { page: other } = await browser.newPage(viewport);
    await submitLoginForm(other, account.email, account.password);
    await waitForPath(other, '/dashboard');

    await page.goto('/account');
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    await expectVisible(sessions.getByText('This device', { exact: true }));
    await sessions.getByRole('button', { name: /^Sign out / }).click();
    await expectVisible(page.getByText('That session was signed out.', { exact: true }));
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect((await other.request.get('/api/profile')).status()).toBe(401);
    expect((await page.request.get('/api/profile')).status()).toBe(200);

    await expectVisible(page.getByRole('heading', { name: 'Sign-in methods', level: 2 }));
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await methods.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(dialog.getByText('That password is not right. Try again or reset it.', { exact: true }));
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expectVisible(dialog.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const backupCodes = await dialog
      .getByRole('list', { name: 'Backup codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(backupCodes).toHaveLength(10);
    // "Turn on" is in sight without scrolling: the steps scroll inside the dialog.
    const turnOn = await dialog.getByRole('button', { name: 'Turn on' }).boundingBox();
    expect((turnOn?.y ?? Infinity) + (turnOn?.height ?? 0)).toBeLessThanOrEqual(VIEWPORTS[viewport].height);
    await screenshot(page, `two-factor ${viewport} enrol`);

    const app = appFor(secret);
    await dialog.getByLabel('Code', { exact: true }).fill(wrongCode(app));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expectVisible(
      dialog.getByText('That code is not right. Enter the code your authenticator app shows now.', { exact: true }),
    );
    await dialog.getByLabel('Code', { exact: true }).fill(app.generate());
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expectVisible(
      page.getByText('Two-factor sign-in is on. Keep your backup codes somewhere safe.', { exact: true }),
    );
    await expectVisible(methods.getByRole('button', { name: 'Turn off' }));
    await screenshot(page, `two-factor ${viewport} on`);
    await sessions.scrollIntoViewIfNeeded();
    await screenshot(page, `two-factor ${viewport} sessions`);

    // Sign in with a code from the app.
    await signOut(page, viewport);
    await submitLoginForm(page, account.email, account.password);
    await expectVisible(heading(page, 'Two-step verification'));
    expect((await page.request.get('/api/profile')).status()).toBe(401);
    await page.getByLabel('Code', { exact: true }).fill(wrongCode(app));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectVisible(
      page.getByText('That code is not right. Enter the code your authenticator app shows now.', { exact: true }),
    );
    await screenshot(page, `two-factor ${viewport} challenge`);
    // The enrolment's code is spent: the app's next one (a code is accepted once per account).
    await page.getByLabel('Code', { exact: true }).fill(app.generate({ timestamp: Date.now() + app.period * 1000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');

    // Sign in with a backup code.
    await signOut(page, viewport);
    await submitLoginForm(page, account.email, account.password);
    await expectVisible(heading(page, 'Two-step verification'));
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code', { exact: true }).fill(backupCodes[0] ?? '');
    await screenshot(page, `two-factor ${viewport} backup code`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/dashboard');
    expect((await page.request.get('/api/profile')).status()).toBe(200);
  });
});
