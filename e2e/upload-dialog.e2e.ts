/**
 * The upload dialog at desktop and phone width: each chosen file reads "Ready" before Upload;
 * choosing files again replaces the list; a file of an unsupported format fails on its own row
 * with the spec's sentence while the others upload; a gzipped FIT file (as Strava's and Garmin's
 * exports hold them) imports like the plain one; a file without any date uploaded alone makes the
 * dialog ask for its start, and it is imported with that start, listed as not counted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { ActivityPage } from '../core/activity/schemas.ts';
import { UNTIMED_TEXTS } from '../core/activity/untimed.ts';
import { UPLOAD_DATE_TEXTS, UPLOAD_MESSAGES } from '../core/activity/upload-rules.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  VIEWPORT_NAMES,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

describe.each(VIEWPORT_NAMES)('upload dialog (%s)', (viewport) => {
  const browser = useBrowser();

  test('Ready rows, choosing again replaces, an unsupported file fails alone, a .fit.gz imports', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Gzip Runner' }));
    await expectVisible(heading(page, 'Hi, Gzip'));

    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    const picker = dialog.getByLabel('Activity files');
    const rowNames = async () =>
      Promise.all((await dialog.getByRole('listitem').all()).map((item) => item.getAttribute('aria-label')));

    await picker.setInputFiles([
      { name: 'first-choice.gpx', mimeType: 'application/gpx+xml', buffer: fixture('korita-zbevnica.gpx') },
    ]);
    await expect.poll(rowNames).toEqual(['first-choice.gpx']);

    await picker.setInputFiles([
      { name: 'lake.gpx', mimeType: 'application/gpx+xml', buffer: fixture('cerknicko-jezero.gpx') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a run') },
      {
        name: 'watch.fit.gz',
        mimeType: 'application/gzip',
        buffer: gzipSync(fixture('running-with-developer-data.fit')),
      },
    ]);
    // The second choice replaces the first: no appended rows, no duplicate-name warning.
    await expect.poll(rowNames).toEqual(['lake.gpx', 'notes.txt', 'watch.fit.gz']);
    await expect.poll(() => dialog.getByTestId('upload-state').allInnerTexts()).toEqual(['Ready', 'Error', 'Ready']);
    await expectVisible(dialog.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.unsupportedFormat(2) }));
    expect(UPLOAD_MESSAGES.unsupportedFormat(2)).toBe(
      'File 2 has unsupported format. Supported: .gpx, .fit, .tcx, .gpx.gz, .fit.gz, .tcx.gz',
    );
    await screenshot(page, `upload-dialog-${viewport}-ready`);

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('2 imported, 1 failed.'));
    await expect
      .poll(() => dialog.getByTestId('upload-state').allInnerTexts())
      .toEqual(['Complete', 'Error', 'Complete']);
    await screenshot(page, `upload-dialog-${viewport}-done`);
  });
});

describe.each(DESKTOP_ONLY)('upload dialog: a file without any date (%s)', (viewport) => {
  const browser = useBrowser();

  test('asks for the start of a file without a date uploaded alone, and imports it with that start', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Route Runner' }));
    await expectVisible(heading(page, 'Hi, Route'));
    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    expect(fixture('route.gpx').toString('utf8')).not.toContain('<time>');
    await dialog
      .getByLabel('Activity files')
      .setInputFiles([{ name: 'route.gpx', mimeType: 'application/gpx+xml', buffer: fixture('route.gpx') }]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    await expectVisible(dialog.getByText(UPLOAD_MESSAGES.needsDate));
    const prompt = dialog.getByRole('form', { name: UPLOAD_DATE_TEXTS.prompt });
    await expectVisible(prompt);
    await screenshot(page, `upload-dialog-${viewport}-asks-date`);
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'upload-dialog-mobile-asks-date');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The browser runs in UTC: 09:15 on 1 March entered is 09:15 UTC.
    await prompt.getByLabel(UPLOAD_DATE_TEXTS.date).fill('2026-03-01');
    await prompt.getByLabel(UPLOAD_DATE_TEXTS.time).fill('09:15');
    await prompt.getByRole('button', { name: UPLOAD_DATE_TEXTS.submit }).click();
    await expect.poll(() => dialog.getByTestId('upload-state').allInnerTexts()).toEqual(['Complete']);
    await expect.poll(() => prompt.count()).toBe(0);
    const list = (await (await page.request.get('/api/activities?limit=10')).json()) as ActivityPage;
    expect(list.items.map((item) => [item.originalFilename, item.startDate])).toEqual([
      ['route.gpx', new Date(Date.UTC(2026, 2, 1, 9, 15)).toISOString()],
    ]);

    // Without times it counts in no total, and the list says so.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.goto('/activities');
    await expectVisible(page.getByText(UNTIMED_TEXTS.chip, { exact: true }));
    await screenshot(page, `activities-${viewport}-not-counted`);
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'activities-mobile-not-counted');
  });
});

describe.each(DESKTOP_ONLY)('upload dialog: retries (%s)', (viewport) => {
  const browser = useBrowser();

  test('an upload answered 503 twice says it retries, then imports the file once', async () => {
    const { page } = await browser.newPage(viewport);
    await signUpViaApi(page, newAccount({ name: 'Retry Runner' }));
    await expectVisible(heading(page, 'Hi, Retry'));
    // The server's first two answers are 503s; the third request reaches it.
    let answered503 = 0;
    await page.route('**/api/activities/uploads', async (route) => {
      if (answered503 < 2) {
        answered503 += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { type: 'api_error', message: 'Service unavailable' } }),
        });
      } else {
        await route.continue();
      }
    });

    await page.getByRole('button', { name: 'Upload activities' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Activity files')
      .setInputFiles([{ name: 'lake.gpx', mimeType: 'application/gpx+xml', buffer: fixture('cerknicko-jezero.gpx') }]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const notice = dialog.getByRole('status').filter({ hasText: 'The server answered 503.' });
    await expectVisible(notice);
    await expect
      .poll(() => notice.textContent())
      .toMatch(
        /^The server answered 503\. Trying again in [12] s — uploads are retried for up to 2 minutes per file and 10 minutes in all\.$/,
      );
    await screenshot(page, `upload-dialog-${viewport}-retrying`);

    await expect.poll(() => dialog.getByTestId('upload-state').allInnerTexts()).toEqual(['Complete']);
    await expectVisible(dialog.getByText('1 imported.'));
    expect(answered503).toBe(2);
    await expect.poll(() => notice.count()).toBe(0);
    const list = (await (await page.request.get('/api/activities?limit=10')).json()) as ActivityPage;
    expect(list.items.map((item) => item.originalFilename)).toEqual(['lake.gpx']);
  });
});
