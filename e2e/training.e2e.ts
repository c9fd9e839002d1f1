/**
 * Goals & Training: a new runner sets a race goal, generates a plan whose
 * first day is today, ticks today's stretching, uploads a run that ticks today's long run by itself,
 * sees the goal, the plan calendar and the dashboard's card agree, then does a one-cycle breathing
 * session (the page's clock fast-forwarded) and sees it counted towards Breathing Buddha; a second
 * goal is moved up with its button (kept after a reload) and, at desktop width, dragged back.
 */
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, test } from 'vitest';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { addDays } from '../core/training/local-day.ts';
import { METRES_PER_MILE } from '../core/units.ts';
import { WEEKDAY_NAMES } from '../core/training/task-text.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import type { ApiClient } from '../server/test-support/api-client.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

const POLL = { timeout: 15_000 };

/** The browser's today and weekday. */
async function browserToday(page: Page): Promise<{ today: string; weekday: number }> {
  return page.evaluate(() => ({ today: new Date().toLocaleDateString('en-CA'), weekday: new Date().getDay() }));
}

/** A minute past the browser's last midnight: the earliest start of a run on its today. */
async function browserDayStart(page: Page): Promise<number> {
  return page.evaluate(() => new Date(new Date().setHours(0, 1, 0, 0)).getTime());
}

async function uploadRun(page: Page, client: ApiClient, metres: number) {
  const interval = 5;
  const speed = 3;
  // Finished a minute ago; early in the day, when that would have started it yesterday (a run counts
  // on the day it started), it starts just after midnight instead and is still running.
  const start = Math.max(Date.now() - (metres / speed) * 1000 - 60_000, await browserDayStart(page));
  const points = straightRun({
    points: Math.round(metres / (speed * interval)) + 1,
    interval,
    speed,
    start,
  });
  await uploadViaApi(client, [{ name: 'long-run.gpx', content: garminConnectGpx(points, 'Long run') }]);
  await page.goto('/dashboard');
}

