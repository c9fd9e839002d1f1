/**
 * The route planner at desktop and phone width, against the routing and elevation stand-ins the
 * global setup starts: a runner draws a three-point loop by tapping the map, sees its distance
 * (snapped) and climb, saves it, exports its GPX (read back by Stride's own parser at the shown
 * distance, and imported back at the same distance shown), and the minutes spent on the page count
 * on My Stride. A saved route opened, edited and saved with "Save changes" stays one route. The page timer reads the
 * browser's clock, which the test moves forward instead of waiting.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseActivityFile } from '../core/activity/parse-activity-file.ts';
import { pageTitleForPath } from '../core/product.ts';
import { routeToGpx } from '../core/routes/route-gpx.ts';
import { METRES_PER_MILE } from '../core/units.ts';
import {
  DESKTOP_ONLY,
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  navigateWithSidebar,
  newAccount,
  screenshot,
  useBrowser,
  type ViewportName,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const POLL = { timeout: 15_000 };
/** Where the three points go, as fractions of the map's width and height. */
const LOOP_POINTS = [
  [0.3, 0.3],
  [0.7, 0.35],
  [0.5, 0.75],
] as const;

async function tapMap(page: Page, viewport: ViewportName, fx: number, fy: number) {
  await page.getByTestId('planner-map').scrollIntoViewIfNeeded();
  const box = await page.getByTestId('planner-map').boundingBox();
  if (box === null) {
    throw new Error('The planner map is not on the page');
  }
  const [x, y] = [box.x + box.width * fx, box.y + box.height * fy];
  if (viewport === 'mobile') {
    await page.touchscreen.tap(x, y);
  } else {
    await page.mouse.click(x, y);
  }
}

const distanceText = (page: Page) => page.getByTestId('route-distance').textContent();
const waypointCount = (page: Page) => page.locator('.planner-waypoint').count();

describe.each(VIEWPORT_NAMES)('route planner (%s)', (viewport) => {
  const browser = useBrowser();

  test('draw a loop, see its distance and climb, save and export it; the minutes count on My Stride', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount());
    await page.clock.install();
    await page.goto('/run-planner');
    await expectVisible(heading(page, pageTitleForPath('/run-planner')));
    await expectVisible(page.getByTestId('planner-map'));

    for (const [index, [fx, fy]] of LOOP_POINTS.entries()) {
      await tapMap(page, viewport, fx, fy);
      await expect.poll(() => waypointCount(page), POLL).toBe(index + 1);
    }
    // A drag across the map pans it and adds no point.
    const box = await page.getByTestId('planner-map').boundingBox();
    if (box !== null && viewport === 'desktop') {
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.65, { steps: 5 });
      await page.mouse.up();
      expect(await waypointCount(page)).toBe(3);
    }
    await page.getByRole('button', { name: 'Close loop' }).click();
    await expect.poll(() => waypointCount(page), POLL).toBe(4);
    await expect.poll(() => distanceText(page), POLL).toMatch(/^[1-9]\d*\.\d\d mi$|^0\.[1-9]\d mi$/);
    await expectVisible(page.getByTestId('route-climb'));
    await expectVisible(page.getByTestId('route-elevation').locator('svg.recharts-surface'));
    await expectVisible(page.getByRole('link', { name: 'Plan a run on this route' }));
    await screenshot(page, `planner-loop-${viewport}`);

    await page.getByLabel('Route name').fill('Lunch loop');
    await page.getByRole('button', { name: 'Save route' }).click();
    await expectVisible(page.getByText('Saved “Lunch loop”.'));
    await expectVisible(page.getByRole('list', { name: 'Saved routes' }).getByText('Lunch loop'));
    const shown = Number.parseFloat((await distanceText(page)) ?? '');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export GPX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Lunch loop.gpx');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) {
      chunks.push(chunk as Buffer);
    }
    const parsed = parseActivityFile('gpx', new Uint8Array(Buffer.concat(chunks)));
    const exportedMiles = (parsed.track.distance.at(-1) as number) / METRES_PER_MILE;
    expect(Math.abs(exportedMiles - shown)).toBeLessThanOrEqual(0.01);
    // Imported back, the file keeps its own line: the same distance, no leg routed again.
    const shownText = await distanceText(page);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => waypointCount(page), POLL).toBe(0);
    await page
      .getByLabel('GPX file to import')
      .setInputFiles({ name: 'loop.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.concat(chunks) });
    await expect.poll(() => waypointCount(page), POLL).toBeGreaterThanOrEqual(2);
    await expect.poll(() => distanceText(page), POLL).toBe(shownText);
    await screenshot(page, `planner-saved-${viewport}`);

    // Five minutes on the page, by the page's own clock; leaving it sends them.
    await page.clock.fastForward('05:00');
    await navigateWithSidebar(page, viewport, 'My Stride', '/my-stride');
    const minutes = page.locator('.MuiCard-root', { hasText: 'Minutes planning' }).locator('.MuiTypography-h5');
    await expect.poll(() => minutes.textContent(), POLL).toMatch(/^[56]$/);
  });
});

