/**
 * Deleting an activity and undoing it: the runner opens a run from the list, deletes it, is back
 * on the list with "Activity deleted · Undo", and Undo brings the run back with its gear's
 * distance and the medal it earned.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ACTIVITY_UNDO_TEXTS } from '../core/activity/activity-undo.ts';
import type { Gear, GearList } from '../core/gear.ts';
import type { TrophyCase } from '../core/medals/api.ts';
import {
  DESKTOP_ONLY,
  expectHidden,
  expectVisible,
  heading,
  newAccount,
  screenshot,
  useBrowser,
  waitForPath,
} from './support/browser.ts';
import { signUpViaApi, uploadViaApi } from './support/api.ts';

const LAKE = readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/real/cerknicko-jezero.gpx'));

describe.each(DESKTOP_ONLY)('undoing a deletion (%s)', (viewport) => {
  const browser = useBrowser();

  test('delete from the activity, land back on the list, undo: the run, its gear distance and medals are back', async () => {
    const { page } = await browser.newPage(viewport);
    const { client } = await signUpViaApi(page, newAccount({ name: 'Una Undo' }), { path: '/activities' });
    const shoe = (await client.post<Gear>('/api/gear', { kind: 'shoe', name: 'Pegasus' })).body;
    expect((await client.put('/api/gear/defaults', { type: 'run', gearId: shoe.id })).status).toBe(200);
    const [lake] = await uploadViaApi(client, [{ name: 'lake.gpx', content: LAKE }]);
    const id = lake?.activityId ?? '';
    const gear = async () => (await client.get<GearList>('/api/gear')).body.gear.find((item) => item.id === shoe.id);
    const medalsOf = async () =>
      (await client.get<TrophyCase>('/api/medals')).body.medals
        .filter((medal) => medal.activityId === id)
        .map((medal) => medal.medalId);
    const before = { gear: await gear(), medals: await medalsOf() };
    expect(before.gear?.activityCount).toBe(1);
    expect(before.medals.length).toBeGreaterThan(0);

    await page.reload();
    const table = page.getByRole('table', { name: 'Activities' });
    const row = table.getByRole('link', { name: /Afternoon Run/ });
    await row.first().click();
    await expectVisible(heading(page, 'Afternoon Run'));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

    // Back where the runner came from, with the offer to undo; the run has left the list.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/activities');
    const offer = page.getByRole('alert').filter({ hasText: ACTIVITY_UNDO_TEXTS.deleted });
    await expectVisible(offer);
    await expectHidden(row);
    expect(await page.getByText('Activity not found.').count()).toBe(0);
    expect((await gear())?.activityCount).toBe(0);
    await screenshot(page, `activity-undo-${viewport}`);

    await offer.getByRole('button', { name: ACTIVITY_UNDO_TEXTS.undo }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: ACTIVITY_UNDO_TEXTS.restored }));
    await expectVisible(row.first());
    expect({ gear: await gear(), medals: await medalsOf() }).toEqual(before);
    await row.first().click();
    await waitForPath(page, `/activities/${id}`);
    await expectVisible(heading(page, 'Afternoon Run'));
  });
});
