/**
 * Shoes and gear in the browser, at desktop (1280×900) width: a shoe is added
 * on Account → Gear with a distance from before Stride and made the default for runs; an uploaded
 * run counts on it (its figure on the activity page, its distance and bar on Account), and past
 * 90 % of its retirement distance the dashboard says it is time for new shoes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { GEAR_TEXTS, gearFigure, gearNotices, gearProgressText, type GearList } from '../core/gear.ts';
import type { ActivityPage } from '../core/activity/schemas.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const WIDTHS = { desktop: { width: 1280, height: 900 }, mobile: VIEWPORTS.mobile } as const;

describe('shoes and gear', () => {
  const browser = useBrowser();

  test('add a shoe, run in it, see its distance and bar, and the dashboard’s word past 90 %', async () => {
    for (const viewport of DESKTOP_ONLY) {
      const { page } = await browser.newPage(viewport);
      await page.setViewportSize(WIDTHS[viewport]);
      const { client } = await signUpViaApi(page, newAccount({ name: 'Eliud Kipchoge' }));
      await expectVisible(heading(page, 'Hi, Eliud'));

      // Account → Gear: a shoe that had done 470 mi before Stride, retired at 500 mi (the default).
      await page.goto('/account');
      const card = page.locator('section#gear');
      await expectVisible(card.getByText(GEAR_TEXTS.empty));
      await card.getByRole('button', { name: GEAR_TEXTS.addButton }).click();
      const dialog = page.getByRole('dialog', { name: GEAR_TEXTS.addTitle });
      await expectVisible(dialog);
      await dialog.getByRole('textbox', { name: GEAR_TEXTS.nameLabel }).fill('Pegasus 40');
      await dialog.getByRole('textbox', { name: GEAR_TEXTS.brandLabel }).fill('Nike');
      await dialog.getByRole('textbox', { name: GEAR_TEXTS.startingDistanceLabel('mi') }).fill('470');
      expect(await dialog.getByRole('textbox', { name: GEAR_TEXTS.retirementDistanceLabel('mi') }).inputValue()).toBe(
        '500',
      );
      await screenshot(page, `gear-${viewport}-add-dialog`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectHidden(dialog);
      await expectVisible(card.getByText('470 of 500 mi'));
      await card.getByRole('combobox', { name: 'Run' }).click();
      await page.getByRole('option', { name: 'Pegasus 40' }).click();
      await expectVisible(card.getByText('Default: Run'));

      // A run uploaded afterwards gets the shoe.
      await uploadViaApi(client, [
        { name: 'cerknicko-jezero.gpx', content: readFileSync(path.join(FIXTURES, 'cerknicko-jezero.gpx')) },
      ]);

      const gear = ((await (await page.request.get('/api/gear')).json()) as GearList).gear;
      const shoe = gear[0]!;
      expect(shoe).toMatchObject({ name: 'Pegasus 40', activityCount: 1 });
      const run = ((await (await page.request.get('/api/activities')).json()) as ActivityPage).items[0]!;
      expect(shoe.distance).toBeCloseTo(470 * 1609.34 + run.distance, 3);

      // Its figure on the activity page.
      await page.goto(`/activities/${run.id}`);
      await expectVisible(page.getByText(gearFigure(shoe, 'imperial'), { exact: true }));
      await screenshot(page, `gear-${viewport}-activity`);

      // Its distance and its bar on Account.
      await page.goto('/account');
      await expectVisible(card.getByText(gearProgressText(shoe, 'imperial'), { exact: true }));
      const bar = card.getByRole('progressbar', { name: GEAR_TEXTS.barLabel('Pegasus 40') });
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeCloseTo(
        (shoe.distance / shoe.retirementDistance!) * 100,
        6,
      );
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `gear-${viewport}-account`);

      // Past 90 %: the dashboard's notice.
      const [notice] = gearNotices(gear, 'imperial');
      expect(notice).toMatch(/^Pegasus 40 has run 4\d\d of 500 mi: time for new shoes soon\.$/);
      await page.goto('/dashboard');
      await expectVisible(page.getByText(notice!, { exact: true }));
      await screenshot(page, `gear-${viewport}-dashboard`);
    }
  });
});
