/**
 * Every write endpoint of the OpenAPI document the server publishes, performed by one runner whose
 * cached reads are warm: each cached read answers afterwards exactly what it answers once the
 * runner's cache is emptied, so no write leaves a stale answer behind. A write that changes a cached
 * read also says which, and that read must have moved. The endpoints come from the document: a new
 * write endpoint fails this suite until it has a case here, or a reason it cannot have one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { TrainingPlan, TodayTasks } from '../../core/training/training-api.ts';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../core/wellbeing/check-in.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import type { ApiResponse } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { signedInClient } from '../test-support/factories.ts';
import {
  connectStrava,
  connectedRunner,
  recordingClock,
  stravaConfigFor,
  waitForSync,
} from '../test-support/strava.ts';
import type { ConnectedRunner } from '../test-support/strava.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = fixedClock(NOW);

/** The reads answered from the read cache (server/services/wiring/). */
const CACHED_READS = [
  '/api/profile',
  '/api/activities',
  '/api/activities/totals',
  '/api/medals/unseen',
  `/api/training/today?timeZone=${ZONE}`,
  `/api/readiness?timeZone=${ZONE}`,
  '/api/weather',
  '/api/strava/status',
] as const;
type CachedRead = (typeof CACHED_READS)[number];

let server: TestServer;
let strava: StravaSimulator;
let runner: ConnectedRunner;
/** What every cached read answered after the last case, kept in the cache. */
let warm: Record<CachedRead, unknown>;
/** Ids the cases create and later ones use. */
const ids: Record<string, string> = {};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Case {
  /** Sets up what the write needs, before the reads it is compared with. */
  prepare?: () => Promise<unknown>;
  /** Performs the write; its answer must be a success. */
  write: () => Promise<Pick<ApiResponse, 'status' | 'text'>>;
  /** The cached reads this write changes: each must answer differently after it. */
  changes?: readonly CachedRead[];
  /** What the write leaves going on in the background, awaited before the reads. */
  settle?: () => Promise<unknown>;
}

const client = () => runner.client;
const idOf = (response: ApiResponse) => (response.body as { id: string }).id;
const remember = async (name: string, response: Promise<ApiResponse>) => {
  const answered = await response;
  ids[name] = idOf(answered);
  return answered;
};
const id = (name: string) => ids[name] ?? `missing-${name}`;
const route = {
  name: 'Loop',
  waypoints: [
    { lat: 46.05, lng: 14.5 },
    { lat: 46.06, lng: 14.51 },
  ],
};
const routeLine = { ...route, line: route.waypoints };
const syncSettled = () => waitForSync(client());

