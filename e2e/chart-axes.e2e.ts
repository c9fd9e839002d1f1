/**
 * Honest chart axes at desktop and phone width: the personal-best progression's axis is a time
 * axis whose ticks name the years, and a file dated 1990 is flagged on upload and does not stretch
 * "All time" back to 1990 until its runner confirms it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { CHART_PERIOD_LABELS } from '../core/charts/chart-periods.ts';
import { VIEWPORT_NAMES, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

/** A hang guard: the personal bests are worked out on the first read, slow on a loaded machine. */
const POLL = { timeout: 90_000 };

/** 5.1 km runs, each faster than the one before; the last is from a 1990 clock that was never set. */
const RUNS = [
  { name: 'First 5K', start: Date.UTC(2021, 4, 2, 7, 0, 0), speed: 3 },
  { name: 'Faster 5K', start: Date.UTC(2023, 2, 8, 7, 0, 0), speed: 3.2 },
  { name: 'Fastest 5K', start: Date.UTC(2026, 9, 11, 7, 0, 0), speed: 3.4 },
  { name: 'Unset clock', start: Date.UTC(1990, 5, 1, 7, 0, 0), speed: 2.5 },
];

const ticks = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();

describe.each(VIEWPORT_NAMES)('chart axes (%s)', (viewport) => {
  const browser = useBrowser();

  test('the progression axis names years, and a 1990 file waits for confirmation before stretching All time', async () => {
    const { page } = await browser.newPage(viewport);
    const { client } = await signUpViaApi(page, newAccount({ name: 'Axel Axes' }));
    await expectVisible(heading(page, 'Hi, Axel'));
    await uploadViaApi(
      client,
      RUNS.map((run) => ({
        name: `${run.name}.gpx`,
        content: garminConnectGpx(
          straightRun({ points: Math.ceil(5100 / run.speed / 5) + 1, interval: 5, speed: run.speed, start: run.start }),
          run.name,
        ),
      })),
    );

    await page.goto('/charts?period=all');
    await expectVisible(page.getByRole('heading', { name: 'Personal bests' }), POLL.timeout);
    const progression = page.getByTestId('chart-progression');
    await expectVisible(progression.locator('svg.recharts-surface'), POLL.timeout);
    await progression.scrollIntoViewIfNeeded();
    // A tick on each 1 January between the first and the last record; a phone's narrower axis shows
    // every other one.
    const years = viewport === 'desktop' ? ['2022', '2023', '2024', '2025', '2026'] : ['2022', '2024', '2026'];
    await expect
      .poll(
        async () =>
          (await ticks(page, 'chart-progression')).length > 0
            ? ticks(page, 'chart-progression')
            : progression.innerHTML(),
        POLL,
      )
      .toEqual(years);
    // All time starts at the first counted run, May 2021, not at the flagged 1990 file.
    await expectVisible(page.getByRole('heading', { name: 'Distance per month' }));
    await expect
      .poll(async () => (await ticks(page, 'chart-distance')).some((tick) => tick.endsWith(' 21')), POLL)
      .toBe(true);
    expect((await ticks(page, 'chart-distance')).filter((tick) => /\s(90|91|99)$/.test(tick))).toEqual([]);
    expect(await page.getByRole('button', { name: CHART_PERIOD_LABELS.all }).getAttribute('aria-pressed')).toBe('true');
    await progression.scrollIntoViewIfNeeded();
    await screenshot(page, `chart-axes-progression-${viewport}`);

    await page.goto('/activities');
    await page.getByRole('link', { name: /Unset clock/ }).click();
    await expectVisible(page.getByText(/This activity is dated 1 June 1990, before 2000/));
    await screenshot(page, `chart-axes-flagged-1990-${viewport}`);
  });
});
