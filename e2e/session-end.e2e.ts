/**
 * Spec §4 "Signed-in state": a session that is disabled or expires while the page is open signs the
 * runner out at the next request, and the sign-in page says why.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, test } from 'vitest';
import { SESSION_END_MESSAGES } from '../core/session.ts';
import { registerUser } from '../server/test-support/factories.ts';
import { startTestServer, type TestServer } from '../server/test-support/test-server.ts';
import {
  DESKTOP_ONLY,
  type ViewportName,
  expectVisible,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

describe('a session that ends without the runner asking', () => {
  const browser = useBrowser();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ webDir: inject('webDir') });
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function signedInOnDashboard(viewport: ViewportName) {
    const runner = await registerUser(server);
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await submitLoginForm(page, runner.credentials.email, runner.credentials.password);
    await waitForPath(page, '/dashboard');
    return { runner, page };
  }

  /**
   * Opens Charts, whose data request the server refuses, and waits for the sign-in page. A request
   * the dashboard still had under way may be refused first and take the runner there before the
   * click lands; either way the runner must end on /login.
   */
  async function openChartsOrLand(page: Page) {
    // Not awaited: once the page has gone to /login the link is gone, and the click's retries end with it.
    void page
      .getByRole('link', { name: 'Weeks, months and pace in Charts' })
      .click()
      .catch(() => undefined);
    await waitForPath(page, '/login');
  }

  for (const viewport of DESKTOP_ONLY) {
    test(`a disabled account is signed out with the sentence saying so (${viewport})`, async () => {
      const { runner, page } = await signedInOnDashboard(viewport);
      await server.services.accounts.setDisabled(runner.id, true);
      // The next request (the charts' data) is refused: the runner lands on the sign-in page.
      await openChartsOrLand(page);
      await expectVisible(page.getByRole('alert').getByText(SESSION_END_MESSAGES.disabled, { exact: true }));
      await screenshot(page, `session end disabled ${viewport}`);
    });

    test(`an expired session is signed out with the sentence saying so (${viewport})`, async () => {
      const { runner, page } = await signedInOnDashboard(viewport);
      await server.database.db
        .updateTable('authSessions')
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where('userId', '=', runner.id)
        .execute();
      await openChartsOrLand(page);
      await expectVisible(page.getByRole('alert').getByText(SESSION_END_MESSAGES.expired, { exact: true }));
      await screenshot(page, `session end expired ${viewport}`);
    });
  }
});