/** In the order they run: a case may use what one before it created. */
const CASES: Record<string, Case> = {
  'PATCH /api/profile': {
    write: () => client().patch('/api/profile', { bio: 'Runs before breakfast', location: 'Ljubljana' }),
    changes: ['/api/profile'],
  },
  'POST /api/profile/photo': {
    write: async () => {
      const response = await fetch(`${server.url}/api/profile/photo`, {
        method: 'POST',
        headers: {
          cookie: [...client().cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          origin: server.url,
          'content-type': 'application/octet-stream',
        },
        body: PNG,
      });
      return { status: response.status, text: await response.text() };
    },
    changes: ['/api/profile'],
  },
  'DELETE /api/profile/photo': { write: () => client().delete('/api/profile/photo'), changes: ['/api/profile'] },
  'PATCH /api/profile/privacy': {
    write: () => client().patch('/api/profile/privacy', { publicProfile: true, showLocation: true }),
  },
  'POST /api/profile/privacy-zones': {
    write: () =>
      remember('zone', client().post('/api/profile/privacy-zones', { label: 'Home', lat: 46, lon: 14.5, radius: 400 })),
  },
  'DELETE /api/profile/privacy-zones/{id}': {
    write: () => client().delete(`/api/profile/privacy-zones/${id('zone')}`),
  },
  'POST /api/activities/samples': {
    write: () => client().post('/api/activities/samples'),
    changes: ['/api/activities'],
  },
  'DELETE /api/activities/samples': {
    write: () => client().delete('/api/activities/samples'),
    changes: ['/api/activities'],
  },
  'POST /api/activities/manual': {
    write: () =>
      remember(
        'activity',
        client().post('/api/activities/manual', {
          type: 'run',
          name: 'Morning run',
          distance: 6000,
          movingTime: 1800,
          startDateLocal: '2026-11-23T07:00',
          timeZone: ZONE,
        }),
      ),
    changes: ['/api/activities', '/api/activities/totals', '/api/profile'],
  },
  'POST /api/medals/check': {
    write: () => client().post('/api/medals/check', { timeZone: ZONE }),
  },
  'POST /api/medals/{medalId}/viewed': {
    write: () => client().post('/api/medals/5k-hero/viewed'),
    changes: ['/api/medals/unseen'],
  },
  'PATCH /api/activities/{id}': {
    write: () => client().patch(`/api/activities/${id('activity')}`, { name: 'Renamed run' }),
    changes: ['/api/activities'],
  },
  'POST /api/activities/bulk': {
    write: () => client().post('/api/activities/bulk', { action: 'retype', ids: [id('activity')], type: 'walk' }),
    changes: ['/api/activities', '/api/activities/totals'],
  },
  'POST /api/activities/{id}/confirm': {
    write: () => client().post(`/api/activities/${id('activity')}/confirm`, { timeZone: ZONE }),
  },
  'POST /api/activities/{id}/revert': {
    prepare: async () => {
      const points = straightRun({ points: 241, interval: 5, speed: 3, start: NOW - 2 * DAY_MS });
      const upload = await uploadFiles(server, client(), [{ name: 'tempo.gpx', content: garminConnectGpx(points) }]);
      ids.upload = finalFileEvents(upload.events)[0]?.activityId ?? 'no-upload';
      return client().patch(`/api/activities/${id('upload')}`, { distance: 4000 });
    },
    write: () => client().post(`/api/activities/${id('upload')}/revert`, { timeZone: ZONE }),
    changes: ['/api/activities', '/api/activities/totals'],
  },
  'POST /api/gear': {
    write: () => remember('gear', client().post('/api/gear', { kind: 'shoe', name: 'Trail shoes' })),
  },
  'PUT /api/gear/defaults': { write: () => client().put('/api/gear/defaults', { type: 'walk', gearId: id('gear') }) },
  'PATCH /api/gear/{id}': {
    write: () => client().patch(`/api/gear/${id('gear')}`, { name: 'Road shoes' }),
  },
  'DELETE /api/gear/{id}': { write: () => client().delete(`/api/gear/${id('gear')}`) },
  'DELETE /api/activities/{id}': {
    write: () => client().delete(`/api/activities/${id('activity')}`),
    changes: ['/api/activities', '/api/activities/totals'],
  },
  'POST /api/activities/{id}/restore': {
    write: () => client().post(`/api/activities/${id('activity')}/restore`),
    changes: ['/api/activities', '/api/activities/totals'],
  },
  'PUT /api/heart-rate': { write: () => client().put('/api/heart-rate', { maxHeartRate: 188 }) },
  'POST /api/goals': {
    write: () =>
      remember(
        'goal',
        client().post(`/api/goals?timeZone=${ZONE}`, {
          kind: 'race',
          title: 'Spring half',
          startDate: '2026-11-24',
          endDate: '2027-02-01',
          raceDistanceM: 21_097.5,
          targetTimeS: 6900,
        }),
      ),
  },
  'PATCH /api/goals/{id}': {
    write: () => client().patch(`/api/goals/${id('goal')}`, { title: 'Spring half, faster' }),
  },
  'PUT /api/goals/order': { write: () => client().put('/api/goals/order', { goalIds: [id('goal')] }) },
  'POST /api/training-plans': {
    write: () =>
      remember(
        'plan',
        client().post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
          goalId: id('goal'),
          level: 'intermediate',
          runsPerWeek: 6,
          longRunDay: 0,
        }),
      ),
    changes: [`/api/training/today?timeZone=${ZONE}`],
  },
  'PUT /api/training-plans/{id}/progress': {
    write: async () => {
      const today = await client().get<TodayTasks>(`/api/training/today?timeZone=${ZONE}`);
      const plan = today.body.plans[0];
      return client().put(`/api/training-plans/${id('plan')}/progress`, {
        date: plan?.date ?? '2026-11-24',
        taskId: plan?.tasks[0]?.task.id ?? 'no-task-today',
        completed: true,
      });
    },
    changes: [`/api/training/today?timeZone=${ZONE}`],
  },
  'POST /api/training-plans/{id}/replan': {
    write: () => client().post(`/api/training-plans/${id('plan')}/replan`),
  },
  'PATCH /api/training-plans/{id}': {
    write: () => client().patch(`/api/training-plans/${id('plan')}`, { status: 'archived' }),
    changes: [`/api/training/today?timeZone=${ZONE}`],
  },
  'DELETE /api/training-plans/{id}': { write: () => client().delete(`/api/training-plans/${id('plan')}`) },
  'DELETE /api/goals/{id}': { write: () => client().delete(`/api/goals/${id('goal')}`) },
  'POST /api/wellbeing/check-ins': {
    write: () => client().post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, { ...DEFAULT_WELLBEING_PREFERENCES }),
    changes: [`/api/readiness?timeZone=${ZONE}`],
  },
  'POST /api/wellbeing/exercises': {
    write: () => client().post(`/api/wellbeing/exercises?timeZone=${ZONE}`, { exercise: 'breathing' }),
  },
  'PUT /api/wellbeing/preferences': {
    write: () => client().put('/api/wellbeing/preferences', { ...DEFAULT_WELLBEING_PREFERENCES, sleepQuality: 'low' }),
  },
  'PUT /api/coaching-settings': {
    write: () => client().put('/api/coaching-settings', { remindersEnabled: true, reminderTime: '07:30' }),
  },
  'POST /api/analytics/sessions': { write: () => client().post('/api/analytics/sessions', { timeZone: ZONE }) },
  'POST /api/analytics/page-time': {
    write: () => client().post('/api/analytics/page-time', { page: 'dashboard', elapsedMs: 5000 }),
  },
  'POST /api/analytics/screenshots': { write: () => client().post('/api/analytics/screenshots') },
  'POST /api/analytics/streak/recalculate': {
    write: () => client().post('/api/analytics/streak/recalculate', { timeZone: ZONE }),
  },
  'POST /api/analytics/page-views': {
    write: () => client().post('/api/analytics/page-views', { views: ['/dashboard', '/charts'] }),
  },
  'POST /api/routes': { write: () => remember('route', client().post('/api/routes', routeLine)) },
  'PUT /api/routes/{id}': { write: () => client().put(`/api/routes/${id('route')}`, { ...routeLine, name: 'Loop 2' }) },
  'PATCH /api/routes/{id}': { write: () => client().patch(`/api/routes/${id('route')}`, { name: 'Loop 3' }) },
  'DELETE /api/routes/{id}': { write: () => client().delete(`/api/routes/${id('route')}`) },
  'POST /api/weather/prime': { write: () => client().post('/api/weather/prime') },
  'POST /api/errors': {
    write: () =>
      client().post('/api/errors', {
        reports: [
          {
            id: 'err_1_abcd',
            type: 'unknown_error',
            severity: 'low',
            message: 'A test report',
            path: '/dashboard',
            occurredAt: new Date(NOW).toISOString(),
          },
        ],
      }),
  },
  'POST /api/account/data-export': { write: () => client().post('/api/account/data-export') },
  'POST /api/strava/connect': { write: () => client().post('/api/strava/connect', {}) },
  'PUT /api/strava/app': {
    write: () => client().put('/api/strava/app', { clientId: '98765', clientSecret: 'b'.repeat(40) }),
    changes: ['/api/strava/status'],
  },
  'DELETE /api/strava/app': { write: () => client().delete('/api/strava/app'), changes: ['/api/strava/status'] },
  'POST /api/strava/sync': {
    write: () => client().post('/api/strava/sync', { full: true }),
    settle: syncSettled,
    changes: ['/api/strava/status'],
  },
  'DELETE /api/strava/connection': {
    write: () => client().delete('/api/strava/connection'),
    changes: ['/api/strava/status'],
  },
  'POST /api/strava/exchange': {
    write: () => connectStrava(client()),
    settle: syncSettled,
    changes: ['/api/strava/status'],
  },
  'POST /api/account/sessions/end-others': { write: () => client().post('/api/account/sessions/end-others') },
  'DELETE /api/account/sessions/{id}': {
    write: async () => {
      await signedInClient(server, runner.credentials);
      const sessions = await client().get<{ sessions: { id: string; current: boolean }[] }>('/api/account/sessions');
      const other = sessions.body.sessions.find((session) => !session.current);
      return client().delete(`/api/account/sessions/${other?.id ?? 'none'}`);
    },
  },
  'POST /api/account/password': {
    write: () =>
      client().post('/api/account/password', {
        currentPassword: runner.credentials.password,
        newPassword: `${runner.credentials.password}-new`,
      }),
  },
};

