/**
 * What one runner may keep, over HTTP: saved routes (a count and the points of all lines), goals,
 * and check-ins a day. Past a cap the answer is 409 with a sentence and a code, nothing is written,
 * and parallel requests for the last place cannot both get it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../core/profile.ts';
import type { LatLng } from '../../core/routes/geometry.ts';
import {
  MAX_ROUTE_LINE_POINTS,
  ROUTE_MESSAGES,
  SAVED_ROUTE_LIMITS,
  type RouteDetail,
} from '../../core/routes/route-api.ts';
import { GOAL_LIMITS, GOAL_MESSAGES } from '../../core/training/goals.ts';
import type { Goal } from '../../core/training/training-api.ts';
import {
  CHECK_IN_LIMIT_MESSAGE,
  CHECK_IN_LIMIT_WINDOW_MS,
  CHECK_INS_PER_DAY,
} from '../../core/wellbeing/wellbeing-api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

/** Tuesday 24 November 2026, noon in Ljubljana. */
const clock = fixedClock(Date.UTC(2026, 10, 24, 11, 0, 0));
const ZONE = 'Europe/Ljubljana';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server.stop();
});

const at = (north: number, east = 0): LatLng => ({ lat: 46.05 + north / 111_195, lng: 14.5 + east / 77_200 });
const LOOP = [at(0), at(800), at(800, 800), at(0)];
const route = (name: string, line: LatLng[] = LOOP) => ({ name, waypoints: LOOP, line });

async function routeNames(runner: RegisteredUser): Promise<string[]> {
  const list = await runner.client.get<{ routes: RouteDetail[] }>('/api/routes');
  return list.body.routes.map((r) => r.name);
}

describe('saved routes per runner', () => {
  it(`keeps at most ${SAVED_ROUTE_LIMITS.routes}; of parallel saves for the last place one wins, and a deleted one frees it`, async () => {
    const runner = await registerUser(server);
    for (let i = 0; i < SAVED_ROUTE_LIMITS.routes - 1; i += 1) {
      expect((await runner.client.post('/api/routes', route(`Loop ${i}`))).status).toBe(201);
    }
    const racing = await Promise.all(['A', 'B', 'C'].map((name) => runner.client.post('/api/routes', route(name))));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of racing.filter((r) => r.status === 409)) {
      expectApiError(refused, 409, {
        type: 'validation_error',
        message: ROUTE_MESSAGES.tooManyRoutes,
        code: 'route-limit',
      });
    }
    expect(ROUTE_MESSAGES.tooManyRoutes).toBe('You can keep at most 100 saved routes. Delete one to save another.');
    const names = await routeNames(runner);
    expect(names).toHaveLength(SAVED_ROUTE_LIMITS.routes);

    expectApiError(await runner.client.post('/api/routes', route('One more')), 409, {
      type: 'validation_error',
      message: ROUTE_MESSAGES.tooManyRoutes,
      code: 'route-limit',
    });
    const list = await runner.client.get<{ routes: RouteDetail[] }>('/api/routes');
    const oldest = list.body.routes.at(-1) as RouteDetail;
    // Editing a kept route is not a new one.
    expect((await runner.client.put(`/api/routes/${oldest.id}`, route('Edited'))).status).toBe(200);
    expect((await runner.client.delete(`/api/routes/${oldest.id}`)).status).toBe(200);
    expect((await runner.client.post('/api/routes', route('One more'))).status).toBe(201);
    expect(await routeNames(runner)).toHaveLength(SAVED_ROUTE_LIMITS.routes);
  });

  it(`holds at most ${SAVED_ROUTE_LIMITS.totalLinePoints.toLocaleString('en-US')} line points in all, on a save and on an edit`, async () => {
    const runner = await registerUser(server);
    const long = Array.from({ length: MAX_ROUTE_LINE_POINTS }, (_, i) => at(i * 0.5));
    const fitting = SAVED_ROUTE_LIMITS.totalLinePoints / MAX_ROUTE_LINE_POINTS;
    const saved: RouteDetail[] = [];
    for (let i = 0; i < fitting; i += 1) {
      const response = await runner.client.post<RouteDetail>('/api/routes', route(`Long ${i}`, long));
      expect(response.status).toBe(201);
      saved.push(response.body);
    }
    expect(ROUTE_MESSAGES.tooManyPoints).toBe(
      'Your saved routes can hold at most 200,000 points in all. Delete a route or draw a shorter one.',
    );
    const points = {
      type: 'validation_error',
      message: ROUTE_MESSAGES.tooManyPoints,
      code: 'route-points-limit',
    } as const;
    expectApiError(await runner.client.post('/api/routes', route('Short', LOOP)), 409, points);
    // An edit may not grow a route past the total either; the route stays as it was.
    const first = saved[0] as RouteDetail;
    expect((await runner.client.put(`/api/routes/${first.id}`, route('Shorter', LOOP))).status).toBe(200);
    expect((await runner.client.post('/api/routes', route('Short', LOOP))).status).toBe(201);
    expectApiError(await runner.client.put(`/api/routes/${first.id}`, route('Regrown', long)), 409, points);
    const kept = await runner.client.get<RouteDetail>(`/api/routes/${first.id}`);
    expect(kept.body).toMatchObject({ name: 'Shorter', line: LOOP });
    expect(await routeNames(runner)).toHaveLength(fitting + 1);
  });
});

