/**
 * Account → "Download my data": a runner with one uploaded run asks for
 * the ZIP, sees it being prepared, then downloads it through the browser; the ZIP holds the
 * original file, its track, activities.csv, Stride's JSON and the versioned manifest; imported
 * back into the same account (desktop) it adds nothing; the Data Deletion Policy tells of the export.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARCHIVE_SCREEN_TEXTS } from '../core/activity/archive-rules.ts';
import { DATA_EXPORT_POLICY_TEXT, DATA_EXPORT_TEXTS } from '../core/data-export.ts';
import { readZipEntries } from '../server/test-support/zip-entries.ts';
import {
  DESKTOP_ONLY,
  VIEWPORTS,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
} from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/real');
const FIXTURE = 'cerknicko-jezero.gpx';
/** A wait for the server's background job, not a speed target: the queue takes its turn on a loaded machine. */
const BUILD_WAIT_MS = 60_000;

describe('Download my data', () => {
  const browser = useBrowser();

  test('ask, wait while it is prepared, download the ZIP', { timeout: 240_000 }, async () => {
    for (const viewport of DESKTOP_ONLY) {
      const { page } = await browser.newPage(viewport);
      // The brief's widths: 1280×900 on a desktop, 390×844 on a phone.
      await page.setViewportSize(viewport === 'desktop' ? { width: 1280, height: 900 } : VIEWPORTS.mobile);
      const { client } = await signUpViaApi(page, newAccount({ name: 'Paula Radcliffe' }));
      await expectVisible(heading(page, 'Hi, Paula'));
      await uploadViaApi(client, [{ name: FIXTURE, content: readFileSync(path.join(FIXTURES, FIXTURE)) }]);

      await page.goto('/account');
      const card = page.locator('#data-export');
      await expectVisible(card.getByRole('heading', { name: DATA_EXPORT_TEXTS.title }));
      const requestedAt = Date.now();
      await card.getByRole('button', { name: DATA_EXPORT_TEXTS.request }).click();
      await expectVisible(card.getByText(DATA_EXPORT_TEXTS.preparing));
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `data-export-${viewport}-preparing`);

      const downloadLink = card.getByRole('link', { name: /^Download \(\d+(\.\d)? MB\) — available until / });
      await expectVisible(downloadLink, BUILD_WAIT_MS);
      // Kept 7 days: the last day is a week from the day it was built, a day between the request and
      // the link showing (both the same day unless midnight UTC fell in between).
      const weekAfter = (time: number) =>
        new Date(time + 7 * 24 * 3600 * 1000).toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        });
      const lastDays = new Set([weekAfter(requestedAt), weekAfter(Date.now())]);
      const linkText = await downloadLink.innerText();
      expect([...lastDays].some((day) => linkText.includes(`available until ${day}`))).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `data-export-${viewport}-ready`);

      const download = page.waitForEvent('download');
      await downloadLink.click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^stride-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const chunks: Buffer[] = [];
      for await (const chunk of await file.createReadStream()) {
        chunks.push(chunk as Buffer);
      }
      const names = [...(await readZipEntries(new Uint8Array(Buffer.concat(chunks)))).keys()];
      expect(names).toHaveLength(14);
      expect(names[0]).toBe('activities.csv');
      expect(names[1]).toMatch(/^stride\/tracks\/[\w-]+\.track$/);
      expect(names[2]).toMatch(/^activities\/[\w-]+\.gpx\.gz$/);
      expect(names.slice(3)).toEqual([
        'stride/activities.json',
        'stride/profile.json',
        'stride/goals.json',
        'stride/plans.json',
        'stride/check-ins.json',
        'stride/wellbeing.json',
        'stride/medals.json',
        'stride/routes.json',
        'stride/gear.json',
        'stride/records.json',
        'stride/manifest.json',
      ]);

      if (viewport === 'desktop') {
        // Imported into the account it came from: the run and the records are there already.
        await page.goto('/activities');
        await page.getByRole('button', { name: 'Upload activities' }).first().click();
        await page.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.open }).click();
        const dialog = page.getByRole('dialog', { name: ARCHIVE_SCREEN_TEXTS.title });
        await dialog
          .getByLabel(ARCHIVE_SCREEN_TEXTS.fileLabel)
          .setInputFiles([
            { name: file.suggestedFilename(), mimeType: 'application/zip', buffer: Buffer.concat(chunks) },
          ]);
        await dialog.getByRole('button', { name: ARCHIVE_SCREEN_TEXTS.start, exact: true }).click();
        await expectVisible(dialog.getByText('Import finished: 0 imported, 2 duplicates, 0 refused.'), BUILD_WAIT_MS);
      }

      // The Data Deletion Policy says the export exists and what it holds.
      await page.goto('/data-deletion-policy');
      await expectVisible(page.getByRole('heading', { name: 'Taking your data with you' }));
      await expectVisible(page.getByText(DATA_EXPORT_POLICY_TEXT));
    }
  });
});
