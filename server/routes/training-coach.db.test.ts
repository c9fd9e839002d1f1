/**
 * The adaptive coach over HTTP on a fixed clock: a runner with eight weeks of known running (manual
 * entries) gets the plan form pre-filled from it and a plan whose first week is their volume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_TASK_KINDS } from '../../core/training/plan-generation.ts';
import { addDays, epochDay, weekdayOf } from '../../core/training/local-day.ts';
import type { Goal, PlanDefaults, TrainingPlan } from '../../core/training/training-api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const TODAY = '2026-11-24';
const clock = fixedClock(NOW);

let server: TestServer;
let runner: RegisteredUser;
let goalId: string;

const weekVolume = (week: TrainingPlan['calendar'][number]) =>
  week.days
    .flatMap((day) => day.tasks)
    .reduce((sum, { task }) => sum + (RUN_TASK_KINDS.has(task.kind) ? (task.distanceM ?? 0) : 0), 0);

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  runner = await registerUser(server);
  // Eight weeks of four runs: 10 km on Wednesday, Thursday and Friday at 5:30/km, and 14.4 km on
  // Sunday: 44.4 km a week.
  for (let week = 0; week < 8; week += 1) {
    for (const [daysAgo, metres] of [
      [2, 14_400],
      [4, 10_000],
      [5, 10_000],
      [6, 10_000],
    ] as const) {
      const created = await runner.client.post('/api/activities/manual', {
        type: 'run',
        distance: metres,
        movingTime: Math.round(metres * 0.33),
        startDateLocal: `${addDays(TODAY, -(week * 7 + daysAgo))}T07:30`,
        timeZone: ZONE,
      });
      expect(created.status).toBe(201);
    }
  }
  const goal = await runner.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, {
    kind: 'race',
    title: 'Spring half',
    startDate: TODAY,
    endDate: '2027-02-28',
    raceDistanceM: 21_097.5,
    targetTimeS: 6300,
  });
  expect(goal.status).toBe(201);
  goalId = goal.body.id;
});

afterAll(async () => {
  await server.stop();
});

describe('a plan from the runner’s real training', () => {
  it('pre-fills the form from the last weeks: 44.4 km a week, 4 runs, a 14.4 km longest run on Sundays', async () => {
    const defaults = await runner.client.get<PlanDefaults>(`/api/goals/${goalId}/plan-defaults?timeZone=${ZONE}`);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      recentRuns: 16,
      weeklyDistanceM: 44_400,
      runsPerWeek: 4,
      longestRunM: 14_400,
      longRunDay: 0,
      paces: { source: 'goal' },
    });
  });

  it('starts the plan within 10 % of the runner’s recent volume, not the template’s 30.5 km', async () => {
    const created = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId,
      level: 'intermediate',
      runsPerWeek: 4,
      longRunDay: 0,
    });
    expect(created.status).toBe(201);
    const weekOne = weekVolume(created.body.calendar[0]!);
    expect(Math.abs(weekOne / 44_400 - 1)).toBeLessThanOrEqual(0.1);
    expect(created.body.weekOneBasis).toEqual({
      recentRuns: 16,
      recentWeeklyM: 44_400,
      source: 'recent',
      weekOneM: weekOne,
    });
    expect((await runner.client.delete(`/api/training-plans/${created.body.id}`)).status).toBe(200);
  });

  it('takes the weekly distance and days the runner gives: 45 km, never on Tuesdays', async () => {
    const created = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId,
      level: 'intermediate',
      runsPerWeek: 5,
      longRunDay: 0,
      weeklyDistanceM: 45_000,
      runDays: [0, 1, 3, 4, 5, 6],
    });
    expect(created.status).toBe(201);
    expect(created.body.weekOneBasis?.source).toBe('given');
    // The easy runs are whole 100 m: 44.9 km.
    expect(weekVolume(created.body.calendar[0]!)).toBe(44_900);
    const runWeekdays = created.body.calendar
      .filter((week) => week.kind !== 'race')
      .flatMap((week) => week.days)
      .filter((day) => day.tasks.some(({ task }) => RUN_TASK_KINDS.has(task.kind)))
      .map((day) => weekdayOf(epochDay(day.date)!));
    expect(runWeekdays).not.toContain(2);
    expect((await runner.client.delete(`/api/training-plans/${created.body.id}`)).status).toBe(200);
  });
});
