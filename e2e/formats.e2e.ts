/**
 * Dates and times in the runner's format (en-GB browser in UTC): the Account time-zone setting,
 * empty until chosen, saved and read back after a reload; the reminder field's hint writes the time
 * as the en-GB time field shows it, not a fixed HH:MM.
 */
import { describe, expect, test } from 'vitest';
import { DESKTOP_ONLY, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

describe.each(DESKTOP_ONLY)('formats (%s)', (viewport) => {
  const browser = useBrowser();

  test('the time zone is chosen in Account and kept; the reminder hint reads as the field', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Ada Lovelace' }));
    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expectVisible(zone);
    expect(await zone.inputValue()).toBe('');
    await expectVisible(page.getByText("Dates, times and your days follow your browser's zone (UTC)."));

    await zone.fill('Europe/Lond');
    await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
    await expectVisible(page.getByText('Dates, times and your days are in Europe/London.', { exact: false }));
    const written = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/profile' && response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await written).status()).toBe(200);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Profile saved' }));
    await zone.scrollIntoViewIfNeeded();
    await screenshot(page, `account-time-zone-${viewport}`);

    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/London');

    await page.goto('/training-goals');
    const reminder = page.getByLabel('Reminder time');
    await expectVisible(reminder);
    await expectVisible(page.getByText('Reminds you at 08:00, your local time.'));
    await expect.poll(() => page.getByText('HH:MM').count()).toBe(0);
  });
});
