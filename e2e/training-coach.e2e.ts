/**
 * The adaptive coach: a runner with eight weeks of runs (set up through the API) opens the plan form
 * pre-filled from them, makes a plan with a day they cannot run, and after four sore check-ins asks for a
 * re-plan, reads why and accepts it; at desktop width no day label of the calendar is cut. At phone
 * width the calendar is a list of weeks whose day lines hold whole labels within the screen. A
 * watch's run of the day's interval session is scored against its steps on the activity and the plan.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { encodeFit } from '../core/activity/fit-file-builders.test-support.ts';
import { localDate } from '../core/activity/time-zone.ts';
import { intervalParts, partsRun } from '../core/training/interval-run.test-support.ts';
import { addDays, epochDay, weekdayOf } from '../core/training/local-day.ts';
import { QUALITY_WARM_UP_M } from '../core/training/plan-templates.ts';
import { paceRange } from '../core/training/workout-steps.ts';
import { WEEKDAY_NAMES } from '../core/training/task-text.ts';
import type { Goal, TrainingPlan } from '../core/training/training-api.ts';
import type { ApiClient } from '../server/test-support/api-client.ts';
import { expectVisible, newAccount, screenshot, useBrowser } from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

const POLL = { timeout: 15_000 };
const ZONE = 'UTC';

/** Eight weeks of four runs (10, 10, 10 and 14.4 km: 44.4 km a week) and a half marathon 13 weeks on. */
async function runnerWithHistory(client: ApiClient, today: string): Promise<Goal> {
  const runs = Array.from({ length: 8 }, (_, week) =>
    (
      [
        [2, 14_400],
        [4, 10_000],
        [5, 10_000],
        [6, 10_000],
      ] as const
    ).map(([daysAgo, metres]) => ({ date: addDays(today, -(week * 7 + daysAgo)), metres })),
  ).flat();
  const created = await Promise.all(
    runs.map(({ date, metres }) =>
      client.post('/api/activities/manual', {
        type: 'run',
        distance: metres,
        movingTime: Math.round(metres * 0.33),
        startDateLocal: `${date}T07:30`,
        timeZone: ZONE,
      }),
    ),
  );
  expect(created.every((response) => response.status === 201)).toBe(true);
  return raceGoal(client, today);
}

async function raceGoal(client: ApiClient, today: string): Promise<Goal> {
  const goal = await client.post<Goal>(`/api/goals?timeZone=${ZONE}`, {
    kind: 'race',
    title: 'Autumn half',
    startDate: today,
    endDate: addDays(today, 7 * 13 + 3),
    raceDistanceM: 21_097.5,
    targetTimeS: 6300,
  });
  expect(goal.status).toBe(201);
  return goal.body;
}

const utcToday = () => new Date().toISOString().slice(0, 10);

/** What the check below reads of the page's elements (the e2e files are typed without the DOM). */
interface TextBox {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  querySelectorAll: (selector: string) => ArrayLike<TextBox>;
}

/** The calendar's day texts cut or overflowing sideways. */
function cutLabels(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Plan calendar' }).evaluate((calendar: TextBox) =>
    Array.from(calendar.querySelectorAll('button p, button span'))
      .filter((text) => text.scrollWidth > text.clientWidth + 1)
      .map((text) => text.textContent ?? ''),
  );
}

