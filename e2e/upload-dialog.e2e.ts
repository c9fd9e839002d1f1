/**
 * The upload dialog at desktop and phone width: each chosen file reads "Ready" before Upload;
 * choosing files again replaces the list; a file of an unsupported format fails on its own row
 * with the spec's sentence while the others upload; a gzipped FIT file (as Strava's and Garmin's
 * exports hold them) imports like the plain one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { UPLOAD_MESSAGES } from '../core/activity/upload-rules.ts';
import { VIEWPORT_NAMES, expectVisible, heading, newAccount, screenshot, useBrowser } from './support/browser.ts';
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
