/**
 * Account and dashboard (the toast's place and the theme switch at both widths, the rest at
 * desktop): Account → Theme puts every screen, the activity map and the planner (MAP_TILE_URL or
 * MAP_TILE_URL_DARK) and the share cards in the chosen theme, which survives a reload, and "System"
 * follows the device as it changes; the dashboard's units switch saves the runner's units;
 * "Make Stride yours" goes once units and location are set; the new-medal toast covers neither the
 * page heading nor an open dialog's title; My Stride names its streak for opening Stride and says
 * what "Recalculate streak" does; the check-in says which end of each scale is good.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PROFILE_SETUP_TEXTS } from '../core/profile-setup.ts';
import { SCHEMES, type ColorScheme } from '../web/src/lib/palette.ts';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP_ONLY,
  VIEWPORT_NAMES,
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
/** The server's default tiles (server/config.ts): OpenStreetMap light, CARTO Dark Matter dark. */
const LIGHT_TILE = /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;
const DARK_TILE = /^https:\/\/[abc]\.basemaps\.cartocdn\.com\/dark_all\/\d+\/\d+\/\d+\.png$/;
/** A colour of web/src/lib/palette.ts as RGB numbers. */
const rgbOf = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

/** The page's own background now, as RGB numbers. */
async function pageBackground(page: Page): Promise<number[]> {
  const colour = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
  return (colour.match(/\d+/g) ?? []).map(Number);
}

async function expectScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await expect.poll(() => pageBackground(page)).toEqual(rgbOf(SCHEMES[scheme].background));
}

async function saveAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectVisible(page.getByRole('status').filter({ hasText: 'Profile saved' }));
}

/** Uploads the 5.4 km run from the dashboard, which earns several medals at once; the dialog stays open. */
async function uploadRun(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload activities' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Activity files').setInputFiles(path.join(FIXTURES, 'running-with-developer-data.fit'));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectVisible(dialog.getByText('1 imported.'));
  return dialog;
}

/** The src of every tile Leaflet shows now (the requests are blocked here, the addresses are not). */
async function tileSources(page: Page): Promise<string[]> {
  const sources: string[] = [];
  for (const tile of await page.locator('img.leaflet-tile').all()) {
    sources.push((await tile.getAttribute('src').catch(() => null)) ?? '');
  }
  return sources;
}

/**
 * Waits until the map shows tiles and every one is from `server`: the page may first draw with the
 * profile it kept from the last visit, then with the one it reads again.
 */
async function expectTilesFrom(page: Page, server: RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const sources = await tileSources(page);
      return sources.length > 0 && sources.every((src) => server.test(src));
    })
    .toBe(true);
}

