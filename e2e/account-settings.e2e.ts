/**
 * Account Settings: every field of the UI contract can be edited, saved, and reads
 * back after a reload; the public page follows the name and username. The save is awaited through
 * the API write it causes, so that this suite checks persistence even where the journey suite checks
 * the "Profile saved" message.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  DESKTOP_ONLY,
  expectVisible,
  heading,
  makeProfilePublic,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

/** A 1×1 PNG. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const SWITCHES = ['E-mail notifications', 'Weekly report'];

/** A switch of the contract: role switch, or a checkbox. */
function toggle(page: Page, name: string): Locator {
  return page
    .getByRole('switch', { name, exact: true })
    .or(page.getByRole('checkbox', { name, exact: true }))
    .first();
}

async function saveAndWait(page: Page): Promise<void> {
  const written = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/api/') && response.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  const response = await written;
  expect(response.status(), `save answered ${response.status()}`).toBeLessThan(300);
  // The form takes the server's answer after the response arrives; an edit typed before that is replaced.
  await expectVisible(page.getByRole('status').filter({ hasText: 'Profile saved' }));
}

describe.each(DESKTOP_ONLY)('account settings (%s)', (viewport) => {
  const browser = useBrowser();

  test('every field and preference is saved and survives a reload', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Ada Lovelace' }));
    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));

    // A new profile: the name from registration, the spec §3 defaults.
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => field('First name').inputValue()).toBe('Ada');
    expect(await field('Last name').inputValue()).toBe('Lovelace');
    expect(await toggle(page, 'E-mail notifications').isChecked()).toBe(true);
    expect(await toggle(page, 'Weekly report').isChecked()).toBe(true);

    const username = `ada-${Math.random().toString(36).slice(2, 10)}`;
    const edits: Record<string, string> = {
      'First name': 'Augusta',
      'Last name': 'King',
      Username: username,
      Location: 'London',
      Bio: 'Counts her strides.',
    };
    for (const [label, value] of Object.entries(edits)) {
      await field(label).fill(value);
    }
    for (const name of SWITCHES) {
      await toggle(page, name).click();
    }
    await page.getByRole('radio', { name: 'Metric (kilometres, metres)' }).check();
    await saveAndWait(page);
    // The photo is an upload, saved at once and served by Stride itself; an edit not yet saved stays.
    await field('Location').fill('Paris');
    await page
      .getByLabel('Photo file')
      .setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expectVisible(page.getByRole('button', { name: 'Change photo' }));
    expect(await field('Location').inputValue()).toBe('Paris');
    await page.getByRole('button', { name: 'Discard' }).click();
    expect(await field('Location').inputValue()).toBe('London');
    await expect
      .poll(() => page.getByRole('img', { name: 'Your photo' }).getAttribute('src'))
      .toMatch(/^\/api\/profile-photos\/[\w-]+\?v=[0-9a-f]{16}$/);
    await screenshot(page, `account-settings-edited-${viewport}`);

    await page.reload();
    await expectVisible(heading(page, 'Account Settings'));
    await expect.poll(() => field('First name').inputValue()).toBe('Augusta');
    for (const [label, value] of Object.entries(edits)) {
      expect(await field(label).inputValue(), label).toBe(value);
    }
    expect(await toggle(page, 'E-mail notifications').isChecked()).toBe(false);
    expect(await toggle(page, 'Weekly report').isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Metric (kilometres, metres)' }).isChecked()).toBe(true);

    // The dashboard greets by the new first name; the public page is at the new username.
    await page.goto('/dashboard');
    await expectVisible(heading(page, 'Hi, Augusta'));
    await makeProfilePublic(page);
    await page.goto(`/${username}`);
    await expectVisible(heading(page, 'Augusta King'));
    await expect.poll(() => page.locator('img[src^="/api/profile-photos/"]').count()).toBeGreaterThan(0);
  });
});
