/**
 * The app shell of spec §2: the page-title table (set as document.title) and the "Loading Stride..."
 * overlay with its 2 s failsafe. Titles do not depend on the width, so they are checked at desktop
 * width only.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  APP_LOAD_FAILSAFE_MS,
  FALLBACK_PAGE_TITLE,
  GUARDED_LAYOUT_PATHS,
  LOADING_OVERLAY_TEXT,
  PAGE_TITLES,
  pageTitleForPath,
} from '../core/product.ts';
import {
  DESKTOP_ONLY,
  expectHidden,
  expectVisible,
  mainNav,
  navigateWithSidebar,
  newAccount,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';
import { SCHEMES } from '../web/src/lib/palette.ts';

/** A #rrggbb colour as the browser's computed style writes it. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;

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
    await signUpViaApi(page, newAccount());
    for (const [path, title] of SIGNED_IN_TITLES) {
      await page.goto(path);
      await expectVisible(mainNav(page));
      await expectTitle(page, title);
    }
  });

  test('the title follows in-app navigation', async () => {
    const { page } = await browser.newPage('desktop');
    await signUpViaApi(page, newAccount());
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
 * Timing: the page's clock stands still from before the app boots and moves only when the test moves
 * it, so the failsafe fires exactly when the test says and never because the machine is slow.
 */
describe.each(DESKTOP_ONLY)('loading overlay (%s)', (viewport) => {
  const browser = useBrowser();

  test('the page is dark from its first paint, before the app’s scripts run; light when this device last showed light', async () => {
    const { page } = await browser.newPage(viewport);
    await page.route('**/assets/**', (route) => route.abort());
    const firstPaintBackground = async () => {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      return page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    };
    expect(await firstPaintBackground()).toBe(rgb(SCHEMES.dark.background));

    await page.evaluate(`localStorage.setItem('stride-theme', 'light')`);
    expect(await firstPaintBackground()).toBe(rgb(SCHEMES.light.background));
  });

  test('"Loading Stride..." shows while the session is unknown and is forced away after 2 s', async () => {
    const { page } = await browser.newPage(viewport);
    const api = await holdApi(page);
    await stopPageClock(page);
    try {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const overlay = page.getByText(LOADING_OVERLAY_TEXT);
      await expectVisible(overlay);
      await flushEffects(page);
      // Only the failsafe can end it: the session is still unknown.
      await page.clock.runFor(APP_LOAD_FAILSAFE_MS - 1);
      expect(await overlay.isVisible(), 'the overlay is still up 1 ms before the failsafe').toBe(true);
      await page.clock.runFor(1);
      await expectHidden(overlay);
    } finally {
      api.release();
    }
  });

  test('the overlay goes as soon as the session is known, before the failsafe', async () => {
    const { page } = await browser.newPage(viewport);
    const api = await holdApi(page);
    await stopPageClock(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const overlay = page.getByText(LOADING_OVERLAY_TEXT);
    await expectVisible(overlay);
    // The session request has been asked and is held: the overlay is still up, waiting for it.
    await expect.poll(api.held).toBeGreaterThan(0);
    expect(await overlay.isVisible(), 'the overlay waits for the session').toBe(true);
    api.release();
    // The query library hands the answer over on a timer, so the clock moves in small steps that
    // together stay short of the failsafe: only the known session can have ended the overlay.
    let advanced = 0;
    await expect
      .poll(async () => {
        if (advanced + CLOCK_STEP_MS < APP_LOAD_FAILSAFE_MS) {
          await page.clock.runFor(CLOCK_STEP_MS);
          advanced += CLOCK_STEP_MS;
        }
        return overlay.isVisible();
      })
      .toBe(false);
    expect(advanced).toBeLessThan(APP_LOAD_FAILSAFE_MS);
    // The rest of the page loads on its own timers again.
    await page.clock.resume();
    await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
  });
});

const CLOCK_STEP_MS = 10;

/** Fakes the page's timers and stops its clock: no timer fires until the test runs the clock. */
async function stopPageClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Lets React run the effects of what it has drawn (it schedules them as a message task): two
 * message round trips in the page, each queued behind whatever React queued before it.
 */
async function flushEffects(page: Page): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(
      'new Promise((resolve) => { const channel = new MessageChannel(); ' +
        'channel.port1.onmessage = () => resolve(undefined); channel.port2.postMessage(undefined); })',
    );
  }
}
