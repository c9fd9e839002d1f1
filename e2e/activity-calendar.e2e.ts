/**
 * The activity list's month calendar at desktop: the List / Calendar toggle, each
 * activity on its day linking to it with its whole name (no word broken over two lines), today
 * marked, the whole week's total distance (the neighbouring month's days of the row included), previous and next month, and the view and month
 * kept in the address over a reload. Then the list's selection: re-type, put on one gear, delete;
 * and, at desktop and phone width, each row's whole name.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ACTIVITY_BULK_MESSAGES } from '../core/activity/activity-bulk.ts';
import type { ActivityDetail, ActivityPage } from '../core/activity/schemas.ts';
import { GEAR_TEXTS, gearFigure, type Gear } from '../core/gear.ts';
import {
  DESKTOP_ONLY,
  VIEWPORT_NAMES,
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const RUNS = [
  { name: 'October finale', start: '2026-10-30T07:30', distance: 6000 },
  { name: 'Tuesday tempo', start: '2026-11-03T07:00', distance: 8000 },
  { name: 'Evening shakeout', start: '2026-11-03T18:00', distance: 3000 },
  { name: 'Sunday long run', start: '2026-11-08T09:00', distance: 21100 },
  { name: 'Monday easy', start: '2026-11-09T07:00', distance: 5000 },
  { name: 'Wednesday fartlek', start: '2026-11-25T07:00', distance: 7000 },
];

interface ManualRun {
  name: string;
  start: string;
  distance: number;
  movingTime?: number;
}

/** Adds `runs` by hand (a third of a second a metre unless a moving time is given). */
async function addRuns(page: Page, runs: readonly ManualRun[] = RUNS): Promise<void> {
  for (const run of runs) {
    const response = await page.request.post('/api/activities/manual', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        name: run.name,
        type: 'run',
        distance: run.distance,
        movingTime: run.movingTime ?? Math.round(run.distance * 0.33),
        startDateLocal: run.start,
        timeZone: 'Europe/London',
      },
    });
    expect(response.status()).toBe(201);
  }
}

/** What the check below reads of an element in the page (the e2e files are typed without the DOM). */
interface ShownBox {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  querySelectorAll: (selector: string) => ArrayLike<ShownBox>;
}
/** Is every line of text in `locator` shown whole (neither cut sideways nor clamped)? */
const shownWhole = (locator: Locator) =>
  locator.evaluate((element: ShownBox) =>
    [element, ...Array.from(element.querySelectorAll('*'))].every(
      (node) => node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1,
    ),
  );
const noSidewaysScroll = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');

/** The words of `locator`'s text that are broken over two lines ("Wednesda y"). */
const brokenWords = (locator: Locator): Promise<string[]> =>
  locator.evaluate(
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the e2e files are typed without the DOM
    new Function(
      'element',
      `const broken = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let at = 0;
        for (const word of node.textContent.split(' ')) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          if (word && range.getClientRects().length > 1) broken.push(word);
          at += word.length + 1;
        }
      }
      return broken;`,
    ) as (element: unknown) => string[],
  );

const week = (page: Page, start: string) => page.getByRole('group', { name: `Week of ${start}` });
const weekTotal = (page: Page, start: string) => week(page, start).getByTestId('calendar-week-total').innerText();