describe('the adaptive coach (desktop)', () => {
  const browser = useBrowser();

  test('plan form pre-filled → plan made → re-plan offered and accepted', async () => {
    const { page } = await browser.newPage('desktop');
    const today = utcToday();
    const { client } = await signUpViaApi(page, newAccount(), { path: '/training-goals' });
    await runnerWithHistory(client, today);
    await page.goto('/training-goals');

    await page.getByTestId('goal').getByRole('button', { name: 'Generate a training plan' }).click();
    const dialog = page.getByRole('dialog');
    const history = dialog.getByTestId('plan-history');
    await expectVisible(history);
    const metric = (await history.textContent())?.includes(' km ') ?? false;
    expect(await history.textContent()).toBe(
      metric
        ? 'Your last 4 weeks: 16 runs, 44.4 km a week; longest run of the last 8 weeks 14.4 km.'
        : 'Your last 4 weeks: 16 runs, 27.6 mi a week; longest run of the last 8 weeks 8.9 mi.',
    );
    expect(await dialog.getByLabel('Weekly distance now').inputValue()).toBe(metric ? '44.4' : '27.6');
    expect(await dialog.getByLabel('Longest recent run').inputValue()).toBe(metric ? '14.4' : '8.9');
    expect(await dialog.getByLabel('Runs a week').textContent()).toBe('4');
    // The weekday of the weekly 14.4 km run, two days before today.
    const longRunDay = WEEKDAY_NAMES[new Date(`${addDays(today, -2)}T12:00:00Z`).getUTCDay()]!;
    expect(await dialog.getByLabel('Long run on').textContent()).toBe(longRunDay);
    const notFree = longRunDay === 'Tuesday' ? 'Wednesday' : 'Tuesday';
    await dialog.getByRole('button', { name: notFree }).click();
    expect(await dialog.getByRole('button', { name: notFree }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'training-coach-form-desktop');
    await dialog.getByRole('button', { name: 'Generate plan' }).click();

    const plan = page.getByTestId('training-plan');
    await expectVisible(plan.getByTestId('plan-week-one-basis'));
    expect(await plan.getByTestId('plan-week-one-basis').textContent()).toMatch(
      /^Week 1 is based on your last 4 weeks of running \(16 runs, (44\.4 km|27\.6 mi) a week on average\)/,
    );
    // No day of the plan but race week runs on the day the runner cannot run.
    const plans = (await client.get<{ plans: TrainingPlan[] }>('/api/training-plans')).body.plans;
    const made = (await client.get<TrainingPlan>(`/api/training-plans/${plans[0]!.id}`)).body;
    const notFreeRuns = made.calendar
      .filter((week) => week.kind !== 'race')
      .flatMap((week) => week.days)
      .filter((day) => WEEKDAY_NAMES[new Date(`${day.date}T12:00:00Z`).getUTCDay()] === notFree)
      .filter((day) => day.tasks.some(({ task }) => !['rest', 'strength', 'stretching'].includes(task.kind)));
    expect(notFreeRuns).toEqual([]);
    expect(await cutLabels(page)).toEqual([]);

    // Four sore check-ins, then a re-plan on request: an easier week, and why.
    for (const daysAgo of [4, 3, 2, 1]) {
      const checkIn = await client.post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, {
        sleepQuality: 'moderate',
        energyLevel: 'moderate',
        stressLevel: 'moderate',
        soreness: 'high',
        hydration: 'high',
        nutrition: 'high',
        moodRating: 'moderate',
        injuryFeeling: 'low',
        date: addDays(today, -daysAgo),
      });
      expect(checkIn.status).toBe(201);
    }
    await plan.getByRole('button', { name: 'Re-plan now' }).click();
    const proposal = plan.getByTestId('plan-proposal');
    await expectVisible(proposal);
    await expect
      .poll(() => proposal.getByText(/^Easier week/).textContent(), POLL)
      .toBe('Easier week: soreness high on 4 of the last 4 check-ins.');
    await expectVisible(proposal.getByText(/^Week 1: .+ → .+$/));
    await screenshot(page, 'training-coach-replan-desktop');
    await proposal.getByRole('button', { name: 'Accept the new plan' }).click();
    await expect.poll(() => proposal.count(), POLL).toBe(0);
    await plan.getByRole('button', { name: 'Versions (1)' }).click();
    await expectVisible(
      plan
        .getByRole('list', { name: 'Plan versions' })
        .getByText(/accepted: Easier week: soreness high on 4 of the last 4 check-ins\.$/),
    );
    const after = (await client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body;
    expect(after.versions.map((version) => version.status)).toEqual(['accepted']);
    const weekOne = (calendar: TrainingPlan['calendar']) =>
      calendar[0]!.days.flatMap((day) => day.tasks).reduce((sum, { task }) => sum + (task.distanceM ?? 0), 0);
    expect(weekOne(after.calendar)).toBeLessThan(weekOne(made.calendar));
  });
});

describe('the plan calendar on a phone', () => {
  const browser = useBrowser();

  test('a list of weeks, every day line whole within 390 px', async () => {
    const { page } = await browser.newPage('mobile');
    const today = utcToday();
    const { client } = await signUpViaApi(page, newAccount(), { path: '/training-goals' });
    const goal = await raceGoal(client, today);
    const made = await client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal.id,
      level: 'advanced',
      runsPerWeek: 6,
      longRunDay: 0,
    });
    expect(made.status).toBe(201);
    await page.goto('/training-goals');
    const calendar = page.getByRole('list', { name: 'Plan calendar' });
    await expectVisible(calendar);
    // One line per day of the plan, each with its sessions' whole titles.
    const lines = calendar.getByRole('button', { name: /^\d+ \w+ \d{4}: / });
    await expect.poll(() => lines.count(), POLL).toBe(made.body.calendar.length * 7);
    const quality = calendar.getByRole('button', { name: /: (\d+×\d+ m|Tempo [\d.]+ \w+) at \w+ pace/ }).first();
    await quality.scrollIntoViewIfNeeded();
    expect(await quality.innerText()).toMatch(/(\d+×\d+ m|Tempo [\d.]+ \w+) at \w+ pace/);
    expect(await cutLabels(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, 'training-coach-calendar-mobile');
  });
});

