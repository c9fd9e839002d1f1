/**
 * The browser test: import a run that earns several medals, see
 * them arrive as new without a reload (Server-Sent Events: the celebration and the sidebar count),
 * open the trophy case, see the visible new medals marked viewed and the count drop.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP_ONLY,
  expectHidden,
  expectVisible,
  heading,
  mainNav,
  newAccount,
  openNavigation,
  screenshot,
  useBrowser,
  type ViewportName,
} from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');

/** The Medals entry of the sidebar; with unseen medals it reads "Medals (3 new)". */
function medalsLink(page: Page) {
  return mainNav(page).getByRole('link', { name: /^Medals( \(\d+ new\))?$/ });
}

/** The unseen count the Medals entry reads out; 0 when it says just "Medals". */
async function unseenInSidebar(page: Page, viewport: ViewportName): Promise<number> {
  await openNavigation(page, viewport);
  const text = (await medalsLink(page).textContent()) ?? '';
  if (viewport === 'mobile') {
    // The drawer is a modal: until it has closed, the page behind it is hidden from role queries.
    await page.keyboard.press('Escape');
    await expectHidden(mainNav(page));
  }
  return Number(/\((\d+) new\)/.exec(text)?.[1] ?? 0);
}

describe.each(DESKTOP_ONLY)('medals (%s)', (viewport) => {
  const browser = useBrowser();

  test('a run earns medals live; the trophy case marks them viewed and the count drops', async () => {
    const { page } = await browser.newPage(viewport);
    const { client } = await signUpViaApi(page, newAccount({ name: 'Katherine Switzer' }));
    await expectVisible(heading(page, 'Hi, Katherine'));
    expect(await unseenInSidebar(page, viewport)).toBe(0);

    // A 5.4 km run: Longest Run, Fastest Run, Highest Climb and 5K Hero at once.
    const file = 'running-with-developer-data.fit';
    await uploadViaApi(client, [{ name: file, content: readFileSync(path.join(FIXTURES, file)) }]);

    // Pushed by the server, no reload: the celebration and the sidebar count.
    await expectVisible(page.getByRole('status').filter({ hasText: /new medals?/i }));
    await expect.poll(() => unseenInSidebar(page, viewport), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const before = await unseenInSidebar(page, viewport);
    await screenshot(page, `medals-${viewport}-celebration`);

    await openNavigation(page, viewport);
    await medalsLink(page).click();
    await page.waitForURL('**/medals');
    const newMedals = page.getByRole('article', { name: /, earned, new$/ });
    await expect.poll(() => newMedals.count()).toBe(before);
    for (const title of ['Longest Run', 'Fastest Run', 'Highest Climb', '5K Hero']) {
      await expectVisible(page.getByRole('article', { name: new RegExp(`^${title}, earned`) }));
    }
    await expectVisible(page.getByRole('article', { name: 'Marathon Legend, not yet earned' }));

    // The new medals on screen are marked viewed once seen; the count drops with them.
    await expect.poll(() => newMedals.count(), { timeout: 15_000 }).toBeLessThan(before);
    await expect.poll(() => unseenInSidebar(page, viewport), { timeout: 15_000 }).toBeLessThan(before);
    await screenshot(page, `medals-${viewport}-trophy-case`);

    // Viewed is stored: once the server's count agrees with the page, a reload shows the same.
    await expect
      .poll(async () => (await unseenInSidebar(page, viewport)) === (await newMedals.count()), { timeout: 15_000 })
      .toBe(true);
    const remaining = await newMedals.count();
    await page.reload();
    await expectVisible(page.getByRole('article', { name: /^Longest Run, earned/ }));
    expect(await newMedals.count()).toBeLessThanOrEqual(remaining);
  });
});