describe.each(DESKTOP_ONLY)('goals and training (%s)', (viewport) => {
  const browser = useBrowser();

  test('race goal → plan from today → tick a task → an uploaded run ticks the long run', async () => {
    const { page } = await browser.newPage(viewport);
    // Fake timers that follow real time, so the test can jump through the breathing session.
    await page.clock.install();
    const { client } = await signUpViaApi(page, newAccount());
    await page.goto('/training-goals');
    await expectVisible(heading(page, 'Goals & Training'));
    await expectVisible(page.getByText(/No goals yet/));

    // Race day 69 days on: exactly ten weeks, so the plan's first day is today.
    const { today, weekday } = await browserToday(page);
    await page.getByRole('button', { name: 'New goal' }).click();
    const goalDialog = page.getByRole('dialog');
    await goalDialog.getByLabel('Race day').fill(addDays(today, 69));
    await goalDialog.getByLabel('Target time').fill('1:75:00');
    await goalDialog.getByRole('button', { name: 'Set goal' }).click();
    await expectVisible(goalDialog.getByText(/Enter a time as h:mm:ss/));
    await goalDialog.getByLabel('Target time').fill('1:55:00');
    await goalDialog.getByRole('button', { name: 'Set goal' }).click();
    const goal = page.getByTestId('goal');
    await expectVisible(goal.getByText(/^Half marathon under 1:55:00 on /));
    await expectVisible(goal.getByText(/days to race day/));

    await goal.getByRole('button', { name: 'Generate a training plan' }).click();
    const planDialog = page.getByRole('dialog');
    await planDialog.getByLabel('Long run on').click();
    await page.getByRole('option', { name: WEEKDAY_NAMES[weekday] }).click();
    await planDialog.getByRole('button', { name: 'Generate plan' }).click();
    const plan = page.getByTestId('training-plan');
    await expectVisible(plan.getByRole('heading', { name: 'Half marathon plan' }));
    // Ten plan weeks from today, laid out in the en-GB browser's Monday-first weeks: ten rows when
    // today is a Monday, else eleven (the first and last rows are partly outside the plan).
    await expect
      .poll(() => plan.getByRole('list', { name: 'Plan calendar' }).getByRole('listitem').count(), POLL)
      .toBe(weekday === 1 ? 10 : 11);
    await plan.getByRole('list', { name: 'Plan calendar' }).scrollIntoViewIfNeeded();
    expect(await plan.getByTestId('plan-weekdays').textContent()).toBe('MonTueWedThuFriSatSun');
    // How the browser's en-GB writes today's month and day.
    const written = await page.evaluate((day) => {
      const date = new Date(`${day}T12:00:00Z`);
      return {
        month: date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
        day: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(date),
      };
    }, today);
    const months = await plan.getByTestId('plan-month').allTextContents();
    expect(months[0]).toBe(written.month);
    expect(months.length).toBeGreaterThanOrEqual(3);
    // Each plan week is named once, on the row holding most of its days; a first row holding only
    // a day or three of week 1 (a plan begun on a Friday to Sunday) shows its distance alone.
    const totals = await plan.getByTestId('plan-week-total').allTextContents();
    const named = totals.filter((text) => text.startsWith('W'));
    expect(named[0]).toMatch(/^W1[A-Za-z ]*[\d.]+ mi$/);
    expect(named.map((text) => /^W(\d+)/.exec(text)?.[1])).toEqual(
      Array.from({ length: named.length }, (_, index) => String(index + 1)),
    );
    // Every cell says its session title whole, at both widths.
    const todayCell = plan.getByRole('button', { name: new RegExp(`^${written.day}: Long run`) });
    await expectVisible(todayCell);
    expect(await todayCell.innerText()).toMatch(/Long run [\d.]+ mi/);
    await screenshot(page, `training-plan-${viewport}`);
    // At phone width the calendar is a list of days, each with its whole session title.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(() => todayCell.innerText()).toMatch(/Long run [\d.]+ mi · Stretching 10 min/);
    await screenshot(page, 'training-plan-phone-width');
    await page.setViewportSize(VIEWPORTS[viewport]);

    // A repeat session lists its steps, and downloads as a FIT workout with them for the watch.
    const repeatCell = plan.getByRole('button', { name: /: (\d+)×(\d+) m at (interval|repetition) pace/ }).first();
    const [, reps, repMetres] = /(\d+)×(\d+) m/.exec((await repeatCell.getAttribute('aria-label')) ?? '') ?? [];
    await repeatCell.click();
    const steps = plan.getByRole('list', { name: 'Steps' });
    await expectVisible(steps);
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Warm up [\d.]+ mi easy$/),
      `${reps} ×`,
      expect.stringMatching(new RegExp(`^Run ${repMetres} m at \\d+:\\d\\d–\\d+:\\d\\d/mi$`)),
      expect.stringMatching(/^Jog \d+:\d\d$/),
      expect.stringMatching(/^Cool down [\d.]+ mi easy$/),
    ]);
    await steps.scrollIntoViewIfNeeded();
    await screenshot(page, `training-workout-steps-${viewport}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      plan.getByRole('link', { name: 'Workout for your watch (.fit)' }).click(),
    ]);
    const workout = new Decoder(Stream.fromByteArray(readFileSync(await download.path()))).read().messages;
    expect(
      workout.workoutStepMesgs?.map((step) => step.repeatSteps ?? step.durationDistance ?? step.durationTime),
    ).toEqual([expect.any(Number), Number(repMetres), expect.any(Number), Number(reps), expect.any(Number)]);

    // Today is long-run day: the long run and stretching after it.
    const todayCard = page.getByTestId('today-training');
    const stretching = todayCard.getByRole('checkbox', { name: /^Stretching 10 min/ });
    await stretching.check();
    await expect.poll(() => stretching.isChecked(), POLL).toBe(true);
    const longRun = todayCard.getByRole('checkbox', { name: /^Long run/ });
    expect(await longRun.isChecked()).toBe(false);
    const title =
      (await todayCard
        .getByText(/^Long run [\d.]+ mi$/)
        .first()
        .textContent()) ?? '';
    const miles = Number(/([\d.]+) mi/.exec(title)?.[1]);
    expect(miles).toBeGreaterThan(3);

    await uploadRun(page, client, miles * METRES_PER_MILE);
    // The dashboard's card shows the long run ticked by the upload.
    const dashboardLongRun = page.getByRole('checkbox', { name: /^Long run/ });
    await expect.poll(() => dashboardLongRun.isChecked(), POLL).toBe(true);
    await screenshot(page, `training-dashboard-${viewport}`);

    await page.goto('/training-goals');
    await expect.poll(() => page.getByTestId('plan-adherence').textContent(), POLL).toBe('100 %');
    await expect
      .poll(
        () =>
          page
            .getByRole('checkbox', { name: /^Long run/ })
            .first()
            .isChecked(),
        POLL,
      )
      .toBe(true);
    await screenshot(page, `training-goals-${viewport}`);

    await page.getByRole('button', { name: 'Start breathing' }).click();
    const breathing = page.getByRole('dialog', { name: 'Breathing' });
    await breathing.getByRole('button', { name: 'Box breathing (4-4-4-4)' }).click();
    await breathing.getByLabel('Cycles').click();
    await page.getByRole('option', { name: /^1 cycle/ }).click();
    await breathing.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => breathing.getByTestId('breathing-phase').textContent(), POLL).toBe('Breathe in');
    await page.clock.fastForward(17_000);
    await expect
      .poll(() => breathing.getByTestId('exercise-done').textContent(), POLL)
      .toBe('Breathing done today · 1-day streak');
    await breathing.getByRole('button', { name: 'Close' }).click();
    await page.goto('/medals');
    await expectVisible(page.getByText('1 of 7 breathing days in a row'));

    // A second goal goes last; its move-up button (the keyboard's way) and a drag reorder the list.
    await page.goto('/training-goals');
    await page.getByRole('button', { name: 'New goal' }).click();
    const streakDialog = page.getByRole('dialog');
    await streakDialog.getByLabel('Kind of goal').click();
    await page.getByRole('option', { name: 'Run streak' }).click();
    await streakDialog.getByLabel('Until').fill(addDays(today, 30));
    await streakDialog.getByLabel('Days in a row').fill('14');
    await streakDialog.getByRole('button', { name: 'Set goal' }).click();
    const goals = page.getByRole('list', { name: 'Goals' }).getByTestId('goal');
    const order = async () =>
      (await goals.allTextContents()).map((text) => (text.startsWith('A 14-day') ? 'streak' : 'race'));
    await expect.poll(order, POLL).toEqual(['race', 'streak']);
    await goals.nth(1).getByRole('button', { name: 'Move A 14-day run streak up' }).click();
    await expect.poll(order, POLL).toEqual(['streak', 'race']);
    await page.reload();
    await expect.poll(order, POLL).toEqual(['streak', 'race']);
    if (viewport === 'desktop') {
      await goals.nth(1).dragTo(goals.nth(0));
      await expect.poll(order, POLL).toEqual(['race', 'streak']);
    }
  });
});
