/**
 * Page views (spec §2): the screens a signed-in runner opens are counted on Stride's own server,
 * and My Stride lists the most visited ones with their page titles.
 */
import { describe, test } from 'vitest';
import {
  DESKTOP_ONLY,
  expectVisible,
  navigateWithSidebar,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

describe('page views', () => {
  const browser = useBrowser();

  for (const viewport of DESKTOP_ONLY) {
    test(`My Stride lists the screens the runner opened, most visited first (${viewport})`, async () => {
      const { page } = await browser.newPage(viewport);
      await signUpViaApi(page, newAccount());
      await navigateWithSidebar(page, viewport, 'Pace Calculators', '/calculators');
      await navigateWithSidebar(page, viewport, 'Account', '/account');
      await navigateWithSidebar(page, viewport, 'Route Planner', '/run-planner');
      await navigateWithSidebar(page, viewport, 'Pace Calculators', '/calculators');
      await navigateWithSidebar(page, viewport, 'Route Planner', '/run-planner');
      await navigateWithSidebar(page, viewport, 'My Stride', '/my-stride');

      const list = page.getByRole('list', { name: 'Most visited screens' });
      const items = list.getByRole('listitem');
      await expectVisible(items.first());
      await expectVisible(items.nth(0).getByText('1. Distance & Time Calculators', { exact: true }));
      await expectVisible(items.nth(0).getByText('2 views', { exact: true }));
      await expectVisible(items.nth(1).getByText('2. Run Planner', { exact: true }));
      await expectVisible(items.nth(1).getByText('2 views', { exact: true }));
      await expectVisible(items.nth(2).getByText('3. Account Settings', { exact: true }));
      await expectVisible(items.nth(2).getByText('1 view', { exact: true }));
      await list.scrollIntoViewIfNeeded();
      await screenshot(page, `page views my stride ${viewport}`);
    });
  }
});
