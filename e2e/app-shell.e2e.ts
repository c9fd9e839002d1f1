/**
 * The app shell of spec §2: the page-title table (set as document.title) and the "Loading Stride..."
 * overlay with its 2 s failsafe. Titles do not depend on the width, so they are checked at desktop
 * width only.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  FALLBACK_PAGE_TITLE,
  GUARDED_LAYOUT_PATHS,
  LOADING_OVERLAY_TEXT,
  PAGE_TITLES,
  pageTitleForPath,
} from '../core/product.ts';
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

const layoutPaths: readonly string[] = GUARDED_LAYOUT_PATHS;

/** Spec §2 "Page titles tracked per path" (core's table): the rows a visitor can open. */
const PUBLIC_TITLES = Object.entries(PAGE_TITLES).filter(([path]) => !layoutPaths.includes(path));

/** Every path behind the login guard (checked signed in): a row of the table, or the fallback title. */
const SIGNED_IN_TITLES = GUARDED_LAYOUT_PATHS.map((path) => [path, pageTitleForPath(path)] as const);

async function expectTitle(page: Page, title: string): Promise<void> {
  // The app sets the title once its page has loaded, which a busy machine may take seconds to do.
  await expect.poll(() => page.title(), { message: `document.title on ${page.url()}`, timeout: 15_000 }).toBe(title);
}

describe('page titles (spec §2 table)', () => {
  const browser = useBrowser();

  test('every public row, for a visitor', async () => {
    const { page } = await browser.newPage('desktop');
    for (const [path, title] of PUBLIC_TITLES) {
      await page.goto(path);
      // Wait for the app to render the page, so that a title left over from index.html cannot pass.
      await expectHidden(page.getByText(LOADING_OVERLAY_TEXT));
      await expectTitle(page, title);
    }
    // Any other single segment is a public profile page: the fallback title.
    await page.goto('/some-username');
    await expectVisible(page.getByText('No runner is called @some-username.'));
    await expectTitle(page, FALLBACK_PAGE_TITLE);
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
    await expectTitle(page, FALLBACK_PAGE_TITLE);
    await navigateWithSidebar(page, 'desktop', 'Account', '/account');
    await expectTitle(page, pageTitleForPath('/account'));
    await navigateWithSidebar(page, 'desktop', 'Medals', '/medals');
    await expectTitle(page, FALLBACK_PAGE_TITLE);
    await navigateWithSidebar(page, 'desktop', 'Pace Calculators', '/calculators');
    await expectTitle(page, pageTitleForPath('/calculators'));
    await navigateWithSidebar(page, 'desktop', 'Training & Goals', '/training-goals');
    await expectTitle(page, pageTitleForPath('/training-goals'));
    await navigateWithSidebar(page, 'desktop', 'Route Planner', '/run-planner');
    await expectTitle(page, pageTitleForPath('/run-planner'));
  });
});

/** Holds every API answer of the page until `release()` is called. */
async function holdApi(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  let held = 0;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**', async (route) => {
    held += 1;
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, held: () => held };
}

/*
 * Timing: the failsafe timer starts when the app boots, which is after `goto` starts and no later
 * than the overlay first shows. The bounds below only lean on those two facts, so a slow machine
 * cannot make them fail.
 */
describe.each(VIEWPORT_NAMES)('loading overlay (%s)', (viewport) => {
  const browser = useBrowser();

  test('"Loading Stride..." shows while the session is unknown and is forced away after 2 s', async () => {
    const { page } = await browser.newPage(viewport);
    const api = await holdApi(page);
    try {
      const started = Date.now();
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const overlay = page.getByText(LOADING_OVERLAY_TEXT);
      await expectVisible(overlay, 1_900);
      // Only the failsafe can end it: the session is still unknown.
      await expectHidden(overlay, 3_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_950);
    } finally {
      api.release();
    }
  });

  test('the overlay goes as soon as the session is known, before the failsafe', async () => {
    const { page } = await browser.newPage(viewport);
    const api = await holdApi(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const overlay = page.getByText(LOADING_OVERLAY_TEXT);
    await expectVisible(overlay, 1_900);
    // The session request has been asked and is held: the overlay is still up, waiting for it.
    await expect.poll(api.held, { timeout: 600 }).toBeGreaterThan(0);
    expect(await overlay.isVisible(), 'the overlay waits for the session').toBe(true);
    api.release();
    // The failsafe fires 2 s after boot, and boot is just before the overlay first showed: at most
    // 0.6 s + 1.2 s stays clear of it, so only the known session can have ended the overlay.
    await expectHidden(overlay, 1_200);
    await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
  });
});
