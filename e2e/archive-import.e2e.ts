/**
 * The upload screen's archive import: a runner opens "Import an export
 * archive" from the upload dialog, sends a ZIP of two GPX files, an empty file and an activities.csv
 * naming one of them (a file that is not a ZIP first, refused with the server's sentence), follows the import to its report (2 imported, the empty file refused with
 * its sentence behind "see why"), and finds the named activity in the list.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARCHIVE_MESSAGES, ARCHIVE_SCREEN_TEXTS } from '../core/activity/archive-rules.ts';
import { buildArchive } from '../server/test-support/archives.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
/** A wait for the server's background job, not a speed target: the queue takes its turn on a loaded machine. */
const IMPORT_WAIT_MS = 60_000;
const NAMED = 'Lake loop from the archive';

const CSV = [
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Activity Gear,Filename,Elapsed Time,Moving Time,Distance',
  `1,"Oct 1, 2026, 6:00:00 AM",${NAMED},Run,,600,1.8,,,activities/lake.gpx,600,600,1800`,
].join('\n');

describe('Import an export archive', () => {
  const browser = useBrowser();

  test('send a ZIP, follow it to the report, find its activity', { timeout: 240_000 }, async () => {
    const archive = await buildArchive([
      { name: 'activities.csv', content: CSV },
      { name: 'activities/lake.gpx', content: fixture('cerknicko-jezero.gpx') },
      { name: 'activities/korita.gpx', content: fixture('korita-zbevnica.gpx') },
      { name: 'activities/empty.gpx', content: '' },
    ]);
    for (const viewport of DESKTOP_ONLY) {
      const { page } = await browser.newPage(viewport);
      await page.setViewportSize(viewport === 'desktop' ? { width: 1280, height: 900 } : VIEWPORTS.mobile);
      await signUpViaApi(page, newAccount({ name: 'Archive Runner' }));
      await expectVisible(heading(page, 'Hi, Archive'));
      await page.goto('/activities');

      await page.getByRole('button', { name: 'Upload activities' }).first().click();
      await expectVisible(page.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.open }));
      await screenshot(page, `archive-import-${viewport}-entry`);
      await page.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.open }).click();
      const dialog = page.getByRole('dialog', { name: ARCHIVE_SCREEN_TEXTS.title });
      await expectVisible(dialog.getByText(ARCHIVE_SCREEN_TEXTS.intro));
      // A file that is not a ZIP: the server's sentence, and nothing queued.
      await dialog
        .getByLabel(ARCHIVE_SCREEN_TEXTS.fileLabel)
        .setInputFiles([{ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('just some notes') }]);
      await dialog.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.start, exact: true }).click();
      await expectVisible(dialog.getByRole('alert').getByText(ARCHIVE_MESSAGES.notZip, { exact: true }));
      await dialog
        .getByLabel(ARCHIVE_SCREEN_TEXTS.fileLabel)
        .setInputFiles([{ name: 'strava-export.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) }]);
      await expectVisible(dialog.getByText('strava-export.zip'));
      await screenshot(page, `archive-import-${viewport}-chosen`);
      await dialog.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.start, exact: true }).click();

      await expectVisible(dialog.getByText('Import finished: 2 imported, 0 duplicates, 1 refused.'), IMPORT_WAIT_MS);
      await expectVisible(dialog.getByText('3 of 3 files, 1 refused'));
      await dialog.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.seeWhy }).click();
      const refused = dialog.getByRole('list', { name: ARCHIVE_SCREEN_TEXTS.refusedList });
      const rows = refused.getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(1);
      await expectVisible(rows.first().getByText('activities/empty.gpx', { exact: true }));
      await expectVisible(rows.first().getByText(ARCHIVE_MESSAGES.entryEmpty, { exact: true }));
      await screenshot(page, `archive-import-${viewport}-report`);

      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('dialog', { name: 'Upload activities' }).getByRole('button', { name: 'Cancel' }).click();
      // The import's end refreshed the list behind the dialogs.
      await expectVisible(page.getByText(NAMED).first());
      await screenshot(page, `archive-import-${viewport}-list`);
    }
  });
});
