/**
 * Accessibility at desktop and phone width: the skip link is the first thing the keyboard reaches
 * on every screen with the sidebar, shows when focused and moves focus to the main content.
 */
import { describe, expect, test } from 'vitest';
import {
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  newAccount,
  registerViaUi,
  screenshot,
  useBrowser,
} from './support/browser.ts';

const SKIP_LINK = 'Skip to main content';

describe.each(VIEWPORT_NAMES)('accessibility (%s)', (viewport) => {
  const browser = useBrowser();

  test('the skip link comes first, shows on focus and leads to the main content', async () => {
    const { page } = await browser.newPage(viewport);
    await page.goto('/register');
    await registerViaUi(page, newAccount({ name: 'Skip Runner' }));
    await expectVisible(heading(page, 'Hi, Skip'));

    for (const screen of ['/dashboard', '/activities', '/medals', '/account', '/calculators']) {
      await page.goto(screen);
      await expectVisible(page.getByRole('heading', { level: 1 }).first());
      const skip = page.getByRole('link', { name: SKIP_LINK });
      // Out of sight until the keyboard reaches it.
      await expect.poll(async () => (await skip.boundingBox())?.y ?? 0, { message: screen }).toBeLessThan(0);

      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate<string>('document.activeElement?.textContent ?? ""'), { message: screen })
        .toBe(SKIP_LINK);
      await expect.poll(async () => (await skip.boundingBox())?.y ?? -1, { message: screen }).toBeGreaterThanOrEqual(0);
      if (screen === '/dashboard') {
        await screenshot(page, `skip-link-${viewport}`);
      }

      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate<string>('document.activeElement?.tagName ?? ""'), { message: screen })
        .toBe('MAIN');
      await expect.poll(async () => (await skip.boundingBox())?.y ?? 0, { message: screen }).toBeLessThan(0);
      // The next Tab starts inside the page, past the navigation.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate<boolean>('document.activeElement?.closest("main") !== null'),
        `${screen}: focus after the skip link`,
      ).toBe(true);
    }
  }, 120_000);
});