describe.each(DESKTOP_ONLY)('activity calendar (%s)', (viewport) => {
  const browser = useBrowser();

  test('a month of runs on their days with weekly totals, month by month', async () => {
    const { page } = await browser.newPage(viewport);
    // The runner's today, for its mark: Wednesday 4 November 2026 in London.
    await page.clock.setFixedTime(new Date('2026-11-04T12:00:00Z'));
    await signUpViaApi(page, newAccount({ name: 'Cal Endar' }));
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
    // The first row's week runs from Monday 26 October: October's run on the 30th is in its total.
    expect(await weekTotal(page, '26 Oct 2026')).toBe('3.73 mi');
    expect(await weekTotal(page, '9 Nov 2026')).toBe('3.11 mi');
    expect(await weekTotal(page, '16 Nov 2026')).toBe('0.00 mi');
    expect(await weekTotal(page, '23 Nov 2026')).toBe('4.35 mi');
    const fartlek = week(page, '23 Nov 2026').getByRole('link', { name: /Wednesday fartlek/ });
    expect(await brokenWords(fartlek)).toEqual([]);
    // Today is marked, on its day only.
    const today = page.locator('[aria-current="date"]');
    expect(await today.count()).toBe(1);
    expect(await week(page, '2 Nov 2026').locator('[aria-current="date"]').innerText()).toBe('4 · Today');
    // Two runs on one day, in the order they started, each with its whole name and its distance.
    const firstWeek = await week(page, '2 Nov 2026').getByRole('link').allInnerTexts();
    expect(firstWeek).toEqual(['Tuesday tempo\n4.97 mi', 'Evening shakeout\n1.86 mi', 'Sunday long run\n13.11 mi']);
    for (const link of await week(page, '2 Nov 2026').getByRole('link').all()) {
      expect(await shownWhole(link)).toBe(true);
    }
    expect(await week(page, '26 Oct 2026').getByRole('link').allInnerTexts()).toEqual(['October finale\n3.73 mi']);
    expect(await noSidewaysScroll(page)).toBe(true);
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

const BULK_RUNS: readonly ManualRun[] = ['Hill repeats', 'Canal jog', 'Track session', 'Parkrun'].map(
  (name, index) => ({ name, start: `2026-11-1${index}T07:00`, distance: 5000, movingTime: 1500 }),
);

describe.each(DESKTOP_ONLY)('selecting several activities (%s)', (viewport) => {
  const browser = useBrowser();

  test('re-type and delete a selection, with the count confirmed', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Bea Bulk' }));
    await expectVisible(heading(page, 'Hi, Bea'));
    await addRuns(page, BULK_RUNS);
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
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('put a selection on one gear: the activities and the gear’s distance follow; a refusal is the server’s', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Gil Gear' }));
    await expectVisible(heading(page, 'Hi, Gil'));
    const origin = { origin: new URL(page.url()).origin };
    await addRuns(page, BULK_RUNS);
    // 100 mi before Stride, retired at 500 mi; a second shoe is deleted while the dialog is open.
    const addShoe = async (name: string) => {
      const response = await page.request.post('/api/gear', {
        headers: origin,
        data: { kind: 'shoe', name, startingDistance: 160934.4, retirementDistance: 804672 },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as Gear;
    };
    await addShoe('Clifton 9');
    const gone = await addShoe('Old trainers');

    await page.goto('/activities');
    const table = page.getByRole('table', { name: 'Activities' });
    await expectVisible(table.getByText('Parkrun'));
    const toolbar = page.getByRole('toolbar', { name: 'Selected activities' });
    await page.getByRole('checkbox', { name: 'Select Canal jog' }).check();
    await page.getByRole('checkbox', { name: 'Select Track session' }).check();
    await expectVisible(toolbar.getByText('2 selected'));

    await toolbar.getByRole('button', { name: 'Change gear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the gear of 2 activities' });
    await expectVisible(dialog);
    // It opens on no gear, and says so.
    expect(await dialog.getByRole('combobox', { name: 'Change gear to' }).innerText()).toBe(GEAR_TEXTS.none);
    await dialog.getByRole('combobox', { name: 'Change gear to' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([GEAR_TEXTS.none, 'Clifton 9', 'Old trainers']);
    await page.getByRole('option', { name: 'Old trainers' }).click();
    expect((await page.request.delete(`/api/gear/${gone.id}`, { headers: origin })).status()).toBe(200);
    await screenshot(page, `activity-bulk-gear-${viewport}`);
    await dialog.getByRole('button', { name: 'Change gear' }).click();
    await expectVisible(dialog.getByText(ACTIVITY_BULK_MESSAGES.gearNotYours, { exact: true }));

    await dialog.getByRole('combobox', { name: 'Change gear to' }).click();
    await page.getByRole('option', { name: 'Clifton 9' }).click();
    await dialog.getByRole('button', { name: 'Change gear' }).click();
    await expectVisible(page.getByText('2 activities changed.'));
    await expectHidden(dialog);
    expect(await toolbar.count()).toBe(0);

    const [shoe] = ((await (await page.request.get('/api/gear')).json()) as { gear: Gear[] }).gear;
    expect(shoe).toMatchObject({ name: 'Clifton 9', activityCount: 2 });
    expect(shoe!.distance).toBeCloseTo(160934.4 + 10000, 3);
    const items = ((await (await page.request.get('/api/activities?sort=date&order=asc')).json()) as ActivityPage)
      .items;
    const gearOf = async (id: string) =>
      ((await (await page.request.get(`/api/activities/${id}`)).json()) as ActivityDetail).gear?.name ?? null;
    expect(await Promise.all(items.map((item) => gearOf(item.id)))).toEqual([null, 'Clifton 9', 'Clifton 9', null]);

    await page
      .getByRole('link', { name: /Canal jog/ })
      .first()
      .click();
    await expectVisible(heading(page, 'Canal jog'));
    await expectVisible(page.getByText(gearFigure(shoe!, 'imperial'), { exact: true }));
    await page.goto('/account');
    const card = page.locator('section#gear');
    // 100 mi before Stride and two 5 km runs: 106.2 mi of 500.
    await expectVisible(card.getByText('106 of 500 mi', { exact: true }));
  });
});

describe.each(VIEWPORT_NAMES)('the list’s names (%s)', (viewport) => {
  const browser = useBrowser();

  test('every row shows its whole name, with no sideways scroll', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Nia Names' }));
    await expectVisible(heading(page, 'Hi, Nia'));
    await page.goto('/activities');
    await page.getByRole('button', { name: 'Add sample runs' }).click();
    const table = page.getByRole('table', { name: 'Activities' });
    await expectVisible(table.getByText('Sample: Long steady run'));
    const names = table.locator('tbody tr a > div > p:first-child');
    expect(await names.allInnerTexts()).toEqual([
      'Sample: Easy morning loop',
      'Sample: Tempo run',
      'Sample: Long steady run',
    ]);
    for (const name of await names.all()) {
      expect(await shownWhole(name)).toBe(true);
    }
    // Each figure sits under its own header.
    const rightEdge = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return Math.round(box!.x + box!.width);
    };
    const cells = table.locator('tbody tr').first().locator('td');
    for (const [header, cell] of [
      [/^Distance$/, 3],
      [/Time$/i, 4],
      [/^Pace$/, 6],
    ] as const) {
      expect(await rightEdge(cells.nth(cell))).toBe(await rightEdge(table.getByRole('columnheader', { name: header })));
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, `activity-list-names-${viewport}`);
  });
});
