/**
 * Finding activities at desktop and phone width: the name search narrows the table, the column
 * headers sort it (aria-sort says how; pace within each sport), and a reload keeps the search and the order (they live in
 * the address).
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORT_NAMES, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const RUNS: { name: string; day: number; distance: number; movingTime: number; type?: string }[] = [
  { name: 'Easy park loop', day: 10, distance: 5000, movingTime: 1800 },
  // 36 km/h: 1:40 a kilometre, faster than every run, yet it sorts by pace among the rides only.
  { name: 'Canal ride', day: 12, distance: 30000, movingTime: 3000, type: 'ride' },
  { name: 'Long run by the river', day: 15, distance: 21100, movingTime: 7000 },
  { name: 'Park run 5k', day: 18, distance: 5000, movingTime: 1320 },
  { name: 'Recovery jog', day: 20, distance: 3000, movingTime: 1260 },
];

async function addRuns(page: Page): Promise<void> {
  for (const run of RUNS) {
    const response = await page.request.post('/api/activities/manual', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        name: run.name,
        type: run.type ?? 'run',
        distance: run.distance,
        movingTime: run.movingTime,
        startDateLocal: `2026-11-${run.day}T07:30`,
        timeZone: 'Europe/London',
      },
    });
    expect(response.status()).toBe(201);
  }
}

const table = (page: Page) => page.getByRole('table', { name: 'Activities' });
/** The names of the table's rows, top to bottom. */
const rowNames = (page: Page) => table(page).locator('tbody tr a > div > p:first-child').allInnerTexts();

describe.each(VIEWPORT_NAMES)('finding activities (%s)', (viewport) => {
  const browser = useBrowser();

  test('search by name, sort by the column headers, and keep both over a reload', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Fay Finder' }));
    await expectVisible(heading(page, 'Hi, Fay'));
    await addRuns(page);
    await page.goto('/activities');
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Recovery jog', 'Park run 5k', 'Long run by the river', 'Canal ride', 'Easy park loop']);
    const dateHeader = table(page).getByRole('columnheader', { name: 'Date' });
    expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
    await expectVisible(page.getByText('1–5 of 5'));

    await page.getByRole('searchbox', { name: 'Search by name' }).fill('PARK');
    await expect.poll(() => rowNames(page)).toEqual(['Park run 5k', 'Easy park loop']);
    await expectVisible(page.getByText('1–2 of 2'));

    const distance = table(page).getByRole('columnheader', { name: 'Distance' });
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
    await distance.getByRole('button').click();
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Canal ride', 'Long run by the river', 'Park run 5k', 'Easy park loop', 'Recovery jog']);
    expect(await distance.getAttribute('aria-sort')).toBe('descending');
    expect(await dateHeader.getAttribute('aria-sort')).toBeNull();
    await distance.getByRole('button').click();
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Recovery jog', 'Park run 5k', 'Easy park loop', 'Long run by the river', 'Canal ride']);
    expect(await distance.getAttribute('aria-sort')).toBe('ascending');

    const pace = table(page).getByRole('columnheader', { name: 'Pace' });
    await pace.getByRole('button').click();
    // Within each sport: the runs fastest first, then the ride.
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Park run 5k', 'Long run by the river', 'Easy park loop', 'Recovery jog', 'Canal ride']);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('run');
    await expect.poll(() => rowNames(page)).toEqual(['Park run 5k', 'Long run by the river']);
    expect(new URL(page.url()).search).toBe('?q=run&sort=pace&order=asc');

    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual(['Park run 5k', 'Long run by the river']);
    expect(await page.getByRole('searchbox', { name: 'Search by name' }).inputValue()).toBe('run');
    expect(await table(page).getByRole('columnheader', { name: 'Pace' }).getAttribute('aria-sort')).toBe('ascending');
    // Heart rate and elapsed time are columns at desktop width only.
    const wideColumns = await table(page)
      .getByRole('columnheader', { name: /^(Avg HR|Elapsed)$/ })
      .count();
    expect(wideColumns).toBe(viewport === 'desktop' ? 2 : 0);
    // Nothing spills sideways at phone width.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, `activity-finding-${viewport}`);
  });
});
