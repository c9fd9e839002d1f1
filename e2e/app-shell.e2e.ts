/**
 * The app shell of spec §2: the page-title table (set as document.title) and the "Loading Stride..."
 * overlay with its 2 s failsafe. Titles do not depend on the width, so they are checked at desktop
 * width only.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  VIEWPORT_NAMES,
  expectHidden,
  expectVisible,
  mainNav,
  navigateWithSidebar,
  newAccount,
  registerViaUi,
  useBrowser,
} from './support/browser.ts';

const FALLBACK_TITLE = 'Stride Running Hub';

/** Spec §2 "Page titles tracked per path": the rows a visitor can open. */
const PUBLIC_TITLES: Array<[path: string, title: string]> = [
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/data-deletion-policy', 'Data Deletion Policy'],
  ['/calculators', 'Distance & Time Calculators'],
  ['/run-planner', 'Run Planner'],
];

/** The rows behind the login guard (checked signed in), and paths that fall to "anything else". */
const SIGNED_IN_TITLES: Array<[path: string, title: string]> = [
  ['/', 'Dashboard'],
  ['/water', 'Water Bottles (Trophy Case)'],
  ['/account', 'Account Settings'],
  ['/training-goals', 'Goals & Training'],
  ['/dashboard', FALLBACK_TITLE],
  ['/medals', FALLBACK_TITLE],
  ['/charts', FALLBACK_TITLE],
  ['/my-stride', FALLBACK_TITLE],
];

async function expectTitle(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title(), { message: `document.title on ${page.url()}` }).toBe(title);
}

describe('page titles (spec §2 table)', () => {
  const browser = useBrowser();

  test('every public row, for a visitor', async () => {
    const { page } = await browser.newPage('desktop');
    for (const [path, title] of PUBLIC_TITLES) {
      await page.goto(path);
      // Wait for the app to render the page, so that a title left over from index.html cannot pass.
      await expectHidden(page.getByText('Loading Stride...'));
      await expectTitle(page, title);
    }
    // Any other single segment is a public profile page: the fallback title.
    await page.goto('/some-username');
    await expectVisible(page.getByText('No runner is called @some-username.'));
    await expectTitle(page, FALLBACK_TITLE);
  });

  test('every guarded row and the fallback, signed in', async () => {
    const { page } = await browser.newPage('desktop');
    await registerViaUi(page, newAccount());
    for (const [path, title] of SIGNED_IN_TITLES) {
      await page.goto(path);
      await expectVisible(mainNav(page));
      await expectTitle(page, title);
    }
  });

  test('the title follows in-app navigation', async () => {
    const { page } = await browser.newPage('desktop');
    await registerViaUi(page, newAccount());
    // Landing on /dashboard after registering: not in the table.
    await expectTitle(page, FALLBACK_TITLE);
    await navigateWithSidebar(page, 'desktop', 'Account', '/account');
    await expectTitle(page, 'Account Settings');
    await navigateWithSidebar(page, 'desktop', 'Medals', '/medals');
    await expectTitle(page, FALLBACK_TITLE);
    await navigateWithSidebar(page, 'desktop', 'Pace Calculators', '/calculators');
    await expectTitle(page, 'Distance & Time Calculators');
    await navigateWithSidebar(page, 'desktop', 'Training & Goals', '/training-goals');
    await expectTitle(page, 'Goals & Training');
    await navigateWithSidebar(page, 'desktop', 'Route Planner', '/run-planner');
    await expectTitle(page, 'Run Planner');
  });
});

describe.each(VIEWPORT_NAMES)('loading overlay (%s)', (viewport) => {
  const browser = useBrowser();

  test('"Loading Stride..." shows while the session is unknown and is forced away after 2 s', async () => {
    const { page } = await browser.newPage(viewport);
    // Hold every API answer for 6 s, so that only the 2 s failsafe can end the overlay.
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const overlay = page.getByText('Loading Stride...');
    await expectVisible(overlay, 1_900);
    await expectHidden(overlay, 5_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(5_000);
  });

  test('the overlay goes as soon as the session is known, before the failsafe', async () => {
    const { page } = await browser.newPage(viewport);
    // Slow the API a little, so that the overlay is certain to be on screen for a while.
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const overlay = page.getByText('Loading Stride...');
    await expectVisible(overlay, 1_000);
    await expectHidden(overlay, 1_900);
    expect(Date.now() - started).toBeLessThan(1_900);
    await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
  });
});
