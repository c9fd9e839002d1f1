/**
 * Account and dashboard at desktop and mobile width: the "Dark mode" switch darkens the map tiles
 * (MAP_TILE_URL_DARK) of the activity map and the planner and the share cards, as its hint says.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
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

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
/** The server's default tiles (server/config.ts): OpenStreetMap light, CARTO Dark Matter dark. */
const LIGHT_TILE = /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;
const DARK_TILE = /^https:\/\/[abc]\.basemaps\.cartocdn\.com\/dark_all\/\d+\/\d+\/\d+\.png$/;
/** The share card's background (web/src/lib/palette.ts) as RGB: light paper, and the theme's dark. */
const LIGHT_CARD_RGB = [246, 248, 250];
const DARK_CARD_RGB = [14, 17, 22];

function toggle(page: Page, name: string): Locator {
  return page
    .getByRole('switch', { name, exact: true })
    .or(page.getByRole('checkbox', { name, exact: true }))
    .first();
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

/** The src of every tile Leaflet asked for (the requests are blocked here, the addresses are not). */
async function tileSources(page: Page): Promise<string[]> {
  const tiles = page.locator('img.leaflet-tile');
  await expect.poll(() => tiles.count()).toBeGreaterThan(0);
  const sources: string[] = [];
  for (const tile of await tiles.all()) {
    sources.push((await tile.getAttribute('src')) ?? '');
  }
  return sources;
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

describe.each(VIEWPORT_NAMES)('account and dashboard (%s)', (viewport) => {
  const browser = useBrowser();

  test('"Dark mode" darkens the map tiles and the share cards, and only them', async () => {
    const { page } = await browser.newPage(viewport);
    await registerViaUi(page, newAccount({ name: 'Paula Radcliffe' }));
    await expectVisible(heading(page, 'Hi, Paula'));
    const dialog = await uploadRun(page);
    await dialog.getByRole('link', { name: 'Open' }).first().click();
    await page.waitForURL(/\/activities\/[\w-]+$/);
    const activityPath = new URL(page.url()).pathname;

    // Dark mode off (the spec §3 default): light tiles, a light card.
    await expectVisible(page.locator('.leaflet-container'));
    expect((await tileSources(page)).every((src) => LIGHT_TILE.test(src))).toBe(true);
    await page.goto('/run-planner');
    expect((await tileSources(page)).every((src) => LIGHT_TILE.test(src))).toBe(true);
    await page.goto('/medals');
    await expectVisible(page.getByRole('article', { name: /^5K Hero, earned/ }));
    expect(await shareCardBackground(page, '5K Hero')).toEqual(LIGHT_CARD_RGB);

    await page.goto('/account');
    await expectVisible(heading(page, 'Account Settings'));
    await expectVisible(page.getByText("Stride's screens are always dark; this also darkens maps and share cards."));
    await toggle(page, 'Dark mode').check();
    await saveAccount(page);

    // Dark mode on: every map draws on the dark tiles, the card is dark.
    await page.goto(activityPath);
    await expectVisible(page.locator('.leaflet-container'));
    expect((await tileSources(page)).every((src) => DARK_TILE.test(src))).toBe(true);
    await screenshot(page, `dark-mode-${viewport}-activity-map`);
    await page.goto('/run-planner');
    expect((await tileSources(page)).every((src) => DARK_TILE.test(src))).toBe(true);
    await page.goto('/medals');
    await expectVisible(page.getByRole('article', { name: /^5K Hero, earned/ }));
    expect(await shareCardBackground(page, '5K Hero')).toEqual(DARK_CARD_RGB);
  });
});
