/**
 * The Charts page: a new runner follows the dashboard's link, sees the
 * empty state and what to do, adds the sample runs, sees their totals and charts, switches period
 * and type (kept in the URL), a shared link opens the same view, the personal bests lead to the
 * run that holds one, whose page names its place, and a maximum heart rate set in Account redraws
 * the heart-rate zones. A type with nothing in the period says what to do on each chart, and a run
 * shorter than 400 m says why it has no best efforts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { CHART_PERIOD_LABELS } from '../core/charts/chart-periods.ts';
import { BEST_EFFORT_STATUS_TEXT } from '../core/running/best-efforts-api.ts';
import { noActivitiesSentence, noLoadSentence, noPaceSentence } from '../core/charts/chart-sentences.ts';
import { HEART_RATE_MESSAGES, ZONE_METHOD_LABELS } from '../core/running/heart-rate-api.ts';
import {
  DESKTOP_ONLY,
  currentPath,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

/** The page fetches the new period's figures after a click; under load that takes a few seconds. */
const POLL = { timeout: 15_000 };

/** The period's activity count, as the Activities card shows it. */
const activityCount = (page: Page) => page.getByTestId('total-activities').locator('.MuiTypography-h5').textContent();

describe.each(DESKTOP_ONLY)('charts (%s)', (viewport) => {
  const browser = useBrowser();

  test('an empty runner is told what to do; with the sample runs the charts fill and follow the controls', async () => {
    const { page, context } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount());
    await page.getByRole('link', { name: 'Weeks, months and pace in Charts' }).click();
    await expectVisible(heading(page, 'Charts'));
    await expectVisible(page.getByRole('heading', { name: 'No activities yet' }));
    await expectVisible(page.getByRole('button', { name: 'Upload activities' }).first());
    await screenshot(page, `charts-empty-${viewport}`);

    await page.getByRole('button', { name: 'Add sample runs' }).click();
    const totals = page.getByTestId('period-totals');
    await expectVisible(totals);
    await expect.poll(() => activityCount(page), POLL).toBe('3');
    for (const chart of [
      'chart-distance',
      'chart-time',
      'chart-climb',
      'chart-pace',
      'chart-heart-rate-zones',
      'chart-load',
    ]) {
      await expectVisible(page.getByTestId(chart).locator('svg.recharts-surface').first());
    }
    await expectVisible(page.getByRole('heading', { name: 'Pace trend · Runs' }));
    await expectVisible(page.getByRole('heading', { name: 'Running days' }));
    await expectVisible(page.getByRole('heading', { name: 'Distance per week' }));
    await screenshot(page, `charts-weeks-${viewport}`);

    await page.getByRole('button', { name: CHART_PERIOD_LABELS['12m'] }).click();
    await expectVisible(page.getByRole('heading', { name: 'Distance per month' }));
    await page.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Ride' }).click();
    await expect.poll(() => currentPath(page, true), POLL).toBe('/charts?period=12m&type=ride');
    // The sample runs are runs: no ride this period, and each chart says what to do.
    await expect.poll(() => activityCount(page), POLL).toBe('0');
    const noRides = noActivitiesSentence('12m', 'ride');
    expect(noRides).toBe('No rides in the last 12 months. Choose another period or type, or upload a ride.');
    for (const chart of ['chart-distance', 'chart-time', 'chart-climb']) {
      await expectVisible(page.getByTestId(chart).getByText(noRides));
    }
    await expectVisible(page.getByTestId('chart-load').getByText(noLoadSentence('12m', 'ride')));
    await expectVisible(page.getByTestId('chart-pace').getByText(noPaceSentence('12m', 'ride')));
    await page.getByTestId('chart-distance').scrollIntoViewIfNeeded();
    await screenshot(page, `charts-no-rides-${viewport}`);

    const shared = await context.newPage();
    await shared.goto('/charts?period=12m&type=run');
    await expectVisible(shared.getByRole('heading', { name: 'Distance per month' }));
    await expect.poll(() => activityCount(shared), POLL).toBe('3');
    await screenshot(shared, `charts-months-${viewport}`);

    // Personal bests: the tempo run holds the 5K; its page says so, the long run's says 2nd.
    await expectVisible(shared.getByRole('heading', { name: 'Personal bests' }));
    const pb = shared.getByRole('link', { name: /Sample: Tempo run/ }).first();
    await pb.scrollIntoViewIfNeeded();
    await screenshot(shared, `charts-personal-bests-${viewport}`);
    await pb.click();
    const table = shared.getByRole('table', { name: 'Best efforts' });
    await expectVisible(table);
    await expectVisible(table.getByRole('row', { name: /^5K .* Personal best$/ }));
    await table.scrollIntoViewIfNeeded();
    await screenshot(shared, `activity-best-efforts-${viewport}`);

    // The zones are drawn from the highest heart rate recorded until the runner sets their own.
    await shared.goto('/charts');
    const zones = shared.getByRole('heading', { name: 'Heart-rate zones per week' });
    await expectVisible(zones);
    await expectVisible(shared.getByText(/the highest your activities recorded\)/).first());
    await zones.scrollIntoViewIfNeeded();
    await screenshot(shared, `charts-heart-rate-zones-${viewport}`);
    await shared.getByRole('link', { name: 'Set your maximum' }).click();
    const maximum = shared.getByLabel('Maximum heart rate', { exact: true });
    await expectVisible(maximum);
    await maximum.fill('abc');
    await shared.getByRole('button', { name: 'Save heart rate' }).click();
    await expectVisible(shared.getByText(HEART_RATE_MESSAGES.maxHeartRate));
    await maximum.fill('181');
    await shared.getByRole('button', { name: 'Save heart rate' }).click();
    await expectVisible(shared.getByRole('status').filter({ hasText: 'Maximum heart rate saved.' }));
    await expectVisible(shared.getByText('Zones and training load use your 181 bpm.'));
    await maximum.scrollIntoViewIfNeeded();
    await screenshot(shared, `account-heart-rate-${viewport}`);
    await shared.goto('/charts');
    await expectVisible(shared.getByText(/Time in zones \(h:mm\), .*, max HR 181 \(yours, from Account\)/));
    await expectVisible(shared.getByText('Z5 163+ Maximum'));
  });

  test('resting heart rate, threshold pace and zones by heart-rate reserve redraw the zones and the load', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount());
    await page.goto('/charts');
    await page.getByRole('button', { name: 'Add sample runs' }).click();
    await expect.poll(() => activityCount(page), POLL).toBe('3');
    await page.goto('/account#heart-rate');
    await page.getByLabel('Maximum heart rate', { exact: true }).fill('181');
    // Resting heart rate and zones by heart-rate reserve: refused out of range, then the zones and
    // the load follow. Karvonen with 181 and 45: zone 5 from 45 + 0.9 × 136 = 167.4, so 168.
    const resting = page.getByLabel('Resting heart rate', { exact: true });
    await expectVisible(resting);
    await resting.fill('25');
    await page.getByLabel('Threshold pace').fill('4:10');
    await page.getByRole('radio', { name: ZONE_METHOD_LABELS.reserve }).check();
    await page.getByRole('button', { name: 'Save heart rate' }).click();
    await expectVisible(page.getByText(HEART_RATE_MESSAGES.restingHeartRate));
    await resting.fill('45');
    await page.getByRole('button', { name: 'Save heart rate' }).click();
    await expectVisible(
      page
        .getByRole('status')
        .filter({ hasText: 'Maximum heart rate, resting heart rate, threshold pace and zone method saved.' }),
    );
    await expectVisible(page.getByText('Training load and heart-rate-reserve zones use it.'));
    await resting.scrollIntoViewIfNeeded();
    await screenshot(page, `account-heart-rate-settings-${viewport}`);
    await page.goto('/charts');
    await expectVisible(
      page.getByText(/Time in zones \(h:mm\), % of heart-rate reserve \(Karvonen\), 5 zones, max HR 181/),
    );
    await expectVisible(page.getByText('Z5 168+ Maximum'));
    await expectVisible(page.getByText(/pace against 4:10\/km \(yours\).*resting HR 45 \(yours\)/));
    await page.getByTestId('chart-load').scrollIntoViewIfNeeded();
    await screenshot(page, `charts-heart-rate-reserve-${viewport}`);
  });

  test('a run shorter than 400 m says so on its page, not that it was on a treadmill', async () => {
    const { page } = await browser.newPage(viewport);
    const { client } = await signUpViaApi(page, newAccount());
    // 300 m at 3 m/s, a point every 5 s.
    const points = straightRun({ points: 21, interval: 5, speed: 3, start: Date.UTC(2026, 10, 20, 7, 0, 0) });
    const [strides] = await uploadViaApi(client, [
      { name: 'strides.gpx', content: garminConnectGpx(points, 'Strides') },
    ]);
    await page.goto(`/activities/${strides?.activityId}`);
    const sentence = page.getByText(BEST_EFFORT_STATUS_TEXT['too-short']);
    await expectVisible(sentence);
    await sentence.scrollIntoViewIfNeeded();
    await screenshot(page, `activity-too-short-${viewport}`);
  });
});
