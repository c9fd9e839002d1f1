/**
 * Finding activities in the list (GET /api/activities): search by name (any case, LIKE's wildcards
 * taken as letters), sort by date, distance, moving time and pace (within each sport) in either
 * direction, and numbered pages with the total of everything matched; over HTTP on a fixed clock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');

const ZONE = 'Europe/London';
/** Tuesday 24 November 2026, noon in London. */
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const invalidField = (field: string, message: string) => ({
  type: 'validation_error' as const,
  message: `${field}: ${message}`,
});

/** Five runs on five days: name, day of November, distance (m) and moving time (s). */
const RUNS = [
  { name: 'Easy park loop', day: 10, distance: 5000, movingTime: 1800 }, // 6:00/km
  { name: 'Tempo 100% effort', day: 12, distance: 8000, movingTime: 2400 }, // 5:00/km
  { name: 'Long run by the river', day: 15, distance: 21100, movingTime: 7000 }, // 5:32/km
  { name: 'PARK run_5k', day: 18, distance: 5000, movingTime: 1320 }, // 4:24/km
  { name: 'Recovery jog', day: 20, distance: 3000, movingTime: 1260 }, // 7:00/km
] as const;

let server: TestServer;
let runner: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  server = await startTestServer({}, { clock: fixedClock(NOW) });
  runner = await registerUser(server);
  other = await registerUser(server);
  for (const run of RUNS) {
    const created = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      name: run.name,
      type: 'run',
      distance: run.distance,
      movingTime: run.movingTime,
      startDateLocal: `2026-11-${run.day}T07:30`,
      timeZone: ZONE,
    });
    expect(created.status).toBe(201);
  }
  await other.client.post('/api/activities/manual', {
    name: 'Park loop of someone else',
    type: 'run',
    distance: 5000,
    movingTime: 1500,
    startDateLocal: '2026-11-11T07:30',
    timeZone: ZONE,
  });
});

afterAll(async () => {
  await server.stop();
});

async function names(query: string): Promise<{ names: string[]; total: number }> {
  const response = await runner.client.get<ActivityPage>(`/api/activities${query}`);
  expect(response.status).toBe(200);
  return { names: response.body.items.map((item) => item.name), total: response.body.total };
}

describe('GET /api/activities?q=', () => {
  it('finds a part of the name in any case, only among the runner’s own', async () => {
    expect(await names('?q=park')).toEqual({ names: ['PARK run_5k', 'Easy park loop'], total: 2 });
    expect(await names('?q=%20RIVER%20')).toEqual({ names: ['Long run by the river'], total: 1 });
    expect(await names('?q=nothing%20like%20it')).toEqual({ names: [], total: 0 });
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect(await names('?q=100%25')).toEqual({ names: ['Tempo 100% effort'], total: 1 });
    expect(await names('?q=%25')).toEqual({ names: ['Tempo 100% effort'], total: 1 });
    expect(await names('?q=_')).toEqual({ names: ['PARK run_5k'], total: 1 });
    expect(await names('?q=n_5')).toEqual({ names: ['PARK run_5k'], total: 1 });
    expect(await names('?q=run%5C')).toEqual({ names: [], total: 0 });
  });

  it('a blank search is no search; a long one is refused with a sentence', async () => {
    expect((await names('?q=%20%20')).total).toBe(5);
    expectApiError(
      await runner.client.get(`/api/activities?q=${'a'.repeat(101)}`),
      400,
      invalidField('q', 'Search for at most 100 characters.'),
    );
  });

  it('combines with the filters, and the answer of one search is not served for another', async () => {
    expect(await names('?q=park&from=2026-11-15')).toEqual({ names: ['PARK run_5k'], total: 1 });
    expect(await names('?q=loop')).toEqual({ names: ['Easy park loop'], total: 1 });
    expect(await names('?q=jog')).toEqual({ names: ['Recovery jog'], total: 1 });
  });
});

describe('GET /api/activities?sort=&order=', () => {
  it('sorts by date, newest first unless asked otherwise', async () => {
    expect((await names('')).names).toEqual([
      'Recovery jog',
      'PARK run_5k',
      'Long run by the river',
      'Tempo 100% effort',
      'Easy park loop',
    ]);
    expect((await names('?sort=date&order=asc')).names).toEqual([
      'Easy park loop',
      'Tempo 100% effort',
      'Long run by the river',
      'PARK run_5k',
      'Recovery jog',
    ]);
  });

  it('sorts by distance, equal distances newest first', async () => {
    expect((await names('?sort=distance')).names).toEqual([
      'Long run by the river',
      'Tempo 100% effort',
      'PARK run_5k',
      'Easy park loop',
      'Recovery jog',
    ]);
    expect((await names('?sort=distance&order=asc')).names).toEqual([
      'Recovery jog',
      'PARK run_5k',
      'Easy park loop',
      'Tempo 100% effort',
      'Long run by the river',
    ]);
  });

  it('sorts by moving time', async () => {
    expect((await names('?sort=time&order=asc')).names).toEqual([
      'Recovery jog',
      'PARK run_5k',
      'Easy park loop',
      'Tempo 100% effort',
      'Long run by the river',
    ]);
  });

  it('sorts by pace, fastest first by default', async () => {
    expect((await names('?sort=pace')).names).toEqual([
      'PARK run_5k',
      'Tempo 100% effort',
      'Long run by the river',
      'Easy park loop',
      'Recovery jog',
    ]);
    expect((await names('?sort=pace&order=desc')).names).toEqual([
      'Recovery jog',
      'Easy park loop',
      'Long run by the river',
      'Tempo 100% effort',
      'PARK run_5k',
    ]);
  });

  it('sorts by pace within each sport, runs first, and those without a time last', async () => {
    const mixed = await registerUser(server);
    const add = async (name: string, type: string, distance: number, movingTime: number, day: number) => {
      const created = await mixed.client.post('/api/activities/manual', {
        name,
        type,
        distance,
        movingTime,
        startDateLocal: `2026-11-${day}T07:30`,
        timeZone: ZONE,
      });
      expect(created.status).toBe(201);
    };
    await add('Slow run', 'run', 5000, 2100, 10); // 7:00/km
    await add('Fast ride', 'ride', 30000, 3000, 11); // 36 km/h: 1:40/km
    await add('Fast run', 'run', 5000, 1250, 12); // 4:10/km
    await add('Slow ride', 'ride', 20000, 3600, 13); // 20 km/h: 3:00/km
    const untimed = await uploadFiles(server, mixed.client, [
      { name: 'without-times.gpx', content: readFileSync(path.join(FIXTURES, 'cerknicko-without-times.gpx')) },
    ]);
    expect(finalFileEvents(untimed.events)[0]?.state).toBe('complete');
    const sorted = async (query: string) =>
      (await mixed.client.get<ActivityPage>(`/api/activities${query}`)).body.items.map((item) => item.name);
    expect(await sorted('?sort=pace')).toEqual(['Fast run', 'Slow run', 'Fast ride', 'Slow ride', 'Afternoon Run']);
    expect(await sorted('?sort=pace&order=desc')).toEqual([
      'Slow run',
      'Fast run',
      'Slow ride',
      'Fast ride',
      'Afternoon Run',
    ]);
  });

  it('refuses an unknown order', async () => {
    const response = await runner.client.get('/api/activities?sort=heartbeat');
    expect(response.status).toBe(400);
  });
});

