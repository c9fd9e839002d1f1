/** The public policy pages of spec §2: open to visitors, headed by their own name, outside any guard. */
import { describe, expect, test } from 'vitest';
import { pageTitleForPath } from '../core/product.ts';
import { DESKTOP_ONLY, currentPath, expectVisible, heading, screenshot, useBrowser } from './support/browser.ts';

/** What the Data Deletion Policy says stays on the server's disk after a deletion, until written over. */
const DATABASE_FILES_NOTICE =
  'Deleted rows are gone from the database at once, and Stride then vacuums the tables they were in so that their space is reused. Until the database writes over that space, fragments of your deleted text can remain in its data files and in its write-ahead log (the journal it keeps to recover from a crash) on the server’s disk. Only the account the server runs as can open that folder.';

/** Each is headed by its page title of spec §2 (core's table). */
const LEGAL_PAGES = ['/privacy-policy', '/terms-of-service', '/data-deletion-policy'].map((path) => ({
  path,
  title: pageTitleForPath(path),
}));

describe.each(DESKTOP_ONLY)('policy pages (%s)', (viewport) => {
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

  test('the Data Deletion Policy says what stays in the database files until written over', async () => {
    const { page } = await browser.newPage(viewport);
    await page.goto('/data-deletion-policy');
    const notice = page.locator('li', { hasText: 'Database files:' });
    await expectVisible(notice);
    expect((await notice.innerText()).replace(/\s+/g, ' ')).toContain(DATABASE_FILES_NOTICE);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, `legal-deletion-database-files-${viewport}`);
  });
});
