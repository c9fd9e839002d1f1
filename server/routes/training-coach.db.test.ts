/**
 * The adaptive coach over HTTP on a fixed clock: a runner with eight weeks of known running (manual
 * entries) gets the plan form pre-filled from it and a plan whose first week is their volume; after
 * a week of missed runs and poor check-ins the weekly re-plan (a job on the queue, run by the
 * clock) proposes an easier week and says why, and the runner keeps the plan or accepts it. A
 * watch's FIT file of an interval session, laps and all, ticks the session and is scored against it;
 * a fast 5K after it moves the plan's paces up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { encodeFit } from '../../core/activity/fit-file-builders.test-support.ts';
import { formatPacePerMetre } from '../../core/format.ts';
import { trainingPaces, vdotFromRace } from '../../core/running/vdot.ts';
import { intervalParts, partsRun } from '../../core/training/interval-run.test-support.ts';
import { QUALITY_WARM_UP_M } from '../../core/training/plan-templates.ts';
import { RUN_TASK_KINDS } from '../../core/training/plan-generation.ts';
import { addDays, epochDay, weekdayOf } from '../../core/training/local-day.ts';
import type {
  Goal,
  PlanDefaults,
  PlanVersion,
  SessionScoreView,
  TrainingPlan,
} from '../../core/training/training-api.ts';
import { paceRange } from '../../core/training/workout-steps.ts';
import { REPLAN_MESSAGES, REVIEW_CHECK_INTERVAL_MS } from '../services/plan-replanning.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

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
  const runs = Array.from({ length: 8 }, (_, week) =>
    (
      [
        [2, 14_400],
        [4, 10_000],
        [5, 10_000],
        [6, 10_000],
      ] as const
    ).map(([daysAgo, metres]) => ({ daysAgo: week * 7 + daysAgo, metres })),
  ).flat();
  const created = await Promise.all(
    runs.map(({ daysAgo, metres }) =>
      runner.client.post('/api/activities/manual', {
        type: 'run',
        distance: metres,
        movingTime: Math.round(metres * 0.33),
        startDateLocal: `${addDays(TODAY, -daysAgo)}T07:30`,
        timeZone: ZONE,
      }),
    ),
  );
  expect(created.map((response) => response.status)).toEqual(runs.map(() => 201));
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

describe('a plan that adapts', () => {
  let plan: TrainingPlan;
  const read = async () => (await runner.client.get<TrainingPlan>(`/api/training-plans/${plan.id}`)).body;
  const answer = (versionId: string, verb: 'accept' | 'keep') =>
    runner.client.post<TrainingPlan>(`/api/training-plans/${plan.id}/versions/${versionId}/${verb}`, {});

  beforeAll(async () => {
    clock.set(NOW);
    const created = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId,
      level: 'intermediate',
      runsPerWeek: 4,
      longRunDay: 0,
    });
    expect(created.status).toBe(201);
    plan = created.body;
    expect(plan.calendar[0]!.days[0]!.date).toBe('2026-11-30');
    // Week 1 (30 November to 6 December) passes without a run; four check-ins with high soreness and
    // poor sleep. Then Monday 7 December, 7:00 in Ljubljana.
    clock.set(Date.UTC(2026, 11, 7, 6, 0, 0));
    for (const date of ['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']) {
      const checkIn = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, {
        sleepQuality: 'low',
        energyLevel: 'moderate',
        stressLevel: 'moderate',
        soreness: 'high',
        hydration: 'high',
        nutrition: 'high',
        moodRating: 'moderate',
        injuryFeeling: 'low',
        date,
      });
      expect(checkIn.status).toBe(201);
    }
  });

  afterAll(() => clock.set(NOW));

  it('is re-planned by the weekly job on the day its week begins: easier, saying why; kept, then accepted', async () => {
    expect((await read()).proposal).toBeNull();
    clock.tick(REVIEW_CHECK_INTERVAL_MS);
    await expect.poll(async () => (await read()).proposal?.kind, { timeout: 10_000 }).toBe('unwell');
    const before = await read();
    const proposal = before.proposal!;
    const reason =
      'Easier week: soreness high on 4 of the last 4 check-ins and 0 of 4 planned runs done in the last 7 days.';
    expect(proposal).toMatchObject({ status: 'proposed', madeOn: '2026-12-07', reason });
    const weekTwoM = weekVolume(before.calendar[1]!);
    expect(proposal.changes[0]).toMatchObject({ week: 2, fromM: weekTwoM });
    expect(proposal.changes[0]!.toM).toBeLessThan(weekTwoM * 0.85);

    // Kept: the plan stays as it was, and the answer cannot be given twice.
    const kept = await answer(proposal.id, 'keep');
    expect(kept.status).toBe(200);
    expect(kept.body.proposal).toBeNull();
    expect(weekVolume(kept.body.calendar[1]!)).toBe(weekTwoM);
    expect(kept.body.versions.map((version) => version.status)).toEqual(['kept']);
    expectApiError(await answer(proposal.id, 'accept'), 400, {
      type: 'validation_error',
      message: REPLAN_MESSAGES.noProposal,
    });

    // Asked again the same day, and accepted: week 2 is the easier week.
    const asked = await runner.client.post<PlanVersion>(`/api/training-plans/${plan.id}/replan`, {});
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'proposed', reason });
    const accepted = await answer(asked.body.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(weekVolume(accepted.body.calendar[1]!)).toBe(asked.body.changes[0]!.toM);
    // A cut-back week: week 3 is as planned.
    expect(weekVolume(accepted.body.calendar[2]!)).toBe(weekVolume(before.calendar[2]!));
    expect(accepted.body.versions.map((version) => version.status)).toEqual(['accepted', 'kept']);
    // The same signs do not ease it twice.
    const again = await runner.client.post<PlanVersion>(`/api/training-plans/${plan.id}/replan`, {});
    expect(again.body).toMatchObject({
      status: 'unchanged',
      reason: 'No change: the plan was already eased on 2026-12-07 for these days.',
    });
  });
});

describe('done against asked', () => {
  it('scores an interval session’s run from its FIT laps, on the activity and on the plan', async () => {
    clock.set(NOW);
    const athlete = await registerUser(server);
    expect((await athlete.client.patch('/api/profile', { preferences: { unitSystem: 'metric' } })).status).toBe(200);
    // A 10K ten weeks on, the long run on Sunday: the plan starts today with 4 × 1000 m intervals.
    const goal = await athlete.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, {
      kind: 'race',
      title: 'Winter 10K',
      startDate: TODAY,
      endDate: addDays(TODAY, 69),
      raceDistanceM: 10_000,
      targetTimeS: 2700,
    });
    const made = await athlete.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal.body.id,
      level: 'intermediate',
      runsPerWeek: 4,
      longRunDay: 0,
    });
    expect(made.status).toBe(201);
    const { task } = made.body.calendar[0]!.days[0]!.tasks[0]!;
    expect(task).toMatchObject({ kind: 'intervals', reps: 4, repDistanceM: 1000 });
    // Three reps at the plan's pace, the last 10 s over it; jogs as long as a rep at the pace.
    const repS = Math.round(1000 * task.paceSPerM!);
    const repSeconds = [repS, repS, repS, repS + 10];
    const parts = intervalParts({ warmUpM: QUALITY_WARM_UP_M / 2, repM: 1000, repSeconds, jogS: repS });
    const { points, lapStarts } = partsRun(parts, Date.UTC(2026, 10, 24, 7, 0, 0));
    const bytes = encodeFit({ points, sport: 'running', lapStarts, lapTotals: 'watch' });
    const uploaded = await uploadFiles(server, athlete.client, [{ name: 'intervals.fit', content: bytes }], ZONE);
    const activityId = finalFileEvents(uploaded.events)[0]?.activityId;
    expect(activityId).toBeDefined();
    const read = () => athlete.client.get<TrainingPlan>(`/api/training-plans/${made.body.id}`);
    await expect.poll(async () => (await read()).body.dailyProgress[TODAY]?.completedTasks).toEqual([task.id]);

    // The last rep's pace beyond the range's slow end, in whole seconds per km.
    const range = paceRange(task.paceSPerM!);
    const slowBy = Math.max(1, Math.round(((repS + 10) / 1000 - range.slowest) * 1000));
    const expected = {
      planId: made.body.id,
      date: TODAY,
      taskId: task.id,
      activityId,
      source: 'laps',
      summary: `3 of 4 reps on target, last one ${slowBy} s slow`,
    };
    const score = await athlete.client.get<{ score: SessionScoreView }>(`/api/activities/${activityId}/session-score`);
    expect(score.status).toBe(200);
    expect(score.body.score).toMatchObject(expected);
    expect(score.body.score.planned).toMatch(/^4 × 1000 m at \d:\d\d–\d:\d\d\/km$/);
    expect(score.body.score.reps.map((rep) => [rep.distanceM, rep.seconds])).toEqual(
      repSeconds.map((seconds) => [1000, seconds]),
    );
    const scores = await athlete.client.get<{ scores: SessionScoreView[] }>(
      `/api/training-plans/${made.body.id}/session-scores`,
    );
    expect(scores.body.scores).toEqual([score.body.score]);
    // Another runner's activity is not found.
    expect((await runner.client.get(`/api/activities/${activityId}/session-score`)).status).toBe(404);

    // A 5K in 20:50 the same morning: the re-plan proposes the paces it gives, and they are the plan's once accepted.
    const fast = straightRun({ points: 256, interval: 5, speed: 4, start: Date.UTC(2026, 10, 24, 9, 0, 0) });
    await uploadFiles(server, athlete.client, [{ name: '5k.gpx', content: garminConnectGpx(fast, '5K') }], ZONE);
    const defaults = () =>
      athlete.client.get<PlanDefaults>(`/api/goals/${goal.body.id}/plan-defaults?timeZone=${ZONE}`);
    await expect
      .poll(async () => (await defaults()).body.paces.effort)
      .toEqual({
        label: '5K',
        seconds: 1250,
        date: TODAY,
      });
    // The 5K is nearer the session's distance, but the intervals' laps line up with its steps.
    const after = await athlete.client.get<{ scores: SessionScoreView[] }>(
      `/api/training-plans/${made.body.id}/session-scores`,
    );
    expect(after.body.scores).toEqual([score.body.score]);
    const threshold = trainingPaces(vdotFromRace(5000, 1250)).find((pace) => pace.zone === 'threshold')!;
    const quicker = Math.round((made.body.paces.paces.threshold - threshold.secondsPerMetre) * 1000);
    const replanned = await athlete.client.post<PlanVersion>(`/api/training-plans/${made.body.id}/replan`, {});
    expect(replanned.body).toMatchObject({
      status: 'proposed',
      kind: 'faster',
      paces: { source: 'best-effort', effort: { label: '5K', seconds: 1250, date: TODAY } },
      reason: `Faster paces: your 5K on 24 Nov 2026 (20:50) puts your threshold at ${formatPacePerMetre(threshold.secondsPerMetre, 'metric')}, ${quicker} s/km quicker than the plan's.`,
    });
    const accepted = await athlete.client.post<TrainingPlan>(
      `/api/training-plans/${made.body.id}/versions/${replanned.body.id}/accept`,
      {},
    );
    expect(accepted.body.paces).toMatchObject({ source: 'best-effort', effort: { label: '5K', seconds: 1250 } });
    const tomorrow = accepted.body.calendar[0]!.days[1]!.tasks[0]!.task;
    expect(tomorrow.paceSPerM).toBe(accepted.body.paces.paces[tomorrow.pace!]);
  });
});