/** Shares the medal's card (a download in this browser) and reads the colour of its background, bottom right. */
async function shareCardBackground(page: Page, medalTitle: string): Promise<number[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Share ${medalTitle}`, exact: true }).click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) {
    chunks.push(chunk as Buffer);
  }
  const dataUrl = `data:image/png;base64,${Buffer.concat(chunks).toString('base64')}`;
  // In the page (no DOM types here): the PNG decoded and one pixel read back from a canvas.
  return page.evaluate<number[]>(`(async () => {
    const image = new Image();
    image.src = ${JSON.stringify(dataUrl)};
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(1190, 600, 1, 1).data.slice(0, 3));
  })()`);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error(`${locator.toString()} has no box`);
  }
  return box;
}

async function chooseTheme(page: Page, label: 'Dark (default)' | 'Light' | 'System'): Promise<void> {
  await page.goto('/account');
  await expectVisible(heading(page, 'Account Settings'));
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: label }).check();
  await saveAccount(page);
}

/** These journeys upload and render several screens; on a busy machine they need more than the default minute. */
const LONG_JOURNEY_MS = 180_000;

// Where the toast sits is layout: checked at both widths.
describe.each(VIEWPORT_NAMES)('the medal toast and the theme (%s)', (viewport) => {
  const browser = useBrowser();

  test(
    'the medal toast covers no heading or dialog title; the Light theme, chosen in Account, lights the screens, the activity map and share cards, stays after a reload and follows the runner to another device',
    async () => {
      const { page } = await browser.newPage(viewport);
      const account = newAccount({ name: 'Paula Radcliffe' });
      await signUpViaApi(page, account);
      await expectVisible(heading(page, 'Hi, Paula'));
      const dialog = await uploadRun(page);

      // The medals arrive while the upload dialog is still open: the toast waits for the dialog to
      // close, so it hides neither the dialog's title nor its buttons.
      const toast = page.getByTestId('medal-celebration');
      expect(await toast.isVisible(), 'no toast over the open dialog').toBe(false);
      await screenshot(page, `medal-toast-${viewport}-dialog-open`);

      await dialog.getByRole('link', { name: 'Open' }).first().click();
      await page.waitForURL(/\/activities\/[\w-]+$/);
      const activityPath = new URL(page.url()).pathname;

      // The dialog closed: the toast rises at the bottom, clear of the page's heading.
      await expectVisible(toast);
      await toast.hover();
      const viewportSize = page.viewportSize() ?? { width: 0, height: 0 };
      await expect
        .poll(async () => {
          const box = await boxOf(toast);
          return box.y + box.height <= viewportSize.height;
        })
        .toBe(true);
      // The activity's own heading, once its page has drawn it (the toast may rise before).
      const pageHeading = page.locator('main h1');
      await expectVisible(pageHeading);
      expect(overlaps(await boxOf(toast), await boxOf(pageHeading))).toBe(false);
      await screenshot(page, `medal-toast-${viewport}-after-dialog`);

      // The dark theme (spec §2, the default): dark screens, dark tiles, a dark card.
      await expectScheme(page, 'dark');
      await expectVisible(page.locator('.leaflet-container'));
      await expectTilesFrom(page, DARK_TILE);
      await page.goto('/medals');
      await expectVisible(page.getByRole('article', { name: /^5K Hero, earned/ }));
      expect(await shareCardBackground(page, '5K Hero')).toEqual(rgbOf(SCHEMES.dark.background));

      await chooseTheme(page, 'Light');
      await expectScheme(page, 'light');

      // Light, and still light after a reload: the screens, the map's tiles, the card.
      await page.goto(activityPath);
      await page.reload();
      await expectVisible(page.locator('.leaflet-container'));
      await expectScheme(page, 'light');
      await expectTilesFrom(page, LIGHT_TILE);
      await screenshot(page, `light-theme-${viewport}-activity`);
      await page.goto('/medals');
      await expectVisible(page.getByRole('article', { name: /^5K Hero, earned/ }));
      expect(await shareCardBackground(page, '5K Hero')).toEqual(rgbOf(SCHEMES.light.background));

      // Another device, which remembers no theme: signed in, it takes the runner's stored choice.
      const other = await browser.newPage(viewport);
      await submitLoginForm(other.page, account.email, account.password);
      await waitForPath(other.page, '/dashboard');
      await expectScheme(other.page, 'light');
    },
    LONG_JOURNEY_MS,
  );
});

describe.each(DESKTOP_ONLY)('account and dashboard polish (%s)', (viewport) => {
  const browser = useBrowser();

  test('the planner draws on the theme\'s tiles; "System" follows the device as it changes', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Paula Radcliffe' }));
    await page.goto('/run-planner');
    await expectTilesFrom(page, DARK_TILE);

    await page.emulateMedia({ colorScheme: 'light' });
    await chooseTheme(page, 'System');
    await expectScheme(page, 'light');
    await page.goto('/run-planner');
    await expectTilesFrom(page, LIGHT_TILE);
    await screenshot(page, `system-theme-${viewport}-planner-light`);
    // The device turns dark: the page follows at once, without a reload.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectScheme(page, 'dark');
    await expectTilesFrom(page, DARK_TILE);
  });

  test('the dashboard\'s units switch saves the units; "Make Stride yours" stays until units and location are set', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Eliud Kipchoge' }));
    const card = page.getByTestId('make-stride-yours');
    await expectVisible(card.getByRole('heading', { name: PROFILE_SETUP_TEXTS.title }));
    await expectVisible(card.getByText(PROFILE_SETUP_TEXTS.body));

    const units = page.getByRole('group', { name: 'Units' });
    const metric = units.getByRole('button', { name: 'Metric' });
    expect(await units.getByRole('button', { name: 'Imperial' }).getAttribute('aria-pressed')).toBe('true');
    await expectVisible(page.getByText('0.00 mi'));
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await metric.click();
    expect((await saved).status()).toBe(200);
    await expectVisible(page.getByText('0.00 km'));
    await page.reload();
    await expect.poll(() => metric.getAttribute('aria-pressed')).toBe('true');
    await expectVisible(card.getByRole('heading', { name: PROFILE_SETUP_TEXTS.title }));
    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));
    await expect.poll(() => page.getByRole('radio', { name: 'Metric (kilometres, metres)' }).isChecked()).toBe(true);

    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));
    await page.getByLabel('Location', { exact: true }).fill('Berlin');
    await saveAccount(page);
    await page.goto('/dashboard');
    await expect.poll(() => metric.getAttribute('aria-pressed')).toBe('true');
    expect(await card.count()).toBe(0);
    expect(await page.getByText(PROFILE_SETUP_TEXTS.title).count()).toBe(0);
    await screenshot(page, `make-stride-yours-${viewport}-gone`);
  });

  test('My Stride counts days opened, not runs, and says what "Recalculate streak" does; the check-in names the good end', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Kelvin Kiptum' }));
    await page.goto('/my-stride');
    await expectVisible(heading(page, 'My Stride'));
    await expectVisible(page.getByText('Days opened in a row', { exact: true }));
    await expectVisible(page.getByText('Most days opened in a row', { exact: true }));
    await expectVisible(page.getByText('Days you opened Stride, not days you ran'));
    expect(await page.getByText('Current streak').count()).toBe(0);
    const recalculate = page.getByRole('button', { name: 'Recalculate streak' });
    await expect.poll(() => recalculate.isEnabled()).toBe(true);
    const hintId = await recalculate.getAttribute('aria-describedby');
    expect(await page.locator(`#${hintId}`).textContent()).toBe('Starts your days-opened count over from today');
    await recalculate.click();
    const dialog = page.getByRole('dialog', { name: 'Start your days-opened count over?' });
    await expectVisible(dialog);
    await expectVisible(
      dialog.getByText(
        'Days opened in a row and Most days opened in a row both go back to 1 day, counting today. Your runs, running streaks and medals stay as they are.',
      ),
    );
    await screenshot(page, `my-stride-${viewport}-recalculate`);
    await dialog.getByRole('button', { name: 'Start over' }).click();
    await expectHidden(dialog);

    await page.goto('/training-goals');
    const injury = page.getByRole('group', { name: 'Injury feeling' });
    await expectVisible(injury);
    const injuryHint = await injury.getAttribute('aria-describedby');
    expect(await page.locator(`#${injuryHint}`).textContent()).toBe('Low is good');
    const sleepHint = await page.getByRole('group', { name: 'Sleep quality' }).getAttribute('aria-describedby');
    expect(await page.locator(`#${sleepHint}`).textContent()).toBe('High is good');
    await page.locator(`#${injuryHint}`).scrollIntoViewIfNeeded();
    await screenshot(page, `check-in-${viewport}-good-end`);
  });
});
