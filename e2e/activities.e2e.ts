/**
 * The browser test: upload three files (one bad) from the
 * dashboard, see two complete and one fail with the spec's message while the others proceed, open
 * an imported run and see its map (tiles are blocked here, so this also proves the page works
 * without them), its profile charts and its splits.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DESKTOP_ONLY, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const BROKEN_GPX =
  '<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="46" lon="14"/></trkseg></trk></gpx>';

describe.each(DESKTOP_ONLY)('activities (%s)', (viewport) => {
  const browser = useBrowser();

  test('upload three files, one bad; open a run and see map, charts and splits', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Grace Hopper' }));
    await expectVisible(heading(page, 'Hi, Grace'));

    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Activity files').setInputFiles([
      {
        name: 'cerknicko-jezero.gpx',
        mimeType: 'application/gpx+xml',
        buffer: readFileSync(path.join(FIXTURES, 'cerknicko-jezero.gpx')),
      },
      { name: 'broken.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(BROKEN_GPX) },
      {
        name: 'watch.fit',
        mimeType: 'application/octet-stream',
        buffer: readFileSync(path.join(FIXTURES, 'running-with-developer-data.fit')),
      },
    ]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    await expectVisible(dialog.getByText('2 imported, 1 failed.'));
    await expect
      .poll(() => dialog.getByTestId('upload-state').allInnerTexts())
      .toEqual(['Complete', 'Error', 'Complete']);
    await expectVisible(
      dialog
        .getByRole('alert')
        .filter({ hasText: 'Failed to parse GPX file: No valid track points found in GPX file' }),
    );
    await screenshot(page, `activities-${viewport}-upload`);

    await dialog.getByRole('link', { name: 'Open' }).first().click();
    await page.waitForURL(/\/activities\/[\w-]+$/);
    await expectVisible(page.getByRole('heading', { level: 1 }));

    // The track is drawn (Leaflet's canvas renderer) even though no tile could load.
    await expectVisible(page.locator('.leaflet-container'));
    await expectVisible(page.locator('.leaflet-overlay-pane canvas'));
    await expect.poll(() => page.locator('.leaflet-tile-loaded').count()).toBe(0);
    // Elevation, pace and heart-rate profiles (the lake run has elevation and times).
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(2);
    // A new profile is imperial: splits per mile, at least one row.
    const splits = page.getByRole('table', { name: 'Splits per mile' });
    await expectVisible(splits);
    expect(await splits.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, `activities-${viewport}-detail`);
  });
});