/** Write endpoints this suite does not perform, each with why. */
const NOT_PERFORMED: Record<string, string> = {
  'DELETE /api/account':
    'ends the runner: every read answers 401 after it, cached or not (caches.db.test.ts, "refuses every device at once after the account is deleted")',
  'POST /api/routes/snap': 'asks the routing service and writes nothing of the runner (planner.db.test.ts)',
  'POST /api/routes/elevation': 'asks the elevation service and writes nothing of the runner (planner.db.test.ts)',
  'POST /api/strava/webhook':
    "Strava's push for a registered subscription (strava-webhooks.db.test.ts); it runs as the athlete's unit of work",
  'POST /api/subscription/checkout': 'needs a Stripe stand-in (subscription.db.test.ts); writes no row before Stripe',
  'POST /api/subscription/portal': 'needs a Stripe stand-in (subscription.db.test.ts); writes no row',
  'POST /api/stripe/webhook': 'signed by Stripe (subscription.db.test.ts); gates features no cached read holds',
  'POST /api/account/phone-number/code':
    'texts a code through the SMS provider, which this server has none of (phone-sign-in.db.test.ts); no cached read holds a phone number',
  'DELETE /api/account/phone-number':
    'forgets the confirmed phone number (phone-sign-in.db.test.ts); no cached read holds a phone number',
  'POST /api/training-plans/{id}/versions/{versionId}/{answer}':
    'answers a proposed re-plan, which a plan with no week behind it never has (training-coach.db.test.ts accepts one)',
  'POST /api/mail/unsubscribe':
    "a mailed token's (mailings.db.test.ts); its unit of work has no runner and drops every runner's reads of what it wrote",
};

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 41, enforceRateLimits: false });
  server = await startTestServer({ strava: stravaConfigFor(strava) }, { clock, stravaClock: recordingClock() });
  runner = await connectedRunner(server, strava, 0);
  warm = await readAll();
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

async function readAll(): Promise<Record<CachedRead, unknown>> {
  const answers = await Promise.all(CACHED_READS.map(async (path) => [path, (await client().get(path)).body]));
  return Object.fromEntries(answers) as Record<CachedRead, unknown>;
}

describe('every write endpoint leaves the cached reads fresh', () => {
  it('has a case, or a reason, for each write endpoint the OpenAPI document lists', async () => {
    const document = (await client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs')).body;
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(writes.length).toBeGreaterThan(50);
    expect([...Object.keys(CASES), ...Object.keys(NOT_PERFORMED)].sort()).toEqual(writes.sort());
  });

  for (const [endpoint, { prepare, write, changes = [], settle }] of Object.entries(CASES)) {
    it(endpoint, async () => {
      // The case before left every read cached (its last reads); a preparation reads them again.
      const before = prepare ? (await prepare(), await readAll()) : warm;
      const response = await write();
      expect(response.status, response.text).toBeLessThan(300);
      await settle?.();
      const after = await readAll();
      await server.services.readCache.invalidateUser(runner.id);
      warm = await readAll();
      expect(after).toEqual(warm);
      for (const read of changes) {
        expect(after[read], read).not.toEqual(before[read]);
      }
    });
  }
});