describe.each(DESKTOP_ONLY)('route planner, saved routes (%s)', (viewport) => {
  const browser = useBrowser();

  test('a visitor imports a GPX and is asked to sign in to save; a runner saves, renames, opens and deletes it', async () => {
    const gpx = routeToGpx({
      name: 'River path',
      line: [
        { lat: 51.5, lng: -0.08 },
        { lat: 51.505, lng: -0.075 },
        { lat: 51.51, lng: -0.08 },
      ],
    });
    const file = { name: 'river.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) };

    const visitor = (await browser.newPage(viewport)).page;
    await visitor.goto('/run-planner');
    await visitor.getByLabel('GPX file to import').setInputFiles(file);
    await expect.poll(() => waypointCount(visitor), POLL).toBe(3);
    await expect.poll(() => distanceText(visitor), POLL).not.toBe('0.00 mi');
    await expectVisible(visitor.getByRole('link', { name: 'Sign in' }));
    expect(await visitor.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Frun-planner',
    );
    await visitor.getByLabel('GPX file to import').setInputFiles({ ...file, buffer: Buffer.from('not a gpx') });
    await expectVisible(visitor.getByText('This file is not a GPX route or track Stride can read.'));

    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount());
    await page.goto('/run-planner');
    await page.getByLabel('GPX file to import').setInputFiles(file);
    await expect.poll(() => page.getByLabel('Route name').inputValue(), POLL).toBe('River path');
    await page.getByLabel('Route name').fill('  ');
    await page.getByRole('button', { name: 'Save route' }).click();
    await expectVisible(page.getByText('Give the route a name.'));
    await page.getByLabel('Route name').fill('River path');
    await page.getByRole('button', { name: 'Save route' }).click();
    const saved = page.getByRole('list', { name: 'Saved routes' });
    await expectVisible(saved.getByText('River path'));

    await saved.getByRole('button', { name: 'Rename River path' }).click();
    await page.getByRole('dialog').getByLabel('Route name').fill('Thames path');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await expectVisible(saved.getByText('Thames path'));

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => waypointCount(page), POLL).toBe(0);
    await saved.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => waypointCount(page), POLL).toBe(3);
    await expect.poll(() => page.getByLabel('Route name').inputValue(), POLL).toBe('Thames path');
    // The opened route shows its stored line and distance; a point added and "Save changes" update
    // it: one route in the list, at the new distance.
    const listed = saved.getByRole('listitem');
    const before = await listed.locator('.MuiListItemText-secondary').textContent();
    expect(before).toContain(`${await distanceText(page)} · 3 points`);
    await tapMap(page, viewport, 0.8, 0.8);
    await expect.poll(() => waypointCount(page), POLL).toBe(4);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => listed.locator('.MuiListItemText-secondary').textContent(), POLL).toContain('4 points');
    expect(await listed.count()).toBe(1);
    const after = await listed.locator('.MuiListItemText-secondary').textContent();
    expect(after).not.toBe(before);
    expect(after).toContain(`${await distanceText(page)} · 4 points`);
    await expectVisible(page.getByText('Saved “Thames path”.'));
    await expectVisible(page.getByRole('button', { name: 'Save as new' }));
    await screenshot(page, `planner-saved-routes-${viewport}`);

    await saved.getByRole('button', { name: 'Delete Thames path' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('No saved routes yet.'));
    // The open route is gone: saving now makes a new one.
    await expectVisible(page.getByRole('button', { name: 'Save route' }));
    expect(await page.getByRole('button', { name: 'Save as new' }).count()).toBe(0);
  });
});
