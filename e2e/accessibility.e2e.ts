/**
 * Accessibility at desktop and phone width (both: what the keyboard and axe meet depends on the layout): the skip link is the first thing the keyboard reaches
 * on every screen with the sidebar, shows when focused and moves focus to the main content; and
 * axe-core over every screen (each route of the router a signed-in runner with activities reaches,
 * and a visitor's screens: sign-in, register, the three policies, a public profile) finds no
 * serious or critical violation. Each one found is printed as "page · rule · impact · element".
 *
 * Both themes, at the cost of one: the colours axe measures do not change with the width, so each
 * width goes through every screen in one theme (dark at desktop, light on the phone) and checks the
 * dashboard and Account in the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSONAL_PAGE_PATH } from '../core/product.ts';
import type { ColorScheme } from '../web/src/lib/palette.ts';
import {
  VIEWPORT_NAMES,
  type ViewportName,
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
  makeProfilePublic,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const SKIP_LINK = 'Skip to main content';
const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const EVERY_SCREEN_THEME: Readonly<Record<ViewportName, ColorScheme>> = { desktop: 'dark', mobile: 'light' };
const OTHER_THEME: Readonly<Record<ColorScheme, ColorScheme>> = { dark: 'light', light: 'dark' };

/** The signed-in runner's theme (Account → Theme), for the pages loaded from now on. */
async function chooseTheme(page: Page, theme: ColorScheme): Promise<void> {
  const response = await page.request.patch('/api/profile', {
    headers: { origin: new URL(page.url()).origin },
    data: { preferences: { theme } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The serious and critical violations on the page as it is now, one line each. */
/** The part of a page's Web Animation (a CSS transition or animation) the wait below reads. */
interface RunningAnimation {
  playState: string;
  effect: { getTiming(): { iterations?: number } } | null;
}

async function violationsOn(page: Page, theme: ColorScheme, label: string, ready?: Locator): Promise<string[]> {
  // Every screen shows its h1 once its data is in; the loading overlay and skeletons are gone by then.
  await expectVisible(ready ?? page.getByRole('heading', { level: 1 }).first());
  await expect
    .poll(() => page.evaluate<string>('document.documentElement.dataset.theme'), { message: label })
    .toBe(theme);
  await expectHidden(page.getByText('Loading Stride...'));
  await expect.poll(() => page.locator('.MuiSkeleton-root').count(), { message: label }).toBe(0);
  // Colours are measured once they have settled: a button that has just become enabled (the upload
  // dialog's, once its files are read) is still fading from its disabled colours for a moment, and
  // a loaded machine stretches that moment. Endless animations (a spinner) are no transition.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): RunningAnimation[] } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    // Experimental in axe, on here: a control's visible text is part of its accessible name.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label} (${theme}) · ${violation.id} · ${violation.impact ?? ''} · ${node.target.join(' ')} · ${violation.help}` +
          // What axe measured (a contrast ratio and its colours, the name it found) and on which element.
          ` · ${[...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ')} · ${node.html.slice(0, 160)}`,
      ),
    );
}

describe.each(VIEWPORT_NAMES)('accessibility (%s)', (viewport) => {
  const browser = useBrowser();

  test('the skip link comes first, shows on focus and leads to the main content', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Skip Runner' }));
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

  test(`no serious or critical axe violation on any screen (${EVERY_SCREEN_THEME[viewport]}), nor on the dashboard and Account in the other theme`, async () => {
    const { page } = await browser.newPage(viewport);
    const theme = EVERY_SCREEN_THEME[viewport];
    const found: string[] = [];
    // A visitor sees the theme this device last showed.
    await page.goto('/login');
    await page.evaluate(`localStorage.setItem('stride-theme', '${theme}')`);
    for (const visitorPath of [
      '/login',
      '/register',
      '/privacy-policy',
      '/terms-of-service',
      '/data-deletion-policy',
    ]) {
      await page.goto(visitorPath);
      found.push(...(await violationsOn(page, theme, visitorPath)));
    }

    await signUpViaApi(page, newAccount({ name: 'Axe Runner' }));
    await expectVisible(heading(page, 'Hi, Axe'));
    await chooseTheme(page, theme);
    await page.reload();
    await expectVisible(heading(page, 'Hi, Axe'));
    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Activity files').setInputFiles(
      [
        ['lake.gpx', 'application/gpx+xml', 'cerknicko-jezero.gpx'],
        ['stamina.fit', 'application/octet-stream', 'garmin-stamina.fit'],
      ].map(([name, mimeType, fixture]) => ({
        name: name ?? '',
        mimeType: mimeType ?? '',
        buffer: readFileSync(path.join(FIXTURES, fixture ?? '')),
      })),
    );
    found.push(...(await violationsOn(page, theme, 'upload dialog', dialog.getByText('Ready').first())));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('2 imported.'));
    const activityPaths = await Promise.all(
      (await dialog.getByRole('link', { name: 'Open' }).all()).map(
        async (link) => (await link.getAttribute('href')) ?? '',
      ),
    );
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto('/account');
    const usernameField = page.getByLabel('Username', { exact: true });
    await expect.poll(() => usernameField.inputValue()).not.toBe('');
    const username = (await usernameField.inputValue()).trim();
    await makeProfilePublic(page);

    for (const signedInPath of [
      '/',
      '/dashboard',
      '/activities',
      ...activityPaths,
      '/charts',
      '/training-goals',
      '/medals',
      '/water',
      '/account',
      PERSONAL_PAGE_PATH,
      '/run-planner',
      '/calculators',
      '/success',
      `/${username}`,
    ]) {
      await page.goto(signedInPath);
      found.push(...(await violationsOn(page, theme, signedInPath)));
      // The screens with Strava's orange button and a map attribution, to look at after a colour change.
      if (signedInPath === '/dashboard' || signedInPath === '/account') {
        await screenshot(page, `axe-${viewport}-${theme}${signedInPath.replace('/', '-')}`);
      }
    }

    const other = OTHER_THEME[theme];
    await chooseTheme(page, other);
    for (const signedInPath of ['/dashboard', '/account']) {
      await page.goto(signedInPath);
      found.push(...(await violationsOn(page, other, signedInPath)));
      await screenshot(page, `axe-${viewport}-${other}${signedInPath.replace('/', '-')}`);
    }

    if (found.length > 0) {
      console.warn(`axe (${viewport}): ${found.length} serious or critical violations\n  ${found.join('\n  ')}`);
    }
    expect(found).toEqual([]);
  }, 600_000);
});
