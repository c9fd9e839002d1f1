/**
 * Undoing a deletion over HTTP on the real database: an activity deleted and restored within the
 * window comes back exactly (its detail, track, file, best efforts, gear distance, the medal it
 * earned and the totals); past the window, twice, or for another runner, the restore is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { ACTIVITY_UNDO_TEXTS, ACTIVITY_UNDO_WINDOW_MS } from '../../core/activity/activity-undo.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import type { Gear, GearList } from '../../core/gear.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import type { Profile } from '../../core/profile.ts';
import { shiftedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
const START = Date.UTC(2026, 9, 1, 7, 0, 0);
const gone = { type: 'api_error' as const, message: ACTIVITY_UNDO_TEXTS.gone };

const clock = shiftedClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server?.stop();
});

async function upload(runner: RegisteredUser, name: string, day = 0): Promise<string> {
  const points = straightRun({ points: 401, interval: 5, speed: 3, start: START + day * 86_400_000 });
  const result = await uploadFiles(server, runner.client, [{ name, content: garminConnectGpx(points, name) }], ZONE);
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return id ?? '';
}

/** Everything of the runner's that the activity shows in or counts towards. */
async function everything(runner: RegisteredUser, id: string, gearId: string) {
  const get = async <T>(path: string) => (await runner.client.get<T>(path)).body;
  return {
    detail: await get<ActivityDetail>(`/api/activities/${id}`),
    track: await get(`/api/activities/${id}/track`),
    bestEfforts: await get(`/api/activities/${id}/best-efforts`),
    original: (await runner.client.get(`/api/activities/${id}/original`)).text,
    gear: (await get<GearList>('/api/gear')).gear.find((item) => item.id === gearId),
    medals: (await get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).medals,
    statistics: (await get<Profile>('/api/profile')).statistics,
  };
}

describe('undoing a deletion', () => {
  it('puts the activity back exactly, with its gear distance and its medals', async () => {
    const runner = await registerUser(server);
    const shoe = (await runner.client.post<Gear>('/api/gear', { kind: 'shoe', name: 'Pegasus' })).body;
    expect((await runner.client.put('/api/gear/defaults', { type: 'run', gearId: shoe.id })).status).toBe(200);
    const id = await upload(runner, 'morning.gpx');
    const before = await everything(runner, id, shoe.id);
    expect(before.detail.gear?.id).toBe(shoe.id);
    expect(before.gear?.distance).toBeGreaterThan(5900);
    expect(before.medals.filter((medal) => medal.activityId === id).length).toBeGreaterThan(0);

    expect((await runner.client.delete(`/api/activities/${id}`)).body).toEqual({ deleted: true });
    const deleted = await everything(runner, id, shoe.id);
    expect(deleted.gear).toMatchObject({ distance: 0, activityCount: 0 });
    expect(deleted.statistics.totalActivities).toBe(before.statistics.totalActivities - 1);
    expect(deleted.medals.filter((medal) => medal.activityId === id)).toEqual([]);

    expect((await runner.client.post(`/api/activities/${id}/restore`)).body).toEqual({ restored: true });
    expect(await everything(runner, id, shoe.id)).toEqual(before);
    // Once back it is no longer kept: a second undo has nothing to put back.
    expectApiError(await runner.client.post(`/api/activities/${id}/restore`), 410, gone);
  });

  it('is refused past the window and for another runner', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    const late = await upload(runner, 'late.gpx');
    const foreign = await upload(runner, 'foreign.gpx', 1);
    expect((await runner.client.delete(`/api/activities/${late}`)).status).toBe(200);
    expect((await runner.client.delete(`/api/activities/${foreign}`)).status).toBe(200);
    expectApiError(await other.client.post(`/api/activities/${foreign}/restore`), 410, gone);
    clock.advance(ACTIVITY_UNDO_WINDOW_MS + 1);
    expectApiError(await runner.client.post(`/api/activities/${late}/restore`), 410, gone);
    expect((await runner.client.get(`/api/activities/${late}`)).status).toBe(404);
  });
});
