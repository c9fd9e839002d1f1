/**
 * The activity page at desktop and phone width: the laps table fits its card (no clipped last
 * column, nothing to scroll sideways); on a phone the actions beyond Edit, Share and "View on
 * Strava" fold into a "More actions" menu, on a desktop they stay buttons; the map goes full screen
 * and back (its button and Escape).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  VIEWPORTS,
  VIEWPORT_NAMES,
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

describe.each(VIEWPORT_NAMES)('activity page layout (%s)', (viewport) => {
  const browser = useBrowser();

  test('laps fit, actions fold into a menu on a phone only, the map goes full screen and back', async () => {
    const { page } = await browser.newPage(viewport);
    const { uploaded } = await signUpViaApi(page, newAccount({ name: 'Lapa Runner' }), {
      files: [
        { name: 'lake.gpx', content: fixture('cerknicko-jezero.gpx') },
        { name: 'stamina.fit', content: fixture('garmin-stamina.fit') },
      ],
    });
    await expectVisible(heading(page, 'Hi, Lapa'));
    const [lake, stamina] = uploaded;
    const lapsUrl = `/activities/${stamina?.activityId}`;
    const lakeUrl = `/activities/${lake?.activityId}`;

    // The laps table: every column inside its card, nothing clipped and nothing to scroll to.
    await page.goto(lapsUrl);
    const laps = page.getByTestId('laps-table');
    await laps.scrollIntoViewIfNeeded();
    const lastHeader = laps.getByRole('columnheader', { name: 'Avg HR' });
    await expectVisible(lastHeader);
    const headerBox = await lastHeader.boundingBox();
    const lapsBox = await laps.boundingBox();
    expect((headerBox?.x ?? 0) + (headerBox?.width ?? 0)).toBeLessThanOrEqual(
      (lapsBox?.x ?? 0) + (lapsBox?.width ?? 0) + 0.5,
    );
    const overflow = await laps.evaluate(
      (element: { scrollWidth: number; clientWidth: number }) => element.scrollWidth - element.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `activity-layout-${viewport}-laps`);

    await page.goto(lakeUrl);
    await expectVisible(page.getByRole('heading', { level: 1 }));

    // The actions: buttons on a desktop, Edit and Share plus a menu on a phone.
    const moreActions = page.getByRole('button', { name: 'More actions' });
    await expectVisible(page.getByRole('button', { name: 'Edit', exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Share', exact: true }));
    if (viewport === 'mobile') {
      await expectHidden(page.getByRole('button', { name: 'Delete', exact: true }));
      await expectHidden(page.getByRole('link', { name: 'Export GPX' }));
      await moreActions.click();
      const menu = page.getByRole('menu');
      await expect
        .poll(() => menu.getByRole('menuitem').allInnerTexts())
        .toEqual(['Download original', 'Export GPX', 'Delete']);
      expect(await menu.getByRole('menuitem', { name: 'Export GPX' }).getAttribute('href')).toMatch(/\/export\.gpx$/);
      await screenshot(page, `activity-layout-${viewport}-actions-menu`);
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      await expectVisible(page.getByRole('dialog'));
      await expectHidden(page.getByRole('menu'));
      await page.keyboard.press('Escape');
      await expectHidden(page.getByRole('dialog'));
    } else {
      await expectHidden(moreActions);
      await expectVisible(page.getByRole('button', { name: 'Delete', exact: true }));
      await expectVisible(page.getByRole('link', { name: 'Download original' }));
      await expectVisible(page.getByRole('link', { name: 'Export GPX' }));
    }
    await screenshot(page, `activity-layout-${viewport}-actions`);

    // The map: full screen fills the window; Escape and the button bring it back.
    const map = page.getByTestId('activity-map');
    await map.scrollIntoViewIfNeeded();
    const normal = await map.boundingBox();
    await page.getByRole('button', { name: 'Full screen map' }).click();
    await expect.poll(async () => (await map.boundingBox())?.width).toBe(VIEWPORTS[viewport].width);
    await expect.poll(async () => (await map.boundingBox())?.height).toBe(VIEWPORTS[viewport].height);
    await expectVisible(page.locator('.leaflet-overlay-pane canvas'));
    await screenshot(page, `activity-layout-${viewport}-map-full-screen`);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await map.boundingBox())?.height).toBe(normal?.height);
    await page.getByRole('button', { name: 'Full screen map' }).click();
    await expect.poll(async () => (await map.boundingBox())?.width).toBe(VIEWPORTS[viewport].width);
    await page.getByRole('button', { name: 'Exit full screen map' }).click();
    await expect.poll(async () => (await map.boundingBox())?.width).toBe(normal?.width);
  }, 180_000);
});
