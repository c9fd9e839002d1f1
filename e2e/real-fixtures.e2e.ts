/**
 * Real device files, end to end: ten of the repository's fixtures
 * uploaded in one batch (a triathlon, a four-track GPX, a yoga session without GPS, a snorkel, a
 * test file of 467 km without times…). The dashboard's totals are those of the activities that
 * count (the triathlon's three legs in, the implausible test file out), the recent list shows the
 * spec's ten newest, the four-track run shows distance, time and pace that agree without its gaps,
 * and the triathlon's legs link to one another, its ride showing speed. Times are the devices' own
 * timers until the runner chooses Stride's moving time in Account.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatSpeed } from '../core/activity/activity-figures.ts';
import { SPORT_TOTAL_LABELS } from '../core/activity/sport-totals.ts';
import { RECENT_ACTIVITIES_SIZE } from '../core/strava/constants.ts';
import { formatDuration } from '../core/format.ts';
import { DESKTOP_ONLY, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const FILES = [
  'korita-zbevnica.gpx',
  'triathlon_summary_first.fit',
  'cerknicko-jezero.gpx',
  'running-with-developer-data.fit',
  'Mojstrovka.gpx',
  'failed.fit',
  'track-with-empty-segment.gpx',
  'garmin-stamina.fit',
  'snorkeling-unknown-sport.fit',
  'gpx1.1_with_all_fields.gpx',
];

/** The figure under a label on a dashboard or detail card (the label's paragraph, then the figure's). */
function figure(page: Page, label: string) {
  return page
    .locator('.MuiCard-root')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

/** A FIT file's session of a sport (its first by default), as Garmin's SDK reads it. */
function fitSession(name: string, sport?: string): { timer: number; distance: number } {
  const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
  const sessions = new Decoder(Stream.fromByteArray(bytes)).read().messages.sessionMesgs ?? [];
  const session = sport === undefined ? sessions[0] : sessions.find((each) => each.sport === sport);
  return { timer: Number(session?.totalTimerTime), distance: Number(session?.totalDistance) };
}

/** Each dashboard total: its figure and the other sports beside it. */
async function dashboardTotals(page: Page) {
  const totals: Record<string, [string, string]> = {};
  for (const label of Object.values(SPORT_TOTAL_LABELS)) {
    const card = page.locator('.MuiCard-root').filter({ has: page.getByText(label, { exact: true }) });
    totals[label] = [await card.locator('p').nth(1).innerText(), await card.locator('p').nth(2).innerText()];
  }
  return totals;
}

describe.each(DESKTOP_ONLY)('real device files (%s)', (viewport) => {
  const browser = useBrowser();

  test('ten real files: dashboard totals, a four-track run and a triathlon', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Ana Novak' }));
    await expectVisible(heading(page, 'Hi, Ana'));

    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Activity files').setInputFiles(
      FILES.map((name) => ({
        name,
        mimeType: name.endsWith('.gpx') ? 'application/gpx+xml' : 'application/octet-stream',
        buffer: readFileSync(path.join(FIXTURES, name)),
      })),
    );
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('10 imported.'));
    await expectVisible(dialog.getByText('Imported as 3 activities: swim, ride and run.'));
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // Twelve activities; ten count. The 467 km test file without times is flagged and left out, and
    // Mojstrovka.gpx (2,705 m and 414 m of climb, no usable times) is listed but, like every
    // activity without times, counted in no total.
    // The totals are per sport: the runs' figures, the other sports' beside them, never one sum.
    await page.reload();
    await expectVisible(heading(page, 'Hi, Ana'));
    // Six timed runs: 25.27 mi, 2,967 ft (with Mojstrovka's 1.68 mi and 1,359 ft they made the 26.95 mi
    // and 4,326 ft once shown), the ride, the two swims and the yoga session beside them. Their time is each FIT
    // file's own timer: the runs' moving time of 5:13:57 with the Stamina's 4,487.819 s for its
    // 4,142 s, the run with developer data's 1,680.559 s for 1,670 s and the triathlon run's 1,573.613 s
    // for 1,573 s make 5:19:54; the triathlon's ride 1,566.657 s, its swim 675.701 s with the
    // snorkel's 2,111.462 s, and the yoga session 778.918 s.
    await expect.poll(() => figure(page, 'Runs').innerText()).toBe('6');
    expect(await dashboardTotals(page)).toEqual({
      Runs: ['6', 'Also 1 ride, 2 swims, 1 other activity'],
      'Running distance': ['25.27 mi', 'Rides 8.40 mi · Swims 0.37 mi'],
      'Running climb': ['2,967 ft', 'Rides 381 ft'],
      'Running time': ['5:19:54', 'Rides 26:07 · Swims 46:27 · Other 12:59'],
    });
    const recent = page.getByRole('list', { name: 'Recent activities' });
    await expect.poll(() => recent.getByRole('link').count()).toBe(RECENT_ACTIVITIES_SIZE);
    await screenshot(page, `real-fixtures-${viewport}-dashboard`);

    // Four GPS tracks with gaps between them: 14,897 m recorded in 2:13:11, so 14:23 a mile.
    await page.goto('/activities');
    await page
      .getByRole('row')
      .filter({ hasText: 'Morning Run' })
      .filter({ hasText: '9.26 mi' })
      .getByRole('link')
      .click();
    await page.waitForURL(/\/activities\/[\w-]+$/);
    await expectVisible(heading(page, 'Morning Run'));
    await expect.poll(() => figure(page, 'Distance').innerText()).toBe('9.26 mi');
    expect(await figure(page, 'Moving time').innerText()).toBe('2:13:11');
    expect(await figure(page, 'Pace').innerText()).toBe('14:23/mi');
    const splits = page.getByRole('table', { name: 'Splits per mile' });
    await expectVisible(splits);
    // Nine whole miles and the last 0.26 mi: no "1.00 mi 0:00" over a gap.
    expect(await splits.locator('tbody tr').count()).toBe(10);
    await screenshot(page, `real-fixtures-${viewport}-four-tracks`);

    // The triathlon's run: its own 4,489.6 m in its timer's 26:14 (moving 26:13), linked to its swim and ride.
    await page.goto('/activities');
    await page.getByRole('link', { name: 'Morning Ride' }).first().click();
    await expectVisible(heading(page, 'Morning Ride'));
    await expectVisible(page.getByRole('heading', { name: 'Part of a multisport event' }));
    // The ride's distance over its timer (13,517.6 m in 26:07, 19.3 mph): a ride shows speed, not pace.
    const ride = fitSession('triathlon_summary_first.fit', 'cycling');
    await expect
      .poll(() => figure(page, 'Speed').innerText())
      .toBe(formatSpeed(ride.distance / ride.timer, 'imperial'));
    expect(await figure(page, 'Distance').innerText()).toBe('8.40 mi');
    const legs = page.getByRole('region', { name: 'Part of a multisport event' });
    await expectVisible(legs.getByText('Morning Ride (this activity)'));
    await legs.getByRole('link', { name: 'Morning Run' }).click();
    await expectVisible(heading(page, 'Morning Run'));
    await expect.poll(() => figure(page, 'Distance').innerText()).toBe('2.79 mi');
    expect(await figure(page, 'Time').innerText()).toBe(
      formatDuration(fitSession('triathlon_summary_first.fit', 'running').timer),
    );
    expect(await figure(page, 'Moving time').innerText()).toBe('26:13');
    expect(await figure(page, 'Pace').innerText()).toBe('9:24/mi');
    await expectVisible(legs.getByRole('link', { name: 'Morning Swim' }));
    await screenshot(page, `real-fixtures-${viewport}-triathlon-run`);

    // Intervals on a Garmin: the watch's timer ran through the standing recoveries. The time is the
    // timer's, Stride's moving time beside it.
    const stamina = formatDuration(fitSession('garmin-stamina.fit').timer);
    await page.goto('/activities');
    await page.getByRole('row').filter({ hasText: '6.98 mi' }).getByRole('link').click();
    await expect.poll(() => figure(page, 'Time').innerText()).toBe(stamina);
    expect(await figure(page, 'Moving time').innerText()).toBe('1:09:02');
    await screenshot(page, `real-fixtures-${viewport}-device-timer`);

    // The runner chooses Stride's moving time in Account: the activity and every total follow.
    const activity = page.url();
    await page.goto('/account');
    await page.getByRole('radio', { name: 'Moving time' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Profile saved' }));
    await screenshot(page, `real-fixtures-${viewport}-activity-time`);
    await page.goto(activity);
    await expect.poll(() => figure(page, 'Moving time').innerText()).toBe('1:09:02');
    expect(await figure(page, 'Device timer').innerText()).toBe(stamina);
    await page.goto('/dashboard');
    await expect
      .poll(async () => (await dashboardTotals(page))['Running time'])
      .toEqual(['5:13:57', 'Rides 26:01 · Swims 12:52 · Other 12:58']);
  });
});
