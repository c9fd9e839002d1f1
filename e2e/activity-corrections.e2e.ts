/**
 * The runner corrects what a file got wrong: an uploaded run's distance and start time are edited
 * in the edit dialog, the page says "Edited" with the file's values and shows the corrected
 * figures, and "Revert to the file" brings the file's back.
 */
import { describe, expect, test } from 'vitest';
import { ACTIVITY_CORRECTION_TEXTS } from '../core/activity/activity-corrections.ts';
import { ACTIVITY_EDIT_TEXTS } from '../core/activity/activity-edit.ts';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { METRES_PER_MILE } from '../core/units.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectHidden,
  expectVisible,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

/** 1,201 points 2 s apart at 3 m/s due north: 7,200 m exactly, two days ago. */
const METRES = 7200;
const points = straightRun({ points: 1201, interval: 2, speed: 3, start: Date.now() - 2 * 86_400_000 });
const miles = (metres: number) => `${(metres / METRES_PER_MILE).toFixed(2)} mi`;

describe.each(DESKTOP_ONLY)('correcting a file activity (%s)', (viewport) => {
  const browser = useBrowser();

  test('edit the distance and start time, see "Edited" with the file’s values, revert to the file', async () => {
    const { page } = await browser.newPage(viewport);
    const { client } = await signUpViaApi(page, newAccount({ name: 'Joan Benoit' }));
    const [uploaded] = await uploadViaApi(client, [
      { name: 'tempo.gpx', content: garminConnectGpx(points, 'Tempo by the lake', 'running') },
    ]);
    await page.goto(`/activities/${uploaded?.activityId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Tempo by the lake' }));
    const distanceCard = page.getByText(miles(METRES), { exact: true });
    await expectVisible(distanceCard);

    await page.getByRole('button', { name: ACTIVITY_EDIT_TEXTS.editButton, exact: true }).click();
    const edit = page.getByRole('dialog', { name: ACTIVITY_EDIT_TEXTS.editTitle });
    await expectVisible(edit);
    await expect.poll(() => edit.getByRole('textbox', { name: 'Distance (mi)' }).inputValue()).toBe('4.47');
    await edit.getByRole('textbox', { name: 'Distance (mi)' }).fill('5');
    await edit.getByLabel('Start time').fill('06:05');
    await screenshot(page, 'activity-corrections-desktop-edit-dialog');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectHidden(edit);

    const notice = page.getByRole('status').filter({ hasText: ACTIVITY_CORRECTION_TEXTS.editedChip });
    await expectVisible(notice);
    const text = await notice.innerText();
    expect(text).toMatch(/You corrected the start \(the file says .+\) and distance \(the file says 4\.47 mi\)\./);
    expect(text).toContain(ACTIVITY_CORRECTION_TEXTS.splitsHidden);
    await expectVisible(page.getByText('5.00 mi', { exact: true }));
    await expectVisible(page.getByText(/06:05|6:05/).first());
    await screenshot(page, 'activity-corrections-desktop-edited');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'activity-corrections-mobile-edited');
    await page.getByRole('button', { name: ACTIVITY_EDIT_TEXTS.editButton, exact: true }).click();
    await expectVisible(edit);
    await screenshot(page, 'activity-corrections-mobile-edit-dialog');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(edit);
    await page.setViewportSize(VIEWPORTS.desktop);

    await notice.getByRole('button', { name: ACTIVITY_CORRECTION_TEXTS.revertButton }).click();
    await expectHidden(notice);
    await expectVisible(page.getByText(miles(METRES), { exact: true }));
  });
});