describe('done against asked (desktop)', () => {
  const browser = useBrowser();

  test('a watch’s run of today’s intervals is scored on the activity and on the plan', async () => {
    const { page } = await browser.newPage('desktop');
    // A zone where it is day now, so a run that ended a few minutes ago was run today.
    const hour = new Date().getUTCHours();
    const zone = hour < 3 ? 'Asia/Tokyo' : hour >= 21 ? 'America/New_York' : 'UTC';
    const today = localDate(Date.now(), zone);
    const { client } = await signUpViaApi(page, newAccount(), { path: '/training-goals' });
    expect((await client.patch('/api/profile', { preferences: { unitSystem: 'metric' } })).status).toBe(200);
    // A 10K ten weeks on, the long run five days from today: the plan starts today with 4 × 1000 m.
    const goal = await client.post<Goal>(`/api/goals?timeZone=${zone}`, {
      kind: 'race',
      title: 'Winter 10K',
      startDate: today,
      endDate: addDays(today, 69),
      raceDistanceM: 10_000,
      targetTimeS: 2700,
    });
    const made = await client.post<TrainingPlan>(`/api/training-plans?timeZone=${zone}`, {
      goalId: goal.body.id,
      level: 'intermediate',
      runsPerWeek: 4,
      longRunDay: weekdayOf(epochDay(addDays(today, 5))!),
    });
    expect(made.status).toBe(201);
    const { task } = made.body.calendar[0]!.days[0]!.tasks[0]!;
    expect(task).toMatchObject({ kind: 'intervals', reps: 4, repDistanceM: 1000 });
    const repS = Math.round(1000 * task.paceSPerM!);
    const parts = intervalParts({
      warmUpM: QUALITY_WARM_UP_M / 2,
      repM: 1000,
      repSeconds: [repS, repS, repS, repS + 10],
      jogS: repS,
    });
    const runS = parts.reduce((sum, part) => sum + part.seconds, 0);
    const { points, lapStarts } = partsRun(parts, Date.now() - (runS + 300) * 1000);
    const fit = encodeFit({ points, sport: 'running', lapStarts, lapTotals: 'watch' });
    const [uploaded] = await uploadViaApi(client, [{ name: 'intervals.fit', content: fit }]);
    await expect
      .poll(
        async () =>
          (await client.get<TrainingPlan>(`/api/training-plans/${made.body.id}`)).body.dailyProgress[today]
            ?.completedTasks,
        POLL,
      )
      .toEqual([task.id]);
    const slowBy = Math.max(1, Math.round(((repS + 10) / 1000 - paceRange(task.paceSPerM!).slowest) * 1000));
    const sentence = `3 of 4 reps on target, last one ${slowBy} s slow`;

    await page.goto(`/activities/${uploaded!.activityId}`);
    const card = page.getByTestId('session-score');
    await expectVisible(card);
    expect(await card.getByTestId('session-score-summary').textContent()).toBe(sentence);
    expect(await card.getByRole('list', { name: 'Reps' }).getByRole('listitem').count()).toBe(4);
    await screenshot(page, 'session-score-activity-desktop');

    await page.goto('/training-goals');
    const plan = page.getByTestId('training-plan');
    await expectVisible(plan.getByTestId('plan-day-score'));
    expect(await plan.getByTestId('plan-day-score').textContent()).toBe(sentence);
    // The day's button is named with it too.
    await expectVisible(
      plan.getByRole('button', { name: new RegExp(`: 4×1000 m at interval pace, ${sentence} \\(today\\)$`) }),
    );
    expect(await plan.getByTestId('plan-day').getByTestId('session-score-summary').textContent()).toBe(sentence);
    await plan.getByTestId('plan-day').scrollIntoViewIfNeeded();
    await screenshot(page, 'session-score-plan-desktop');
  });
});
