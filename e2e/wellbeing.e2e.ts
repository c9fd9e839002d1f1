/**
 * Wellbeing: the dashboard's readiness card asks for a check-in and
 * leads to Training & Goals; a check-in shows today's score and the trend; a one-cycle breathing
 * session (the page's clock fast-forwarded through it) is paused, resumed and finished, counts as
 * today's breathing, and shows as progress towards Breathing Buddha; the stretching routine steps
 * through its named stretches (next, skip) to the end; the readiness card reads the score.
 */
import { describe, expect, test } from 'vitest';
import { COACHING_TIPS } from '../core/wellbeing/coaching.ts';
import { READINESS_SENTENCES } from '../core/wellbeing/readiness.ts';
import {
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
  waitForPath,
  DESKTOP_ONLY,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const POLL = { timeout: 15_000 };

describe.each(DESKTOP_ONLY)('wellbeing (%s)', (viewport) => {
  const browser = useBrowser();

  test('check in, breathe for one cycle, and see the entry counted', async () => {
    const { page } = await browser.newPage(viewport);
    // Fake timers that still follow real time, so the test can jump through the breathing session.
    await page.clock.install();
    await signUpViaApi(page, newAccount());

    const readiness = page.getByTestId('readiness-card');
    await expectVisible(readiness.getByText(READINESS_SENTENCES.noData));
    await readiness.getByRole('link', { name: 'Check in' }).click();
    await waitForPath(page, '/training-goals');
    await expectVisible(heading(page, 'Goals & Training'));
    await expectVisible(page.getByText('Check in to start your trend.'));
    await screenshot(page, `wellbeing-new-${viewport}`);

    // A daily reminder from midnight, with a recovery focus: the dashboard asks for today's check-in.
    await page.getByLabel('Daily check-in reminder').click();
    await page.getByLabel('Reminder time').fill('00:00');
    await page.getByLabel('Focus').click();
    await page.getByRole('option', { name: 'Recovery' }).click();
    await page.getByRole('button', { name: 'Save coaching settings' }).click();
    await expectVisible(page.getByText('Saved.'));
    await page.goto('/dashboard');
    await expectVisible(readiness.getByText('It is past 00:00, your check-in time: how are you today?'));
    await expectVisible(readiness.getByText(COACHING_TIPS.recovery.unknown));
    await screenshot(page, `wellbeing-reminder-${viewport}`);
    await readiness.getByRole('link', { name: 'Check in' }).click();
    await waitForPath(page, '/training-goals');

    // Everything at the defaults but a poor night: 78 − 20 = 58.
    await page.getByRole('group', { name: 'Sleep quality' }).getByRole('button', { name: 'Low' }).click();
    await page.getByLabel('Note (optional)').fill('Short night, legs fine.');
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await expect.poll(() => page.getByTestId('today-score').textContent(), POLL).toBe('Today: 58 / 100 · Below par');
    // The chip is coloured by the score's band (core scoreBand), as on the dashboard.
    expect(await page.getByTestId('today-score').getAttribute('class')).toContain('MuiChip-colorWarning');
    await expectVisible(page.getByTestId('wellbeing-trend').locator('svg.recharts-surface'));
    await screenshot(page, `wellbeing-checked-in-${viewport}`);

    await page.getByRole('button', { name: 'Start breathing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Breathing' });
    await dialog.getByRole('button', { name: 'Box breathing (4-4-4-4)' }).click();
    await dialog.getByLabel('Cycles').click();
    await page.getByRole('option', { name: /^1 cycle/ }).click();
    await dialog.getByRole('button', { name: 'Start' }).click();
    const phase = dialog.getByTestId('breathing-phase');
    await expect.poll(() => phase.textContent(), POLL).toBe('Breathe in');
    await page.clock.fastForward(5_000);
    await expect.poll(() => phase.textContent(), POLL).toBe('Hold');
    await screenshot(page, `wellbeing-breathing-${viewport}`);
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => phase.textContent(), POLL).toBe('Paused');
    // Paused time does not count: still holding after it is resumed.
    await page.clock.fastForward(30_000);
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => phase.textContent(), POLL).toBe('Hold');
    await page.clock.fastForward(12_000);
    await expect
      .poll(() => dialog.getByTestId('exercise-done').textContent(), POLL)
      .toBe('Breathing done today · 1-day streak');
    await screenshot(page, `wellbeing-breathing-done-${viewport}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => page.getByTestId('breathing-status').textContent(), POLL)
      .toBe('Breathing done today · 1-day streak');

    // Stretching: named stretches with how to do them; next goes to the other side, skip to the next stretch.
    await page.getByRole('button', { name: 'Start stretching' }).click();
    const routine = page.getByRole('dialog', { name: 'Stretching' });
    await routine.getByRole('button', { name: 'Start' }).click();
    const stretch = routine.getByTestId('stretch-name');
    await expect.poll(() => stretch.textContent(), POLL).toBe('Calf stretch');
    await expectVisible(routine.getByText('Stretch 1 of 7 · Left side'));
    await routine.getByRole('button', { name: 'Next' }).click();
    await expectVisible(routine.getByText('Stretch 1 of 7 · Right side'));
    await routine.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => stretch.textContent(), POLL).toBe('Standing hamstring stretch');
    await screenshot(page, `wellbeing-stretching-${viewport}`);
    await page.clock.fastForward(10 * 60_000);
    await expect
      .poll(() => routine.getByTestId('exercise-done').textContent(), POLL)
      .toBe('Stretching done today · 1-day streak');
    await routine.getByRole('button', { name: 'Close' }).click();

    await page.goto('/medals');
    await expectVisible(page.getByText('1 of 7 breathing days in a row'));
    await expectVisible(page.getByText('1 of 7 stretching days in a row'));
    await page.goto('/dashboard');
    await expectVisible(page.getByTestId('readiness-card').getByText('Wellbeing 58 / 100 · Below par'));
    expect(await page.getByTestId('readiness-score').getAttribute('class')).toContain('MuiChip-colorWarning');
    await expectVisible(page.getByTestId('readiness-card').getByText(READINESS_SENTENCES.easyLowScore));
    await expectVisible(page.getByTestId('readiness-card').getByText(COACHING_TIPS.recovery['hold-back']));
    await expectHidden(page.getByTestId('check-in-reminder'));
    await screenshot(page, `wellbeing-dashboard-${viewport}`);
  });
});
