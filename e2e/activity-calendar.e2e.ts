/**
 * The activity list's month calendar at desktop and phone width: the List / Calendar toggle, each
 * activity on its day linking to it, the week's total distance, previous and next month, and the
 * view and month kept in the address over a reload.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  newAccount,
  registerViaUi,
  screenshot,
  useBrowser,
} from './support/browser.ts';

const RUNS = [
  { name: 'October finale', start: '2026-10-30T07:30', distance: 6000 },
  { name: 'Tuesday tempo', start: '2026-11-03T07:00', distance: 8000 },
  { name: 'Evening shakeout', start: '2026-11-03T18:00', distance: 3000 },
  { name: 'Sunday long run', start: '2026-11-08T09:00', distance: 21100 },
  { name: 'Monday easy', start: '2026-11-09T07:00', distance: 5000 },
];

async function addRuns(page: Page): Promise<void> {
  for (const run of RUNS) {
    const response = await page.request.post('/api/activities/manual', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        name: run.name,
        type: 'run',
        distance: run.distance,
        movingTime: Math.round(run.distance * 0.33),
        startDateLocal: run.start,
        timeZone: 'Europe/London',
      },
    });
    expect(response.status()).toBe(201);
  }
}

const week = (page: Page, start: string) => page.getByRole('group', { name: `Week of ${start}` });
const weekTotal = (page: Page, start: string) => week(page, start).getByTestId('calendar-week-total').innerText();

describe.each(VIEWPORT_NAMES)('activity calendar (%s)', (viewport) => {
  const browser = useBrowser();

  test('a month of runs on their days with weekly totals, month by month', async () => {
    const { page } = await browser.newPage(viewport);
    await page.goto('/register');
    await registerViaUi(page, newAccount({ name: 'Cal Endar' }));
    await expectVisible(heading(page, 'Hi, Cal'));
    await addRuns(page);

    await page.goto('/activities');
    await page.getByRole('button', { name: 'Calendar' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('calendar');
    expect(new URL(page.url()).searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/);

    await page.goto('/activities?view=calendar&month=2026-11');
    await expectVisible(page.getByRole('heading', { name: 'November 2026' }));
    // en-GB weeks start on Monday: November 2026 spans six of them, from Monday 26 October.
    await expect.poll(() => weekTotal(page, '2 Nov 2026')).toBe('19.95 mi');
    expect(await page.getByRole('group', { name: /^Week of / }).count()).toBe(6);
    expect(await weekTotal(page, '26 Oct 2026')).toBe('0.00 mi');
    expect(await weekTotal(page, '9 Nov 2026')).toBe('3.11 mi');
    expect(await weekTotal(page, '16 Nov 2026')).toBe('0.00 mi');
    // Two runs on one day, in the order they started; October's run is not in November.
    const firstWeek = await week(page, '2 Nov 2026').getByRole('link').allInnerTexts();
    expect(firstWeek.map((text) => text.split('\n')[0])).toEqual([
      'Tuesday tempo',
      'Evening shakeout',
      'Sunday long run',
    ]);
    expect(await page.getByRole('link', { name: /October finale/ }).count()).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, `activity-calendar-${viewport}`);

    await page.getByRole('button', { name: 'Previous month' }).click();
    await expectVisible(page.getByRole('heading', { name: 'October 2026' }));
    await expectVisible(page.getByRole('link', { name: /October finale/ }));
    expect(new URL(page.url()).search).toBe('?view=calendar&month=2026-10');
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await expectVisible(page.getByRole('heading', { name: 'December 2026' }));
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'December 2026' }));
    await page.getByRole('button', { name: 'Previous month' }).click();

    await page.getByRole('link', { name: /Sunday long run/ }).click();
    await expectVisible(heading(page, 'Sunday long run'));
    await page.goBack();
    await page.getByRole('button', { name: 'List' }).click();
    await expectVisible(page.getByRole('table', { name: 'Activities' }));
    expect(new URL(page.url()).search).toBe('');
  });
});

const BULK_RUNS = ['Hill repeats', 'Canal jog', 'Track session', 'Parkrun'];

describe.each(VIEWPORT_NAMES)('selecting several activities (%s)', (viewport) => {
  const browser = useBrowser();

  test('re-type and delete a selection, with the count confirmed', async () => {
    const { page } = await browser.newPage(viewport);
    await page.goto('/register');
    await registerViaUi(page, newAccount({ name: 'Bea Bulk' }));
    await expectVisible(heading(page, 'Hi, Bea'));
    for (const [index, name] of BULK_RUNS.entries()) {
      const response = await page.request.post('/api/activities/manual', {
        headers: { origin: new URL(page.url()).origin },
        data: {
          name,
          type: 'run',
          distance: 5000,
          movingTime: 1500,
          startDateLocal: `2026-11-1${index}T07:00`,
          timeZone: 'Europe/London',
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/activities');
    const table = page.getByRole('table', { name: 'Activities' });
    await expectVisible(table.getByText('Parkrun'));
    const toolbar = page.getByRole('toolbar', { name: 'Selected activities' });
    expect(await toolbar.count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Select Canal jog' }).check();
    await page.getByRole('checkbox', { name: 'Select Track session' }).check();
    await expectVisible(toolbar.getByText('2 selected'));
    // Ticking a row's box selects it without opening the activity.
    expect(new URL(page.url()).pathname).toBe('/activities');
    await toolbar.getByRole('button', { name: 'Change type' }).click();
    await page.getByRole('menuitem', { name: 'Walk' }).click();
    await expectVisible(page.getByText('2 activities changed.'));
    expect(await toolbar.count()).toBe(0);
    const walks = await page.request.get('/api/activities?type=walk&sort=date&order=asc');
    expect(((await walks.json()) as { items: { name: string }[] }).items.map((item) => item.name)).toEqual([
      'Canal jog',
      'Track session',
    ]);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expectVisible(toolbar.getByText('4 selected'));
    await page.getByRole('checkbox', { name: 'Select Parkrun' }).uncheck();
    await expectVisible(toolbar.getByText('3 selected'));
    await screenshot(page, `activity-bulk-${viewport}`);
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 3 activities?' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('3 activities deleted.'));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await expectVisible(table.getByText('Parkrun'));
    await expectVisible(page.getByText('1–1 of 1'));
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  });
});
