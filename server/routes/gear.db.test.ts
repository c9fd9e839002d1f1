/**
 * Shoes and gear over HTTP (/api/gear, the activity edit and the list's bulk action), on the real
 * database: the default gear per sport on new uploads, manual entries and Strava syncs, each
 * gear's distance and time after upload, sync, re-type, delete and a bulk change, and another
 * runner's gear refused everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_BULK_MESSAGES } from '../../core/activity/activity-bulk.ts';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import { GEAR_MESSAGES, SHOE_RETIREMENT_KM, SHOE_RETIREMENT_MI, type Gear, type GearList } from '../../core/gear.ts';
import { METRES_PER_MILE } from '../../core/units.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { connectStrava, startStravaTestServer, syncAndWait, waitForSync } from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** The uploads' days: well before the machine's today, so the server's clock plays no part. */
const FIRST_DAY = Date.UTC(2026, 9, 1, 7, 0, 0);
const DAY = 86_400_000;

let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  ({ server, strava } = await startStravaTestServer({ simulator: { enforceRateLimits: false } }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

const invalid = (message: string) => ({ type: 'validation_error' as const, message });
const notFound = (message: string) => ({ type: 'api_error' as const, message });

/** A run at 3 m/s of 400 intervals of 5 s (6 km), `day` days after FIRST_DAY, declared as `gpxType`. */
async function upload(runner: RegisteredUser, day: number, gpxType = 'running'): Promise<ActivityDetail> {
  const points = straightRun({ points: 401, interval: 5, speed: 3, start: FIRST_DAY + day * DAY });
  const name = `${gpxType}-${day}.gpx`;
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name, content: garminConnectGpx(points, name, gpxType) }],
    ZONE,
  );
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return detail(runner, id ?? '');
}

const detail = async (runner: RegisteredUser, id: string) =>
  (await runner.client.get<ActivityDetail>(`/api/activities/${id}`)).body;

async function addGear(runner: RegisteredUser, body: Record<string, unknown>): Promise<Gear> {
  const response = await runner.client.post<Gear>('/api/gear', body);
  expect(response.status).toBe(201);
  return response.body;
}

async function gearById(runner: RegisteredUser, id: string): Promise<Gear> {
  const found = (await runner.client.get<GearList>('/api/gear')).body.gear.find((item) => item.id === id);
  expect(found).toBeDefined();
  return found as Gear;
}

async function setDefault(runner: RegisteredUser, type: string, gearId: string | null) {
  const response = await runner.client.put<GearList>('/api/gear/defaults', { type, gearId });
  expect(response.status).toBe(200);
  return response.body;
}

