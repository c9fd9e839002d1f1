/**
 * The three wellbeing medals earned through the UI. They need seven
 * days in a row up to today, so this test starts its own server (serving the suite's built web app)
 * on a clock it sets: six days of check-ins, breathing and stretching go through the API, one day
 * at a time; on the seventh the runner checks in, breathes and stretches in the browser, watches
 * each streak reach 7 and finds Wellbeing Streak, Breathing Buddha and Limber Limbs in the trophy
 * case.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { ExerciseRecorded } from '../core/wellbeing/wellbeing-api.ts';
import { DEFAULT_WELLBEING_PREFERENCES } from '../core/profile.ts';
import { fixedClock } from '../server/test-support/clock.ts';
import { registerUser } from '../server/test-support/factories.ts';
import { startTestServer, type TestServer } from '../server/test-support/test-server.ts';
import {
  DESKTOP_ONLY,
  expectVisible,
  screenshot,
  submitLoginForm,
  suiteServer,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

const POLL = { timeout: 15_000 };
const DAY = 86_400_000;
/** The browser's zone (support/browser.ts), so the server's days and the page's agree. */
const ZONE = 'UTC';

describe.each(DESKTOP_ONLY)('the wellbeing medals (%s)', (viewport) => {
  const browser = useBrowser();
  // Today is the real today, so the page's own clock needs no moving; the first six days lie behind it.
  const today = Date.now();
  const clock = fixedClock(today);
  let server: TestServer;

  beforeAll(async () => {
    const weather = suiteServer().weatherUrl;
    server = await startTestServer(
      {
        webDir: inject('webDir'),
        weather: { forecastUrl: weather, archiveUrl: weather, geocodingUrl: weather, timeoutMs: 5_000 },
      },
      { clock },
    );
  });

  afterAll(async () => {
    await server.stop();
  });

  test('seven days in a row: the seventh day in the browser earns all three', async () => {
    const runner = await registerUser(server);
    for (let day = 6; day >= 1; day -= 1) {
      clock.set(today - day * DAY);
      const checkIn = await runner.client.post(
        `/api/wellbeing/check-ins?timeZone=${ZONE}`,
        DEFAULT_WELLBEING_PREFERENCES,
      );
      expect(checkIn.status).toBe(201);
      const exercise = (name: string) =>
        runner.client.post<ExerciseRecorded>(`/api/wellbeing/exercises?timeZone=${ZONE}`, { exercise: name });
      await exercise('breathing');
      const done = await exercise('stretching');
      expect(done.body.streaks).toEqual({ any: 7 - day, breathing: 7 - day, stretching: 7 - day });
    }
    clock.set(today);

    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await page.clock.install();
    await submitLoginForm(page, runner.credentials.email, runner.credentials.password);
    await waitForPath(page, '/dashboard');
    await page.goto('/medals');
    await expectVisible(page.getByRole('article', { name: 'Breathing Buddha, not yet earned' }));

    await page.goto('/training-goals');
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await expect.poll(() => page.getByTestId('today-score').textContent(), POLL).toMatch(/^Today: \d+ \/ 100/);

    await page.getByRole('button', { name: 'Start breathing' }).click();
    const breathing = page.getByRole('dialog', { name: 'Breathing' });
    await breathing.getByLabel('Cycles').click();
    await page.getByRole('option', { name: /^1 cycle/ }).click();
    await breathing.getByRole('button', { name: 'Start' }).click();
    await page.clock.fastForward(60_000);
    await expect
      .poll(() => breathing.getByTestId('exercise-done').textContent(), POLL)
      .toBe('Breathing done today · 7-day streak');
    await breathing.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Start stretching' }).click();
    const stretching = page.getByRole('dialog', { name: 'Stretching' });
    await stretching.getByRole('button', { name: 'Start' }).click();
    await page.clock.fastForward(10 * 60_000);
    await expect
      .poll(() => stretching.getByTestId('exercise-done').textContent(), POLL)
      .toBe('Stretching done today · 7-day streak');
    await stretching.getByRole('button', { name: 'Close' }).click();

    await page.goto('/medals');
    await expectVisible(page.getByText('3 of 27 earned'));
    await page.getByRole('group', { name: 'Show medals' }).getByRole('button', { name: 'Earned' }).click();
    for (const title of ['Wellbeing Streak', 'Breathing Buddha', 'Limber Limbs']) {
      await expectVisible(page.getByRole('article', { name: new RegExp(`^${title}, earned`) }));
    }
    await screenshot(page, `wellbeing-medals-earned-${viewport}`);
  });
});
