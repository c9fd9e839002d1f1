/**
 * The runner corrects an activity and adds one without a file: an
 * uploaded run is edited to a walk with private notes and left out of the totals, then a manual
 * treadmill run is added; the dashboard's totals follow each change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACTIVITY_EDIT_TEXTS } from '../core/activity/activity-edit.ts';
import { SPORT_TOTAL_LABELS } from '../core/activity/sport-totals.ts';
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

/** The dashboard's figures follow a change through the server and a refetch: give it time on a loaded machine. */
const POLL = { timeout: 15_000 };
const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');

/** The figure under a label on a dashboard card (the label's paragraph, then the figure's). */
function figure(page: Page, label: string) {
  return page
    .locator('.MuiCard-root')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expectVisible(heading(page, 'Hi, Katherine'));
}

describe.each(DESKTOP_ONLY)('editing activities (%s)', (viewport) => {
  const browser = useBrowser();

  test('edit a run’s type, notes and counting; add a manual treadmill run; the dashboard follows', async () => {
    const { page } = await browser.newPage(viewport);
    // The brief's widths: 1280×900 on a desktop, 390×844 on a phone.
    await page.setViewportSize(viewport === 'desktop' ? { width: 1280, height: 900 } : VIEWPORTS.mobile);
    const { client } = await signUpViaApi(page, newAccount({ name: 'Katherine Switzer' }));
    await expectVisible(heading(page, 'Hi, Katherine'));

    await uploadViaApi(client, [
      { name: 'cerknicko-jezero.gpx', content: readFileSync(path.join(FIXTURES, 'cerknicko-jezero.gpx')) },
    ]);
    await openDashboard(page);
    await expect.poll(() => figure(page, SPORT_TOTAL_LABELS.activities).innerText(), POLL).toBe('1');

    // The detail page: Edit → a walk, with private notes, not counted.
    await page.goto('/activities');
    await page.getByRole('table', { name: 'Activities' }).getByRole('link').first().click();
    await page.waitForURL(/\/activities\/[\w-]+$/);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await page.getByRole('button', { name: ACTIVITY_EDIT_TEXTS.editButton, exact: true }).click();
    const edit = page.getByRole('dialog', { name: ACTIVITY_EDIT_TEXTS.editTitle });
    await expectVisible(edit);
    await edit.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Walk', exact: true }).click();
    await edit.getByRole('textbox', { name: 'Private notes' }).fill('Easy loop with the dog');
    await edit.getByRole('switch', { name: ACTIVITY_EDIT_TEXTS.countedLabel }).uncheck();
    await screenshot(page, `activity-edit-${viewport}-edit-dialog`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectHidden(edit);
    await expectVisible(page.getByTestId('private-notes').filter({ hasText: 'Easy loop with the dog' }));
    await expectVisible(page.getByText('Walk', { exact: true }).filter({ visible: true }).first());
    await expectVisible(page.getByText(`${ACTIVITY_EDIT_TEXTS.notCountedChipTitle}.`));

    await openDashboard(page);
    await expect.poll(() => figure(page, SPORT_TOTAL_LABELS.activities).innerText(), POLL).toBe('0');
    expect(await figure(page, SPORT_TOTAL_LABELS.distance).innerText()).toBe('0.00 mi');

    // The list page: a manual treadmill run of 5 miles in 40 minutes, two days ago.
    await page.goto('/activities');
    await page.getByRole('button', { name: ACTIVITY_EDIT_TEXTS.manualButton }).click();
    const manual = page.getByRole('dialog', { name: ACTIVITY_EDIT_TEXTS.manualTitle });
    await expectVisible(manual);
    await manual.getByRole('textbox', { name: 'Name' }).fill('Treadmill tempo');
    await manual.getByLabel('Date').fill(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
    await manual.getByLabel('Start time').fill('07:15');
    await manual.getByRole('textbox', { name: 'Distance (mi)' }).fill('5');
    await manual.getByRole('textbox', { name: 'Moving time' }).fill('40:00');
    await manual.getByRole('textbox', { name: 'Private notes' }).fill('Incline 1 %');
    await screenshot(page, `activity-edit-${viewport}-manual-dialog`);
    await manual.getByRole('button', { name: 'Add activity' }).click();
    await expectHidden(manual);
    const list = page.getByRole('table', { name: 'Activities' });
    await expectVisible(list.getByText('Treadmill tempo'));
    await expectVisible(list.getByText(ACTIVITY_EDIT_TEXTS.manualChip, { exact: true }));
    await expectVisible(list.getByText(ACTIVITY_EDIT_TEXTS.notCountedChip, { exact: true }));
    await screenshot(page, `activity-edit-${viewport}-list`);

    await openDashboard(page);
    await expect.poll(() => figure(page, SPORT_TOTAL_LABELS.activities).innerText(), POLL).toBe('1');
    expect(await figure(page, SPORT_TOTAL_LABELS.distance).innerText()).toBe('5.00 mi');
    expect(await figure(page, SPORT_TOTAL_LABELS.duration).innerText()).toBe('40:00');
  });
});
