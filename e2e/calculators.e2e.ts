/**
 * The calculators page for a visitor: pace from a distance and a time, predictions, the sentence
 * under a bad input, and the state carried by the URL into a new page.
 */
import { describe, expect, test } from 'vitest';
import { pageTitleForPath } from '../core/product.ts';
import { PACE_INPUT_ERRORS } from '../core/running/pace.ts';
import { DESKTOP_ONLY, currentPath, expectVisible, heading, screenshot, useBrowser } from './support/browser.ts';

describe.each(DESKTOP_ONLY)('calculators (%s)', (viewport) => {
  const browser = useBrowser();

  test('a visitor works out a pace, sees predictions and shares the result by link', async () => {
    const { page, context } = await browser.newPage(viewport);
    await page.goto('/calculators');
    await expectVisible(heading(page, pageTitleForPath('/calculators')));

    await page.getByLabel('Distance', { exact: true }).fill('10K');
    await page.getByLabel('Time', { exact: true }).fill('45:00');
    await expect.poll(() => page.getByTestId('result-pace').textContent()).toBe('4:30/km · 7:15/mi');
    await expectVisible(page.getByRole('table', { name: 'Predictions' }));
    const halfRow = page.getByRole('table', { name: 'Predictions' }).getByRole('row', { name: /Half marathon/ });
    // Riegel: 2700 × 2.10975^1.06 = 5957.3 s.
    await expectVisible(halfRow.getByRole('cell', { name: '1:39:17' }));
    await expectVisible(page.getByTestId('vdot'));
    await screenshot(page, `calculators-result-${viewport}`);

    expect(currentPath(page, true)).toBe('/calculators?d=10K&t=45%3A00');
    const shared = await context.newPage();
    await shared.goto(currentPath(page, true));
    await expect.poll(() => shared.getByTestId('result-pace').textContent()).toBe('4:30/km · 7:15/mi');
    await expect.poll(() => shared.getByLabel('Distance', { exact: true }).inputValue()).toBe('10K');

    await page.getByLabel('Time', { exact: true }).fill('45 minutes');
    await expectVisible(page.getByText(PACE_INPUT_ERRORS.time));
    await expectVisible(page.getByText(PACE_INPUT_ERRORS.missing));
    await screenshot(page, `calculators-error-${viewport}`);
  });
});
