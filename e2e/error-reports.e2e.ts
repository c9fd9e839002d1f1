/**
 * The error queue in the browser (spec §8): an uncaught error of the page and going offline are
 * reported to Stride's own server, in the queue's batch shape, once the browser is back online.
 */
import { describe, expect, test } from 'vitest';
import type { ErrorReport } from '../core/error-report-schemas.ts';
import { expectVisible, useBrowser } from './support/browser.ts';

const THROWN = 'Stride browser test: an error thrown on purpose';

describe('error reports', () => {
  const browser = useBrowser();

  test('an uncaught error and the lost connection reach the server when the browser is back online', async () => {
    const { page, context } = await browser.newPage('desktop');
    await page.goto('/login');
    await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
    // Thrown from a timer, outside any handler: only the global handler sees it.
    await page.evaluate(
      (message) =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            setTimeout(resolve, 0);
            throw new Error(message);
          }, 0);
        }),
      THROWN,
    );
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/errors'));
    await context.setOffline(true);
    await context.setOffline(false);
    const body = (await sent).postDataJSON() as { reports: ErrorReport[] };
    expect(body.reports).toEqual([
      expect.objectContaining({ type: 'unknown_error', severity: 'high', message: THROWN, path: '/login' }),
      expect.objectContaining({ type: 'network_error', severity: 'medium', message: 'Network connection lost' }),
    ]);
    expect((await (await sent).response())?.status()).toBe(202);
    expect(body.reports[0]?.id).toMatch(/^err_\d+_[a-z0-9]{8}$/);
  });
});