describe('gear', () => {
  it('is added with 500 mi as a shoe’s retirement for a runner using miles, 800 km for one using kilometres', async () => {
    const runner = await registerUser(server);
    const shoe = await addGear(runner, { kind: 'shoe', name: ' Pegasus 40 ', brand: 'Nike', startingDistance: 12_000 });
    expect(shoe).toMatchObject({
      kind: 'shoe',
      name: 'Pegasus 40',
      brand: 'Nike',
      model: '',
      startDate: null,
      startingDistance: 12_000,
      retirementDistance: SHOE_RETIREMENT_MI * METRES_PER_MILE,
      retired: false,
      distance: 12_000,
      movingTime: 0,
      activityCount: 0,
      defaultFor: [],
      stravaGearId: null,
    });
    const bike = await addGear(runner, { kind: 'bike', name: 'Canyon', startDate: '2025-03-01' });
    expect(bike).toMatchObject({ retirementDistance: null, startDate: '2025-03-01' });

    expect((await runner.client.patch('/api/profile', { preferences: { unitSystem: 'metric' } })).status).toBe(200);
    const metricShoe = await addGear(runner, { kind: 'shoe', name: 'Clifton' });
    expect(metricShoe.retirementDistance).toBe(SHOE_RETIREMENT_KM * 1000);
    const retired = await runner.client.patch<Gear>(`/api/gear/${shoe.id}`, {
      retired: true,
      retirementDistance: 700_000,
    });
    expect(retired.body).toMatchObject({ retired: true, retirementDistance: 700_000 });
    // Active first, each in the order added.
    expect((await runner.client.get<GearList>('/api/gear')).body.gear.map((item) => item.name)).toEqual([
      'Canyon',
      'Clifton',
      'Pegasus 40',
    ]);
  });

  it('refuses bad input with a sentence, storing nothing', async () => {
    const runner = await registerUser(server);
    expectApiError(
      await runner.client.post('/api/gear', { kind: 'shoe', name: '  ' }),
      400,
      invalid(`name: ${GEAR_MESSAGES.name}`),
    );
    expectApiError(
      await runner.client.post('/api/gear', { kind: 'skis', name: 'Fischer' }),
      400,
      invalid(`kind: ${GEAR_MESSAGES.kind}`),
    );
    expectApiError(
      await runner.client.post('/api/gear', { kind: 'shoe', name: 'Pegasus', startDate: '2026-02-30' }),
      400,
      invalid(`startDate: ${GEAR_MESSAGES.startDate}`),
    );
    expectApiError(
      await runner.client.post('/api/gear', { kind: 'shoe', name: 'Pegasus', retirementDistance: 0 }),
      400,
      invalid(`retirementDistance: ${GEAR_MESSAGES.retirementDistance}`),
    );
    expectApiError(
      await runner.client.post('/api/gear', { kind: 'shoe', name: 'x'.repeat(61) }),
      400,
      invalid('name: Use at most 60 characters.'),
    );
    expect((await runner.client.get<GearList>('/api/gear')).body.gear).toEqual([]);
  });

  it('puts the sport’s default on an upload and counts its distance and time', async () => {
    const runner = await registerUser(server);
    const shoe = await addGear(runner, { kind: 'shoe', name: 'Pegasus 40', startingDistance: 10_000 });
    const walking = await addGear(runner, { kind: 'other', name: 'Boots' });
    await setDefault(runner, 'run', shoe.id);
    expect((await setDefault(runner, 'walk', walking.id)).gear.find((item) => item.id === shoe.id)?.defaultFor).toEqual(
      ['run'],
    );

    const run = await upload(runner, 0);
    expect(run.gear).toEqual({ id: shoe.id, kind: 'shoe', name: 'Pegasus 40', distance: 10_000 + run.distance });
    const second = await upload(runner, 1);
    const counted = await gearById(runner, shoe.id);
    expect(counted).toMatchObject({
      distance: 10_000 + run.distance + second.distance,
      movingTime: run.movingTime + second.movingTime,
      activityCount: 2,
    });
    expect(run.distance).toBeGreaterThan(5_900);

    // A manual run gets the default too, unless a gear (or none) is given.
    const manual = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      type: 'run',
      distance: 5000,
      movingTime: 1500,
      startDateLocal: '2026-10-10T08:00',
      timeZone: ZONE,
    });
    expect(manual.body.gear?.id).toBe(shoe.id);
    const manualNone = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      type: 'run',
      distance: 5000,
      movingTime: 1500,
      startDateLocal: '2026-10-11T08:00',
      timeZone: ZONE,
      gearId: null,
    });
    expect(manualNone.body.gear).toBeNull();
    expect((await gearById(runner, shoe.id)).distance).toBe(10_000 + run.distance + second.distance + 5000);

    // Deleting an activity takes its distance off the gear.
    expect((await runner.client.delete(`/api/activities/${second.id}`)).status).toBe(200);
    expect(await gearById(runner, shoe.id)).toMatchObject({ distance: 10_000 + run.distance + 5000, activityCount: 2 });

    // A sport without a default leaves a new activity without gear.
    const ride = await upload(runner, 2, 'cycling');
    expect(ride.type).toBe('ride');
    expect(ride.gear).toBeNull();
  });

  it('follows a re-type: a default gear gives way to the new sport’s, a chosen one stays', async () => {
    const runner = await registerUser(server);
    const shoe = await addGear(runner, { kind: 'shoe', name: 'Pegasus 40' });
    const boots = await addGear(runner, { kind: 'other', name: 'Boots' });
    const racer = await addGear(runner, { kind: 'shoe', name: 'Vaporfly' });
    await setDefault(runner, 'run', shoe.id);
    await setDefault(runner, 'walk', boots.id);
    const defaulted = await upload(runner, 0);
    const chosen = await upload(runner, 1);
    const edited = await runner.client.patch<ActivityDetail>(`/api/activities/${chosen.id}`, { gearId: racer.id });
    expect(edited.body.gear).toMatchObject({ id: racer.id, name: 'Vaporfly', distance: chosen.distance });

    const walked = await runner.client.patch<ActivityDetail>(`/api/activities/${defaulted.id}`, { type: 'walk' });
    expect(walked.status).toBe(200);
    expect((await detail(runner, defaulted.id)).gear?.id).toBe(boots.id);
    const bulk = await runner.client.post('/api/activities/bulk', { action: 'retype', ids: [chosen.id], type: 'walk' });
    expect(bulk.status).toBe(200);
    expect((await detail(runner, chosen.id)).gear?.id).toBe(racer.id);
    expect((await gearById(runner, shoe.id)).distance).toBe(0);
    expect((await gearById(runner, boots.id)).distance).toBe(defaulted.distance);
    expect((await gearById(runner, racer.id)).distance).toBe(chosen.distance);

    // Taking the gear off is a choice too: a re-type leaves it off.
    await runner.client.patch(`/api/activities/${defaulted.id}`, { gearId: null });
    await runner.client.patch(`/api/activities/${defaulted.id}`, { type: 'run' });
    expect((await detail(runner, defaulted.id)).gear).toBeNull();
  });

  it('changes the gear of several activities in one bulk action, all or nothing', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    const shoe = await addGear(runner, { kind: 'shoe', name: 'Pegasus 40' });
    const theirs = await addGear(other, { kind: 'shoe', name: 'Theirs' });
    const first = await upload(runner, 0);
    const second = await upload(runner, 1);
    const ids = [first.id, second.id];

    expectApiError(
      await runner.client.post('/api/activities/bulk', { action: 'gear', ids, gearId: theirs.id }),
      404,
      notFound(ACTIVITY_BULK_MESSAGES.gearNotYours),
    );
    const theirRun = await upload(other, 0);
    expectApiError(
      await runner.client.post('/api/activities/bulk', { action: 'gear', ids: [...ids, theirRun.id], gearId: shoe.id }),
      404,
      notFound(ACTIVITY_BULK_MESSAGES.notYours),
    );
    expect((await gearById(runner, shoe.id)).activityCount).toBe(0);

    const changed = await runner.client.post('/api/activities/bulk', { action: 'gear', ids, gearId: shoe.id });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ action: 'gear', changed: 2 });
    expect(await gearById(runner, shoe.id)).toMatchObject({
      distance: first.distance + second.distance,
      activityCount: 2,
    });
    expect(
      (await runner.client.post('/api/activities/bulk', { action: 'gear', ids: [first.id], gearId: null })).status,
    ).toBe(200);
    expect((await gearById(runner, shoe.id)).distance).toBe(second.distance);

    // Bulk delete takes the distance off.
    expect((await runner.client.post('/api/activities/bulk', { action: 'delete', ids: [second.id] })).status).toBe(200);
    expect(await gearById(runner, shoe.id)).toMatchObject({ distance: 0, activityCount: 0 });
  });

  it('refuses another runner’s gear on an edit, a default, a change or a deletion, with the same sentence as a missing one', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    const theirs = await addGear(other, { kind: 'shoe', name: 'Theirs' });
    const run = await upload(runner, 0);
    const refused = notFound(GEAR_MESSAGES.notFound);
    expectApiError(await runner.client.patch(`/api/activities/${run.id}`, { gearId: theirs.id }), 404, refused);
    expectApiError(await runner.client.put('/api/gear/defaults', { type: 'run', gearId: theirs.id }), 404, refused);
    expectApiError(await runner.client.patch(`/api/gear/${theirs.id}`, { name: 'Mine now' }), 404, refused);
    expectApiError(await runner.client.delete(`/api/gear/${theirs.id}`), 404, refused);
    expectApiError(await runner.client.patch('/api/gear/no-such-gear', { name: 'x' }), 404, refused);
    expect((await detail(runner, run.id)).gear).toBeNull();
    expect((await gearById(other, theirs.id)).name).toBe('Theirs');
  });

  it('retired gear is no default; deleted gear leaves its activities without gear', async () => {
    const runner = await registerUser(server);
    const shoe = await addGear(runner, { kind: 'shoe', name: 'Pegasus 40' });
    await setDefault(runner, 'run', shoe.id);
    const run = await upload(runner, 0);
    await runner.client.patch(`/api/gear/${shoe.id}`, { retired: true });
    expect((await gearById(runner, shoe.id)).defaultFor).toEqual([]);
    expectApiError(
      await runner.client.put('/api/gear/defaults', { type: 'run', gearId: shoe.id }),
      400,
      invalid(GEAR_MESSAGES.defaultRetired),
    );
    expect((await upload(runner, 1)).gear).toBeNull();
    expect((await runner.client.delete(`/api/gear/${shoe.id}`)).status).toBe(200);
    expect((await detail(runner, run.id)).gear).toBeNull();
    expect((await runner.client.get<GearList>('/api/gear')).body.gear).toEqual([]);
  });

  it('makes the athlete’s Strava shoes and bikes gear, puts synced activities on them, and never doubles them', async () => {
    const runner = await registerUser(server);
    const shoe = await addGear(runner, { kind: 'shoe', name: 'Pegasus 40' });
    await setDefault(runner, 'run', shoe.id);
    const athlete = strava.addAthlete({ activities: 0, signIn: true });
    athlete.shoes.push({ id: 'g2222222', name: 'Old racers', primary: false, retired: true });
    const trainersRuns = [0, 1].map((index) =>
      strava.addActivity(athlete.id, { sportType: 'Run', startMs: FIRST_DAY + index * DAY, gearId: 'g7654321' }),
    );
    // A run Strava has no gear for gets the runner's default for runs.
    const bare = strava.addActivity(athlete.id, { sportType: 'Run', startMs: FIRST_DAY + 2 * DAY, gearId: null });
    const ride = strava.addActivity(athlete.id, {
      sportType: 'Ride',
      startMs: FIRST_DAY + 3 * DAY,
      gearId: 'b1234567',
    });
    const athleteReads = () => strava.state.requests.filter((request) => request.path === '/api/v3/athlete').length;
    const readsBefore = athleteReads();

    expect((await connectStrava(runner.client)).status).toBe(200);
    expect((await waitForSync(runner.client)).sync?.state).toBe('done');
    expect(athleteReads()).toBe(readsBefore + 1);
    const listed = (await runner.client.get<GearList>('/api/gear')).body.gear;
    const byName = (name: string) => listed.find((item) => item.name === name);
    expect(listed.map((item) => [item.name, item.kind, item.stravaGearId, item.retired])).toEqual([
      ['Pegasus 40', 'shoe', null, false],
      ['Daily trainers', 'shoe', 'g7654321', false],
      ['Road bike', 'bike', 'b1234567', false],
      ['Old racers', 'shoe', 'g2222222', true],
    ]);
    expect(byName('Daily trainers')?.activityCount).toBe(2);
    expect(byName('Daily trainers')?.distance).toBeCloseTo(trainersRuns[0]!.distance + trainersRuns[1]!.distance, 3);
    expect(byName('Daily trainers')?.retirementDistance).toBe(SHOE_RETIREMENT_MI * METRES_PER_MILE);
    expect(byName('Road bike')?.distance).toBeCloseTo(ride.distance, 3);
    expect(byName('Road bike')?.retirementDistance).toBeNull();
    expect(byName('Pegasus 40')).toMatchObject({ activityCount: 1 });
    expect(byName('Pegasus 40')?.distance).toBeCloseTo(bare.distance, 3);

    // The runner renames Strava's gear; the next sync keeps their name and adds nothing twice.
    const trainersId = byName('Daily trainers')?.id ?? '';
    await runner.client.patch(`/api/gear/${trainersId}`, { name: 'My trainers' });
    strava.addActivity(athlete.id, { sportType: 'Run', startMs: FIRST_DAY + 4 * DAY, gearId: 'g7654321' });
    expect((await syncAndWait(runner.client)).sync?.state).toBe('done');
    expect(athleteReads()).toBe(readsBefore + 2);
    const again = (await runner.client.get<GearList>('/api/gear')).body.gear;
    expect(again.map((item) => item.name)).toEqual(['Pegasus 40', 'My trainers', 'Road bike', 'Old racers']);
    expect(again.find((item) => item.id === trainersId)?.activityCount).toBe(3);

    // Strava owns a synced activity's gear, as its type.
    const synced = (await runner.client.get<{ items: { id: string }[] }>('/api/activities?limit=10')).body.items[0];
    expectApiError(await runner.client.patch(`/api/activities/${synced?.id ?? ''}`, { gearId: null }), 409, {
      type: 'validation_error',
      message: GEAR_MESSAGES.gearOnStrava,
      code: 'strava-gear',
    });
    expectApiError(
      await runner.client.post('/api/activities/bulk', { action: 'gear', ids: [synced?.id ?? ''], gearId: shoe.id }),
      409,
      { type: 'validation_error', message: ACTIVITY_BULK_MESSAGES.gearOnStrava, code: 'strava-gear' },
    );

    // Re-typed on Strava, the run without Strava gear follows the new sport's default at the next sync.
    const commuter = await addGear(runner, { kind: 'bike', name: 'Commuter' });
    await setDefault(runner, 'ride', commuter.id);
    strava.editActivity(bare.id, { sportType: 'Ride' });
    expect((await syncAndWait(runner.client, { full: true })).sync?.state).toBe('done');
    const retyped = (await runner.client.get<GearList>('/api/gear')).body.gear;
    expect(retyped.find((item) => item.id === commuter.id)).toMatchObject({ activityCount: 1 });
    expect(retyped.find((item) => item.id === commuter.id)?.distance).toBeCloseTo(bare.distance, 3);
    expect(retyped.find((item) => item.id === shoe.id)).toMatchObject({ activityCount: 0, distance: 0 });
    // A gear Strava chose stays through a re-type on Strava.
    strava.editActivity(trainersRuns[0]!.id, { sportType: 'Ride' });
    expect((await syncAndWait(runner.client, { full: true })).sync?.state).toBe('done');
    const kept = (await runner.client.get<GearList>('/api/gear')).body.gear;
    expect(kept.find((item) => item.id === trainersId)).toMatchObject({ activityCount: 3 });
    expect(kept.find((item) => item.id === commuter.id)).toMatchObject({ activityCount: 1 });
  });
});
