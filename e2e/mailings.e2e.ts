/**
 * Mail in the browser: without SMTP, Account says next to the mail
 * switches that this server sends no mail; a mail's unsubscribe link opens a page that asks first,
 * and its button turns the preference off.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { NO_MAIL_NOTE, UNSUBSCRIBE_MESSAGES } from '../core/mailings/mail-preferences.ts';
import type { Profile } from '../core/profile.ts';
import { registerUser } from '../server/test-support/factories.ts';
import { startTestServer, type TestServer } from '../server/test-support/test-server.ts';
import {
  DESKTOP_ONLY,
  expectVisible,
  heading,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

describe('mail preferences and unsubscribe', () => {
  const browser = useBrowser();
  let server: TestServer;

  beforeAll(async () => {
    // No SMTP_URL: this server sends no mail.
    server = await startTestServer({ webDir: inject('webDir') });
  });

  afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of DESKTOP_ONLY) {
    test(`Account says this server sends no mail, next to both switches (${viewport})`, async () => {
      const runner = await registerUser(server);
      const { page } = await browser.newPage(viewport, { baseUrl: server.url });
      await submitLoginForm(page, runner.credentials.email, runner.credentials.password);
      await waitForPath(page, '/dashboard');
      await page.goto('/account');
      await expectVisible(heading(page, 'Account Settings'));
      const note = page.getByText(NO_MAIL_NOTE, { exact: true });
      await expectVisible(note);
      expect(await note.textContent()).toBe('This server sends no mail, so these settings have no effect here.');
      for (const name of ['E-mail notifications', 'Weekly report']) {
        const toggle = page.getByRole('switch', { name, exact: true }).or(page.getByRole('checkbox', { name }));
        expect(await toggle.first().getAttribute('aria-describedby')).toBe('no-mail-note');
      }
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, `mailings account no mail ${viewport}`);
    });

    test(`the unsubscribe link asks first, and its button turns the weekly report off (${viewport})`, async () => {
      const runner = await registerUser(server);
      const link = new URL(server.services.mail.unsubscribeUrl({ userId: runner.id, preference: 'weeklyReport' }));
      const { page } = await browser.newPage(viewport, { baseUrl: server.url });
      await page.goto(`${link.pathname}${link.search}`);
      await expectVisible(page.getByText(UNSUBSCRIBE_MESSAGES.confirm('weeklyReport'), { exact: true }));
      await screenshot(page, `mailings unsubscribe confirm ${viewport}`);
      // Opening the page changed nothing.
      const before = await runner.client.get<Profile>('/api/profile');
      expect(before.body.preferences.weeklyReport).toBe(true);

      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expectVisible(
        page.getByText('You will no longer get the weekly report. You can turn "Weekly report" on again in Account.', {
          exact: true,
        }),
      );
      await screenshot(page, `mailings unsubscribe done ${viewport}`);
      const after = await runner.client.get<Profile>('/api/profile');
      expect(after.body.preferences).toMatchObject({ weeklyReport: false, emailNotifications: true });
    });
  }
});
