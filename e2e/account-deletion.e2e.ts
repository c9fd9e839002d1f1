/**
 * Deleting an account from Account Settings (Data Deletion Policy): behind a confirmation
 * dialog that asks for the e-mail and the password, ends on /login saying the account is deleted,
 * and the credentials no longer sign in.
 */
import { describe, expect, test } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../core/account-deletion.ts';
import {
  DESKTOP_ONLY,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

describe.each(DESKTOP_ONLY)('account deletion (%s)', (viewport) => {
  const browser = useBrowser();

  test('delete behind a typed confirmation, land on /login, and the account is gone', async () => {
    const { page } = await browser.newPage(viewport);
    const account = newAccount({ name: 'Katherine Johnson' });
    await signUpViaApi(page, account);
    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await dialog.getByLabel('Type your e-mail to confirm').fill(account.email);
    // The e-mail alone does not delete: the password is asked for, and a wrong one is refused.
    expect(await dialog.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectVisible(dialog.getByRole('alert').filter({ hasText: ACCOUNT_DELETION_MESSAGES.wrongPassword }));
    expect(new URL(page.url()).pathname).toBe('/account');

    await dialog.getByLabel('Your password').fill(account.password);
    await screenshot(page, `delete-account-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPath(page, '/login');
    // It ends on a page that says the account is gone.
    await expectVisible(page.getByRole('alert').filter({ hasText: ACCOUNT_DELETION_MESSAGES.done }));
    await screenshot(page, `account-deleted-${viewport}`);

    // The session is gone with the account: a guarded page sends the visitor to /login.
    await page.goto('/account');
    await waitForPath(page, '/login');

    await submitLoginForm(page, account.email, account.password);
    await expectVisible(page.getByRole('alert').filter({ hasText: 'The e-mail or password is incorrect.' }));
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
