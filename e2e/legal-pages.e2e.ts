/** The public policy pages of spec §2: open to visitors, headed by their own name, outside any guard. */
import { describe, expect, test } from 'vitest';
import { pageTitleForPath } from '../core/product.ts';
import { VIEWPORT_NAMES, currentPath, expectVisible, heading, screenshot, useBrowser } from './support/browser.ts';

/** Each is headed by its page title of spec §2 (core's table). */
const LEGAL_PAGES = ['/privacy-policy', '/terms-of-service', '/data-deletion-policy'].map((path) => ({
  path,
  title: pageTitleForPath(path),
}));

describe.each(VIEWPORT_NAMES)('policy pages (%s)', (viewport) => {
  const browser = useBrowser();

  test('a visitor can read each policy page', async () => {
    const { page } = await browser.newPage(viewport);
    for (const { path, title } of LEGAL_PAGES) {
      await page.goto(path);
      await expectVisible(heading(page, title));
      expect(currentPath(page)).toBe(path);
      await screenshot(page, `legal-${path.slice(1)}-${viewport}`);
    }
  });
});
