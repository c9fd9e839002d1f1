/**
 * Every screen writes dates, times and numbers in the browser's locale and figures in the runner's
 * units: a metric runner in an en-GB browser, set up through the API with a run, a race goal and its
 * plan, and a public profile, sees no US date ("11/26", "11/26/2026"), no ISO date in prose and no
 * 12-hour clock on the main screens, and the trophy case and the public profile lead with km. An
 * en-US browser still reads US dates.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { formatDay } from '../core/format.ts';
import { DEFAULT_WELLBEING_PREFERENCES, type Profile } from '../core/profile.ts';
import { addDays } from '../core/training/local-day.ts';
import type { ApiClient } from '../server/test-support/api-client.ts';
import { signUpViaApi } from './support/api.ts';
import {
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
  type ViewportName,
} from './support/browser.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const HALF_MARATHON_M = 21_097.5;

/** How a US date, an ISO date in prose or a 12-hour clock would read. */
const FOREIGN_FORMATS: readonly [string, RegExp][] = [
  ['a month-first date', /\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/],
  ['an ISO date', /\b\d{4}-\d{2}-\d{2}\b/],
  ['a 12-hour clock', /\b\d{1,2}(:\d{2})?\s?(AM|PM)\b/],
];

/** The screen's text that reads as a US or ISO date or a 12-hour time: none on an en-GB screen. */
async function foreignFormats(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return FOREIGN_FORMATS.flatMap(([name, pattern]) => {
    const found = pattern.exec(text);
    return found ? [`${name}: "${found[0]}" in …${text.slice(Math.max(0, found.index - 40), found.index + 40)}…`] : [];
  });
}

interface Runner {
  client: ApiClient;
  username: string;
  activityId: string;
  raceDate: string;
}

/**
 * A metric runner with a recent run, a device run, a half-marathon goal ten weeks on with its plan
 * (starting today), today's wellbeing check-in, and a public profile.
 */
async function metricRunner(page: Page, name: string): Promise<Runner> {
  const start = Date.now() - 2 * 3600_000;
  const recent = garminConnectGpx(straightRun({ points: 601, interval: 5, speed: 3, start }), 'Evening Run');
  const signedIn = await signUpViaApi(page, newAccount({ name }), {
    files: [
      { name: 'evening-run.gpx', content: recent },
      {
        name: 'running-with-developer-data.fit',
        content: readFileSync(path.join(FIXTURES, 'running-with-developer-data.fit')),
      },
    ],
  });
  const { client } = signedIn;
  expect((await client.patch('/api/profile', { preferences: { unitSystem: 'metric' } })).status).toBe(200);
  expect((await client.patch('/api/profile/privacy', { publicProfile: true })).status).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  const raceDate = addDays(today, 69);
  const goal = await client.post<{ id: string }>('/api/goals?timeZone=UTC', {
    kind: 'race',
    title: '',
    startDate: today,
    endDate: raceDate,
    raceDistanceM: HALF_MARATHON_M,
    targetTimeS: 6900,
  });
  expect(goal.status).toBe(201);
  const plan = await client.post('/api/training-plans?timeZone=UTC', {
    goalId: goal.body.id,
    level: 'beginner',
    runsPerWeek: 4,
    longRunDay: 0,
  });
  expect(plan.status).toBe(201);
  const checkIn = await client.post('/api/wellbeing/check-ins?timeZone=UTC', { ...DEFAULT_WELLBEING_PREFERENCES });
  expect(checkIn.status).toBe(201);
  const profile = await client.get<Profile>('/api/profile');
  return {
    client,
    username: profile.body.username,
    activityId: signedIn.uploaded[0]?.activityId ?? '',
    raceDate,
  };
}

describe.each(VIEWPORT_NAMES)('dates, times and units in the locale (%s)', (viewport: ViewportName) => {
  const browser = useBrowser();

  test('an en-GB browser reads no US or ISO date and no 12-hour time; a metric runner reads km', async () => {
    const { page } = await browser.newPage(viewport);
    const runner = await metricRunner(page, 'Paula Radcliffe');
    const planTitle = `Half marathon plan, race day ${formatDay(runner.raceDate, 'en-GB')}`;

    const screens: [string, (page: Page) => Promise<void>][] = [
      ['/dashboard', (p) => expectVisible(p.getByText(planTitle))],
      ['/activities', (p) => expectVisible(p.getByText('Evening Run').first())],
      [`/activities/${runner.activityId}`, (p) => expectVisible(heading(p, 'Evening Run'))],
      ['/charts', (p) => expectVisible(p.getByRole('heading', { name: 'Distance per week' }))],
      // Goals, the plan and its calendar, and wellbeing (today's check-in and the reminder).
      [
        '/training-goals',
        async (p) => {
          await expectVisible(p.getByText(`to race day ${formatDay(runner.raceDate, 'en-GB')}`));
          await expectVisible(p.getByTestId('today-score'));
        },
      ],
      // The trophy case: an earned medal's month, and an unearned one's distance in km first.
      [
        '/medals',
        async (p) => {
          await expectVisible(p.getByText(/^Earned [A-Z][a-z]{2} \d{4}/).first());
          await expectVisible(
            p.getByText('Run at least 21.08 km (13.1 mi), but less than 42.16 km (26.2 mi), in one run'),
          );
        },
      ],
      ['/account', (p) => expectVisible(heading(p, 'Account Settings'))],
    ];
    for (const [path, loaded] of screens) {
      await page.goto(path);
      await loaded(page);
      await page.waitForLoadState('networkidle');
      expect(await foreignFormats(page), path).toEqual([]);
      await screenshot(
        page,
        `locale-en-GB-${viewport}-${path.startsWith('/activities/') ? 'activity' : path.slice(1)}`,
      );
    }

    // A visitor reads the owner's units on the public profile, whatever their own.
    const visitor = await browser.newPage(viewport);
    await visitor.page.goto(`/${runner.username}`);
    await expectVisible(heading(visitor.page, 'Paula Radcliffe'));
    await expectVisible(visitor.page.getByText(/^\d+\.\d{2} km$/).first());
    expect(await visitor.page.getByText(/^\d+\.\d{2} mi$/).count()).toBe(0);
    await visitor.page.waitForLoadState('networkidle');
    expect(await foreignFormats(visitor.page), 'public profile').toEqual([]);
    await screenshot(visitor.page, `locale-en-GB-${viewport}-public-profile`);
  });
});

describe('dates in an en-US browser', () => {
  const browser = useBrowser();

  test('read month first', async () => {
    const { page } = await browser.newPage('desktop', { locale: 'en-US' });
    const runner = await metricRunner(page, 'Joan Benoit');
    await page.goto('/training-goals');
    await expectVisible(page.getByText(`to race day ${formatDay(runner.raceDate, 'en-US')}`));
    expect(formatDay(runner.raceDate, 'en-US')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });
});
