/**
 * "Download my data" and back: runner A's export ZIP (built by the real job, downloaded over HTTP)
 * imported through the archive import into a fresh runner B gives B the same activities (real
 * files, a manual entry, a renamed and re-typed upload), the same totals and the same gear, as the
 * API answers them to each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import type { DataExportStatus } from '../../core/data-export.ts';
import type { Gear, GearList } from '../../core/gear.ts';
import { uploadArchive, waitForArchive } from '../test-support/archives.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { waitUntil } from '../test-support/strava.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const ZONE = 'Europe/Ljubljana';
/** A wait for the background jobs, not a speed target. */
const JOB_WAIT_MS = 60_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function upload(runner: RegisteredUser, name: string): Promise<string> {
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name, content: readFileSync(path.join(FIXTURES, name)) }],
    ZONE,
  );
  const [final] = finalFileEvents(result.events);
  expect(final, final?.message).toMatchObject({ state: 'complete', duplicate: false });
  return final?.activityId as string;
}

async function addGear(runner: RegisteredUser, body: object): Promise<string> {
  const response = await runner.client.post<Gear>('/api/gear', body);
  expect(response.status).toBe(201);
  return response.body.id;
}

async function edit(runner: RegisteredUser, id: string, body: object): Promise<void> {
  const response = await runner.client.patch<ActivityDetail>(`/api/activities/${id}`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** The activities as the list answers them, oldest first. */
async function activities(runner: RegisteredUser) {
  const page = await runner.client.get<ActivityPage>('/api/activities?limit=200');
  expect(page.status).toBe(200);
  return page.body.items
    .map((item) => ({
      name: item.name,
      type: item.type,
      startDate: item.startDate,
      startDateLocal: item.startDateLocal,
      distance: item.distance,
      movingTime: item.movingTime,
      elapsedTime: item.elapsedTime,
      elevationGain: item.elevationGain,
    }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

async function totals(runner: RegisteredUser) {
  const answer = await runner.client.get<SportTotals>('/api/activities/totals');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Each gear's own fields and distance, by name. */
async function gear(runner: RegisteredUser) {
  const answer = await runner.client.get<GearList>('/api/gear');
  expect(answer.status).toBe(200);
  return answer.body.gear
    .map((item) => ({
      name: item.name,
      kind: item.kind,
      brand: item.brand,
      startingDistance: item.startingDistance,
      retirementDistance: item.retirementDistance,
      retired: item.retired,
      distance: item.distance,
      activityCount: item.activityCount,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function exportZip(runner: RegisteredUser): Promise<Uint8Array> {
  expect((await runner.client.post('/api/account/data-export')).status).toBe(200);
  const ready = await waitUntil(
    async () => {
      const current = (await runner.client.get<DataExportStatus>('/api/account/data-export')).body.export;
      return current?.state === 'ready' || current?.state === 'failed' ? current : undefined;
    },
    'the data export to be built',
    JOB_WAIT_MS,
  );
  expect(ready.state).toBe('ready');
  const answer = await fetch(`${server.url}${ready.downloadPath ?? ''}`, {
    headers: { cookie: [...runner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  expect(answer.status).toBe(200);
  return new Uint8Array(await answer.arrayBuffer());
}

describe('an export imported into a fresh account', () => {
  it('gives the same activities, totals and gear', { timeout: 180_000 }, async () => {
    const a = await registerUser(server);
    const pegasus = await addGear(a, {
      kind: 'shoe',
      name: 'Pegasus 40',
      brand: 'Nike',
      startDate: '2010-01-01',
      startingDistance: 120_000,
    });
    const canyon = await addGear(a, { kind: 'bike', name: 'Canyon', retirementDistance: 20_000_000 });
    await addGear(a, { kind: 'shoe', name: 'Old racers', startingDistance: 650_000 });
    // The default for runs: the runs get it without being given a gear (three with the strength session).
    expect((await a.client.put('/api/gear/defaults', { type: 'run', gearId: pegasus })).status).toBe(200);

    await upload(a, 'korita-zbevnica.gpx');
    const drills = await upload(a, 'garmin-stamina.fit');
    const ride = await upload(a, 'test.fit');
    const lake = await upload(a, 'cerknicko-jezero.gpx');
    await edit(a, ride, { gearId: canyon });
    // Renamed and re-typed: the walk round the lake.
    await edit(a, lake, { name: 'Lake walk, "slow"', type: 'walk' });
    // Re-typed to a sport Strava's layout has no word for: written "Workout", read back as other.
    await edit(a, drills, { type: 'other' });
    const manual = await a.client.post<{ id: string }>('/api/activities/manual', {
      type: 'other',
      name: 'Strength, legs',
      distance: 1234,
      movingTime: 2700,
      elapsedTime: 3000,
      startDateLocal: '2026-11-20T18:30',
      timeZone: ZONE,
      gearId: pegasus,
    });
    expect(manual.status).toBe(201);
    const manualRun = await a.client.post<{ id: string }>('/api/activities/manual', {
      type: 'run',
      name: 'Treadmill',
      distance: 8000,
      movingTime: 2400,
      startDateLocal: '2026-11-21T07:00',
      timeZone: ZONE,
    });
    expect(manualRun.status).toBe(201);

    const zip = await exportZip(a);
    const b = await registerUser(server);
    expect((await uploadArchive(server, b.client, zip, 'stride-data.zip', ZONE)).status).toBe(202);
    const report = await waitForArchive(b.client, JOB_WAIT_MS);
    expect(report).toMatchObject({ status: 'done', imported: 6, duplicates: 0, refused: 0, message: null });

    const fromA = await activities(a);
    expect(fromA).toHaveLength(6);
    expect(fromA.map((item) => item.type).sort()).toEqual(['other', 'other', 'ride', 'run', 'run', 'walk']);
    expect(fromA.map((item) => item.name)).toContain('Lake walk, "slow"');
    expect(await activities(b)).toEqual(fromA);
    expect(await totals(b)).toEqual(await totals(a));
    const gearOfA = await gear(a);
    expect(gearOfA.find((item) => item.name === 'Pegasus 40')?.activityCount).toBe(3);
    expect(await gear(b)).toEqual(gearOfA);
  });
});
