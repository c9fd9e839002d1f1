/**
 * The sidebar layout of spec §2: entries and order (Activities and Charts indented under Dashboard), the 280 px permanent drawer from md up, the
 * temporary drawer behind the top bar's menu button below md that closes on navigation, and the
 * unguarded pages (/run-planner, /calculators) a visitor can open with the Login button showing.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DRAWER_WIDTH_PX, NAV_ENTRIES, NAV_SUB_ENTRIES } from '../core/product.ts';
import {
  VIEWPORT_NAMES,
  currentPath,
  expectHidden,
  expectVisible,
  heading,
  mainNav,
  newAccount,
  openNavigation,
  screenshot,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

async function navLinks(page: Page): Promise<Array<{ label: string; path: string }>> {
  const links = await mainNav(page).getByRole('link').all();
  const entries = [];
  for (const link of links) {
    const href = (await link.getAttribute('href')) ?? '';
    entries.push({ label: (await link.innerText()).trim(), path: new URL(href, page.url()).pathname });
  }
  return entries;
}

/** Every link of the nav in reading order: the seven entries, each followed by its sub-entries. */
const ALL_NAV_LINKS = NAV_ENTRIES.flatMap((entry) => [entry, ...(NAV_SUB_ENTRIES[entry.path] ?? [])]);

/** The drawer's paper (MUI's `.MuiDrawer-paper`), whether it holds the nav landmark or sits inside it. */
function drawerPaper(page: Page) {
  const nav = mainNav(page);
  return page.locator('.MuiDrawer-paper', { has: nav }).or(nav.locator('.MuiDrawer-paper')).first();
}

describe('sidebar at desktop width', () => {
  const browser = useBrowser();

  test('the nav is always visible in a 280 px permanent drawer, without a menu button', async () => {
    const { page } = await browser.newPage('desktop');
    await page.goto('/calculators');
    await expectVisible(heading(page, 'Distance & Time Calculators'));
    await expectVisible(mainNav(page));
    expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
    expect(await navLinks(page)).toEqual(ALL_NAV_LINKS);

    const box = await drawerPaper(page).boundingBox();
    expect(box, 'the drawer paper has a box').not.toBeNull();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeCloseTo(DRAWER_WIDTH_PX, 0);
    await screenshot(page, 'sidebar-desktop');

    // Following a link keeps the permanent drawer in place.
    await mainNav(page).getByRole('link', { name: 'Route Planner', exact: true }).click();
    await waitForPath(page, '/run-planner');
    await expectVisible(heading(page, 'Run Planner'));
    await expectVisible(mainNav(page).getByRole('link', { name: 'Pace Calculators', exact: true }));
  });
});

describe('sidebar at mobile width', () => {
  const browser = useBrowser();

  test('the menu button opens a 280 px temporary drawer that closes on navigation', async () => {
    const { page } = await browser.newPage('mobile');
    await page.goto('/calculators');
    await expectVisible(heading(page, 'Distance & Time Calculators'));
    const routePlanner = mainNav(page).getByRole('link', { name: 'Route Planner', exact: true });
    expect(await routePlanner.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expectVisible(routePlanner);
    expect(await navLinks(page)).toEqual(ALL_NAV_LINKS);
    // The drawer slides in; measure once it has settled at the left edge.
    await expect.poll(async () => (await drawerPaper(page).boundingBox())?.x).toBe(0);
    const box = await drawerPaper(page).boundingBox();
    expect(box?.width).toBeCloseTo(DRAWER_WIDTH_PX, 0);
    await screenshot(page, 'sidebar-mobile-open');

    await routePlanner.click();
    await waitForPath(page, '/run-planner');
    await expectVisible(heading(page, 'Run Planner'));
    await expectHidden(routePlanner);
    await expectHidden(mainNav(page).getByRole('link', { name: 'Pace Calculators', exact: true }));
    await screenshot(page, 'sidebar-mobile-closed');

    // It opens again, and closes again on the next navigation.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const calculators = mainNav(page).getByRole('link', { name: 'Pace Calculators', exact: true });
    await calculators.click();
    await waitForPath(page, '/calculators');
    await expectHidden(calculators);
  });
});

describe.each(VIEWPORT_NAMES)('unguarded pages for visitors (%s)', (viewport) => {
  const browser = useBrowser();

  for (const { path, title } of [
    { path: '/run-planner', title: 'Run Planner' },
    { path: '/calculators', title: 'Distance & Time Calculators' },
  ]) {
    test(`a visitor can open ${path} inside the sidebar layout, with the Login button`, async () => {
      const { page } = await browser.newPage(viewport);
      await page.goto(path);
      await expectVisible(heading(page, title));
      expect(currentPath(page)).toBe(path);

      await openNavigation(page, viewport);
      await expectVisible(mainNav(page));
      const login = page.getByRole('button', { name: 'Login', exact: true });
      await expectVisible(login);
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await screenshot(page, `visitor-${path.slice(1)}-${viewport}`);

      await login.click();
      await waitForPath(page, '/login');
      await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
    });
  }
});

describe.each(VIEWPORT_NAMES)('sub-entries under Dashboard (%s)', (viewport) => {
  const browser = useBrowser();

  test('Activities and Charts sit indented under Dashboard and light up alone when open', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Nell Runner' }));
    await expectVisible(heading(page, 'Hi, Nell'));
    await openNavigation(page, viewport);

    // The seven entries keep their order; the two pages hang under Dashboard in their own list.
    expect(await navLinks(page)).toEqual(ALL_NAV_LINKS);
    const subList = mainNav(page).getByRole('list', { name: 'Dashboard pages' });
    expect(await subList.getByRole('link').allInnerTexts()).toEqual(['Activities', 'Charts']);
    const dashboard = mainNav(page).getByRole('link', { name: 'Dashboard', exact: true });
    const activities = mainNav(page).getByRole('link', { name: 'Activities', exact: true });
    const dashboardBox = await dashboard.boundingBox();
    const activitiesBox = await activities.boundingBox();
    expect(activitiesBox?.x ?? 0).toBeGreaterThan((dashboardBox?.x ?? 0) + 16);
    expect(await dashboard.getAttribute('aria-current')).toBe('page');

    for (const { label, path, title } of [
      { label: 'Activities', path: '/activities', title: 'Activities' },
      { label: 'Charts', path: '/charts', title: 'Charts' },
    ]) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).click();
      await waitForPath(page, path);
      await expectVisible(heading(page, title));
      await openNavigation(page, viewport);
      const current = mainNav(page).locator('[aria-current="page"]');
      expect(await current.allInnerTexts()).toEqual([label]);
      await screenshot(page, `sidebar-sub-entry-${label.toLowerCase()}-${viewport}`);
    }
  });
});
