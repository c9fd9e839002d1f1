/**
 * The public profile page /{username} (spec §2): rendered outside the sidebar layout, for visitors
 * and for the owner alike; an unknown username says so.
 */
import { describe, expect, test } from 'vitest';
import {
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  mainNav,
  newAccount,
  registerViaUi,
  screenshot,
  useBrowser,
} from './support/browser.ts';

describe.each(VIEWPORT_NAMES)('public profile page (%s)', (viewport) => {
  const browser = useBrowser();

  test("a runner's page shows their name without the sidebar", async () => {
    const owner = await browser.newPage(viewport);
    await registerViaUi(owner.page, newAccount({ name: 'Ada Lovelace' }));
    await owner.page.goto('/account');
    await expectVisible(heading(owner.page, 'Account Settings'));
    const usernameField = owner.page.getByLabel('Username', { exact: true });
    await expect.poll(() => usernameField.inputValue()).not.toBe('');
    const username = (await usernameField.inputValue()).trim();

    const { page } = await browser.newPage(viewport);
    await page.goto(`/${username}`);
    await expectVisible(heading(page, 'Ada Lovelace'));
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open navigation' }).count()).toBe(0);
    await screenshot(page, `public-profile-${viewport}`);

    // The owner, signed in, sees the same page outside the layout.
    await owner.page.goto(`/${username}`);
    await expectVisible(heading(owner.page, 'Ada Lovelace'));
    expect(await mainNav(owner.page).count()).toBe(0);
  });

  test('an unknown username says no runner is called that', async () => {
    const { page } = await browser.newPage(viewport);
    const username = `nobody-${Math.random().toString(36).slice(2, 10)}`;
    await page.goto(`/${username}`);
    await expectVisible(page.getByText(`No runner is called @${username}.`));
    expect(await mainNav(page).count()).toBe(0);
  });
});