describe('GET /api/activities?page=', () => {
  it('numbers the pages of a sorted search, each with the total, none repeated or missed', async () => {
    const first = await names('?sort=distance&limit=2');
    const second = await names('?sort=distance&limit=2&page=2');
    const third = await names('?sort=distance&limit=2&page=3');
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([...first.names, ...second.names, ...third.names]).toEqual([
      'Long run by the river',
      'Tempo 100% effort',
      'PARK run_5k',
      'Easy park loop',
      'Recovery jog',
    ]);
    expect(await names('?sort=distance&limit=2&page=4')).toEqual({ names: [], total: 5 });
  });

  it('refuses a page that is not a whole number from 1', async () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      expectApiError(
        await runner.client.get(`/api/activities?page=${page}`),
        400,
        invalidField('page', 'Use a page number from 1.'),
      );
    }
  });
});

describe('POST /api/activities/bulk', () => {
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  async function addRun(user: RegisteredUser, name: string, day: number): Promise<string> {
    const created = await user.client.post<ActivityDetail>('/api/activities/manual', {
      name,
      type: 'run',
      distance: 5000,
      movingTime: 1500,
      startDateLocal: `2026-11-${String(day).padStart(2, '0')}T07:30`,
      timeZone: ZONE,
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }
  const listed = async (user: RegisteredUser) =>
    (await user.client.get<ActivityPage>('/api/activities')).body.items.map((item) => `${item.name}:${item.type}`);

  beforeAll(async () => {
    owner = await registerUser(server);
    stranger = await registerUser(server);
  });

  it('gives several activities one type in one request, and the totals follow', async () => {
    const ids = [await addRun(owner, 'Walk one', 2), await addRun(owner, 'Walk two', 3)];
    await addRun(owner, 'Still a run', 4);
    const response = await owner.client.post('/api/activities/bulk', { action: 'retype', ids, type: 'walk' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ action: 'retype', changed: 2 });
    expect(await listed(owner)).toEqual(['Still a run:run', 'Walk two:walk', 'Walk one:walk']);
  });

  it('deletes several in one request', async () => {
    const ids = (await owner.client.get<ActivityPage>('/api/activities?q=walk')).body.items.map((item) => item.id);
    expect(ids).toHaveLength(2);
    const response = await owner.client.post('/api/activities/bulk', { action: 'delete', ids });
    expect(response.body).toEqual({ action: 'delete', changed: 2 });
    expect(await listed(owner)).toEqual(['Still a run:run']);
  });

  it('refuses the whole action when any id is not the runner’s, changing nothing', async () => {
    const mine = await addRun(owner, 'Mine', 5);
    const theirs = await addRun(stranger, 'Theirs', 5);
    for (const body of [
      { action: 'delete', ids: [mine, theirs] },
      { action: 'retype', ids: [mine, theirs], type: 'hike' },
      { action: 'delete', ids: [mine, 'no-such-activity'] },
    ]) {
      expectApiError(await owner.client.post('/api/activities/bulk', body), 404, {
        type: 'api_error',
        message: 'Some of the selected activities are not yours or no longer exist. Nothing was changed.',
      });
    }
    expect(await listed(owner)).toEqual(['Mine:run', 'Still a run:run']);
    expect(await listed(stranger)).toEqual(['Theirs:run']);
  });

  it('refuses an empty selection or an unknown type with a sentence', async () => {
    expectApiError(
      await owner.client.post('/api/activities/bulk', { action: 'delete', ids: [] }),
      400,
      invalidField('ids', 'Select between 1 and 200 activities.'),
    );
    const mine = (await owner.client.get<ActivityPage>('/api/activities?q=mine')).body.items.map((item) => item.id);
    expectApiError(
      await owner.client.post('/api/activities/bulk', { action: 'retype', ids: mine, type: 'unicycle' }),
      400,
      invalidField('type', 'Choose a type: run, ride, walk, hike, swim, other.'),
    );
    expect(await listed(owner)).toEqual(['Mine:run', 'Still a run:run']);
  });
});