const goal = (i: number) => ({
  kind: 'frequency',
  title: `Goal ${i}`,
  startDate: '2026-11-23',
  endDate: '2026-12-20',
  runsPerWeek: 3,
});

describe('goals per runner', () => {
  it(`keeps at most ${GOAL_LIMITS.maxGoals} goals, with a sentence, and frees a place on delete`, async () => {
    const runner = await registerUser(server);
    const ids: string[] = [];
    for (let i = 0; i < GOAL_LIMITS.maxGoals; i += 1) {
      const created = await runner.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, goal(i));
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    expect(GOAL_MESSAGES.tooMany).toBe('You can have at most 50 goals. Delete one to add another.');
    expectApiError(await runner.client.post(`/api/goals?timeZone=${ZONE}`, goal(99)), 409, {
      type: 'validation_error',
      message: GOAL_MESSAGES.tooMany,
      code: 'goal-limit',
    });
    const list = await runner.client.get<{ goals: Goal[] }>('/api/goals');
    expect(list.body.goals).toHaveLength(GOAL_LIMITS.maxGoals);
    expect(list.body.goals.map((g) => g.definition.title)).not.toContain('Goal 99');

    expect((await runner.client.delete(`/api/goals/${ids[0]}`)).status).toBe(200);
    expect((await runner.client.post(`/api/goals?timeZone=${ZONE}`, goal(99))).status).toBe(201);

    // Another runner's goals are their own count.
    const other = await registerUser(server);
    expect((await other.client.post(`/api/goals?timeZone=${ZONE}`, goal(0))).status).toBe(201);
  });
});

describe('check-ins per runner', () => {
  it(`saves at most ${CHECK_INS_PER_DAY} in 24 hours, with a sentence, and again after`, async () => {
    const runner = await registerUser(server);
    const post = () =>
      runner.client.post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, { ...DEFAULT_WELLBEING_PREFERENCES });
    for (let i = 0; i < CHECK_INS_PER_DAY; i += 1) {
      expect((await post()).status).toBe(201);
    }
    expect(CHECK_IN_LIMIT_MESSAGE).toBe('You can save at most 20 check-ins a day. Try again tomorrow.');
    const limit = { type: 'validation_error', message: CHECK_IN_LIMIT_MESSAGE, code: 'check-in-limit' } as const;
    expectApiError(await post(), 409, limit);

    clock.advance(CHECK_IN_LIMIT_WINDOW_MS - 1);
    expectApiError(await post(), 409, limit);
    clock.advance(1);
    expect((await post()).status).toBe(201);
  });
});
