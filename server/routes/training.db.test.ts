/**
 * Goals & Training over HTTP on a fixed clock: goal order and progress, plans generated for a race
 * goal and followed day by day, runs ticking their day's task once, and the private calendar feed.
 */
import { Decoder, Stream } from '@garmin/fitsdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { GOAL_MESSAGES } from '../../core/training/goals.ts';
import { RUN_TASK_KINDS } from '../../core/training/plan-generation.ts';
import { PLAN_MESSAGES, raceTooCloseMessage } from '../../core/training/plan-request.ts';
import { PLAN_PROGRESS_MESSAGES } from '../../core/training/plan-progress.ts';
import { weekOneBasisText } from '../../core/training/task-text.ts';
import type { Goal, RacePredictionsView, TodayTasks, TrainingPlan } from '../../core/training/training-api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const clock = fixedClock(NOW);
const HALF = 21_097.5;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server.stop();
});

async function uploadRun(runner: RegisteredUser, startUtc: number, metres: number, speed = 3) {
  const seconds = Math.round(metres / speed / 5) * 5;
  const points = straightRun({ points: seconds / 5 + 1, interval: 5, speed, start: startUtc });
  const name = `run-${startUtc}-${metres}.gpx`;
  const result = await uploadFiles(server, runner.client, [{ name, content: garminConnectGpx(points, name) }], ZONE);
  expect(finalFileEvents(result.events)[0]?.activityId).toBeDefined();
}

const createGoal = (runner: RegisteredUser, goal: Record<string, unknown>) =>
  runner.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, goal);

const raceGoal = (raceDate: string, extra: Record<string, unknown> = {}) => ({
  kind: 'race',
  title: 'Spring half',
  startDate: '2026-11-24',
  endDate: raceDate,
  raceDistanceM: HALF,
  targetTimeS: 6900,
  ...extra,
});

describe('goals', () => {
  let runner: RegisteredUser;

  beforeAll(async () => {
    clock.set(NOW);
    runner = await registerUser(server);
  });

  it('start active at progress 0, the first at order 0 and each new one after the highest', async () => {
    const first = await createGoal(runner, {
      kind: 'distance',
      title: '300 km in December',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      targetDistanceM: 300_000,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ order: 0, status: 'active', progress: 0, timeZone: ZONE, hasPlan: false });
    const second = await createGoal(runner, {
      kind: 'frequency',
      startDate: '2026-11-23',
      endDate: '2026-12-20',
      runsPerWeek: 4,
    });
    expect(second.body.order).toBe(1);
    expect((await runner.client.delete(`/api/goals/${first.body.id}`)).status).toBe(200);
    const third = await createGoal(runner, raceGoal('2027-03-14'));
    // The highest order left is 1: the next is 2, not the count of goals.
    expect(third.body.order).toBe(2);

    const listed = await runner.client.get<{ goals: Goal[] }>('/api/goals');
    expect(listed.body.goals.map((goal) => goal.id)).toEqual([second.body.id, third.body.id]);
    const reordered = await runner.client.put<{ goals: Goal[] }>('/api/goals/order', {
      goalIds: [third.body.id, second.body.id],
    });
    expect(reordered.body.goals.map((goal) => [goal.id, goal.order])).toEqual([
      [third.body.id, 0],
      [second.body.id, 1],
    ]);
    expectApiError(await runner.client.put('/api/goals/order', { goalIds: [third.body.id] }), 400, {
      type: 'validation_error',
      message: GOAL_MESSAGES.order,
    });
  });

  it('refuse absurd targets and past dates with a sentence, storing nothing', async () => {
    const before = (await runner.client.get<{ goals: Goal[] }>('/api/goals')).body.goals.length;
    expectApiError(
      await createGoal(runner, {
        kind: 'distance',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        targetDistanceM: -5,
      }),
      400,
      { type: 'validation_error', message: `targetDistanceM: ${GOAL_MESSAGES.distance}` },
    );
    expectApiError(await createGoal(runner, raceGoal('2026-11-20', { startDate: '2026-11-01' })), 400, {
      type: 'validation_error',
      message: GOAL_MESSAGES.racePassed,
    });
    expectApiError(await createGoal(runner, raceGoal('2027-03-14', { targetTimeS: 60 })), 400, {
      type: 'validation_error',
      message: GOAL_MESSAGES.raceTooFast,
    });
    expect((await runner.client.get<{ goals: Goal[] }>('/api/goals')).body.goals).toHaveLength(before);
  });

  it('count the runner’s runs in the goal’s local days, and end completed or missed by themselves', async () => {
    const walker = await registerUser(server);
    const week = await createGoal(walker, {
      kind: 'distance',
      title: '6 km this week',
      startDate: '2026-11-23',
      endDate: '2026-11-29',
      targetDistanceM: 6000,
    });
    // 00:30 on Monday 23 November in Ljubljana is 23:30 UTC on Sunday: it counts for Monday.
    await uploadRun(walker, Date.UTC(2026, 10, 22, 23, 30), 3300);
    // Saturday 21 November is before the goal's week.
    await uploadRun(walker, Date.UTC(2026, 10, 21, 8, 0), 3300);
    let [goal] = (await walker.client.get<{ goals: Goal[] }>('/api/goals')).body.goals;
    expect(goal).toMatchObject({ id: week.body.id, status: 'active', progress: 54 });
    expect(goal?.detail).toMatchObject({ target: 6000, daysLeft: 6, onTrack: true });
    expect(goal?.detail.done).toBeCloseTo(3300, -1);

    // Sunday 23:59 local: still active; a minute later, Monday: missed.
    clock.set(Date.UTC(2026, 10, 29, 22, 59));
    [goal] = (await walker.client.get<{ goals: Goal[] }>('/api/goals')).body.goals;
    expect(goal?.status).toBe('active');
    clock.set(Date.UTC(2026, 10, 29, 23, 0));
    [goal] = (await walker.client.get<{ goals: Goal[] }>('/api/goals')).body.goals;
    expect(goal).toMatchObject({ status: 'missed', progress: 54 });
    clock.set(NOW);

    await uploadRun(walker, Date.UTC(2026, 10, 24, 6, 0), 3300);
    [goal] = (await walker.client.get<{ goals: Goal[] }>('/api/goals')).body.goals;
    expect(goal).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('are the runner’s own: another runner gets 404', async () => {
    const [goal] = (await runner.client.get<{ goals: Goal[] }>('/api/goals')).body.goals;
    const stranger = await registerUser(server);
    const notFound = { type: 'api_error' as const, message: NOT_FOUND_MESSAGES.goal };
    expectApiError(await stranger.client.patch(`/api/goals/${goal?.id}`, { title: 'Mine' }), 404, notFound);
    expectApiError(await stranger.client.delete(`/api/goals/${goal?.id}`), 404, notFound);
    expectApiError(
      await stranger.client.post('/api/training-plans', { goalId: goal?.id, level: 'beginner', runsPerWeek: 3 }),
      404,
      notFound,
    );
  });
});

describe('training plans', () => {
  let runner: RegisteredUser;
  let goalId: string;
  let plan: TrainingPlan;

  beforeAll(async () => {
    clock.set(NOW);
    runner = await registerUser(server);
    // Race day Monday 1 February 2027: exactly 10 weeks from today, so the plan starts today.
    goalId = (await createGoal(runner, raceGoal('2027-02-01'))).body.id;
    const created = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId,
      level: 'intermediate',
      runsPerWeek: 6,
      longRunDay: 0,
    });
    expect(created.status).toBe(201);
    plan = created.body;
  });

  it('are counted back from race day: whole weeks, a taper, the race last and nothing after it', () => {
    expect(plan).toMatchObject({
      goalId,
      status: 'active',
      race: 'half',
      startDate: '2026-11-24',
      raceDate: '2027-02-01',
      today: '2026-11-24',
      dailyProgress: {},
      adherence: null,
    });
    expect(plan.calendar).toHaveLength(10);
    const days = plan.calendar.flatMap((week) => week.days);
    expect(days).toHaveLength(70);
    expect(days.at(-1)).toMatchObject({ date: '2027-02-01' });
    expect(days.at(-1)?.tasks.map(({ task }) => task.kind)).toEqual(['race']);
    expect(plan.calendar.slice(-2).map((week) => week.kind)).toEqual(['taper', 'race']);
    expect(days[0]?.state).toBe('today');
    // No history: the paces come from the goal's 1:55:00.
    expect(plan.paces.source).toBe('goal');
  });

  it('refuse a race too close for the template, a goal that is not a race, and unknown levels', async () => {
    const soon = await createGoal(runner, raceGoal('2026-12-20'));
    expectApiError(
      await runner.client.post('/api/training-plans', { goalId: soon.body.id, level: 'beginner', runsPerWeek: 3 }),
      400,
      { type: 'validation_error', message: raceTooCloseMessage('2026-12-20', 3, 'beginner', 'half', 9) },
    );
    const distance = await createGoal(runner, {
      kind: 'distance',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      targetDistanceM: 100_000,
    });
    expectApiError(
      await runner.client.post('/api/training-plans', { goalId: distance.body.id, level: 'beginner', runsPerWeek: 3 }),
      400,
      { type: 'validation_error', message: PLAN_MESSAGES.notARaceGoal },
    );
    expectApiError(await runner.client.post('/api/training-plans', { goalId, level: 'elite', runsPerWeek: 3 }), 400, {
      type: 'validation_error',
      message: `level: ${PLAN_MESSAGES.level}`,
    });
    const plans = await runner.client.get<{ plans: unknown[] }>('/api/training-plans');
    expect(plans.body.plans).toHaveLength(1);
  });

  it('save and read daily progress keyed by the zero-padded day, refusing tasks not on that day', async () => {
    const today = plan.calendar[0]!.days[0]!;
    const task = today.tasks[0]!.task;
    const ticked = await runner.client.put<TrainingPlan>(`/api/training-plans/${plan.id}/progress`, {
      date: today.date,
      taskId: task.id,
      completed: true,
    });
    expect(ticked.status).toBe(200);
    expect(ticked.body.dailyProgress).toEqual({
      '2026-11-24': { completedTasks: [task.id], lastUpdated: new Date(NOW).toISOString() },
    });
    const read = await runner.client.get<{ dailyProgress: unknown }>(`/api/training-plans/${plan.id}/progress`);
    expect(read.body.dailyProgress).toEqual(ticked.body.dailyProgress);
    expect(ticked.body.adherence).toBe(100);

    expectApiError(
      await runner.client.put(`/api/training-plans/${plan.id}/progress`, {
        date: today.date,
        taskId: '2026-11-24-marathon',
        completed: true,
      }),
      400,
      { type: 'validation_error', message: PLAN_PROGRESS_MESSAGES.unknownTask },
    );
    expectApiError(
      await runner.client.put(`/api/training-plans/${plan.id}/progress`, {
        date: '2027-05-01',
        taskId: task.id,
        completed: true,
      }),
      400,
      { type: 'validation_error', message: PLAN_PROGRESS_MESSAGES.dayNotInPlan },
    );
    const untick = await runner.client.put<TrainingPlan>(`/api/training-plans/${plan.id}/progress`, {
      date: today.date,
      taskId: task.id,
      completed: false,
    });
    expect(untick.body.dailyProgress['2026-11-24']?.completedTasks).toEqual([]);
  });

  it('tick the day’s run task when a run is uploaded that day, once: an unticked task stays unticked', async () => {
    const todayTasks = plan.calendar[0]!.days[0]!.tasks;
    const runTask = todayTasks.find(({ task }) => RUN_TASK_KINDS.has(task.kind))?.task;
    expect(runTask?.distanceM).toBeGreaterThan(0);
    // 07:00 local today, the planned distance.
    await uploadRun(runner, Date.UTC(2026, 10, 24, 6, 0), runTask!.distanceM!);
    const after = await runner.client.get<TrainingPlan>(`/api/training-plans/${plan.id}`);
    expect(after.body.dailyProgress['2026-11-24']?.completedTasks).toEqual([runTask!.id]);
    const dashboard = await runner.client.get<TodayTasks>(`/api/training/today?timeZone=${ZONE}`);
    expect(dashboard.body.plans[0]?.tasks.find(({ task }) => task.id === runTask!.id)?.completed).toBe(true);

    await runner.client.put(`/api/training-plans/${plan.id}/progress`, {
      date: '2026-11-24',
      taskId: runTask!.id,
      completed: false,
    });
    // Another run (yesterday's, before the plan) changes the activities again: nothing is re-ticked.
    await uploadRun(runner, Date.UTC(2026, 10, 23, 6, 0), 5000);
    const later = await runner.client.get<TrainingPlan>(`/api/training-plans/${plan.id}`);
    expect(later.body.dailyProgress['2026-11-24']?.completedTasks).toEqual([]);
  });

  it('are ticked, when made, by a run already done on their first day; sample runs tick nothing', async () => {
    const early = await registerUser(server);
    // 07:00 local today, before the plan exists.
    await uploadRun(early, Date.UTC(2026, 10, 24, 6, 0), 15_000);
    expect((await early.client.post('/api/activities/samples')).status).toBe(200);
    const goal = (await createGoal(early, raceGoal('2027-02-01'))).body.id;
    const made = await early.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal,
      level: 'intermediate',
      runsPerWeek: 6,
      longRunDay: 0,
    });
    const runTask = made.body.calendar[0]!.days[0]!.tasks.find(({ task }) => RUN_TASK_KINDS.has(task.kind))?.task;
    expect(made.body.dailyProgress).toEqual({
      '2026-11-24': { completedTasks: [runTask!.id], lastUpdated: new Date(NOW).toISOString() },
    });

    // Two days on, the sample runs (dated the last three days) are added again: they are not the runner's runs.
    clock.set(NOW + 2 * 86_400_000);
    try {
      await early.client.delete('/api/activities/samples');
      expect((await early.client.post('/api/activities/samples')).status).toBe(200);
      const later = await early.client.get<TrainingPlan>(`/api/training-plans/${made.body.id}`);
      expect(Object.keys(later.body.dailyProgress)).toEqual(['2026-11-24']);
    } finally {
      clock.set(NOW);
    }
  });

  it('take their paces from a recent best effort when the runner has one', async () => {
    const fast = await registerUser(server);
    // 5.5 km at 4 m/s (4:10/km) last week: a 5K of 1,250 s.
    await uploadRun(fast, Date.UTC(2026, 10, 17, 6, 0), 5500, 4);
    const goal = await createGoal(fast, raceGoal('2027-02-01'));
    const created = await fast.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal.body.id,
      level: 'advanced',
      runsPerWeek: 5,
    });
    expect(created.body.paces).toMatchObject({ source: 'best-effort', effort: { label: '5K', seconds: 1250 } });
    // A 20:50 5K is VDOT 47.5 by the Daniels–Gilbert formulas.
    expect(created.body.paces.vdot).toBeCloseTo(47.5, 1);
  });

  it('give each run session as a FIT workout the FIT SDK reads as its steps; a rest day or another runner’s plan has none', async () => {
    const tasks = plan.calendar.flatMap((week) => week.days.flatMap((day) => day.tasks.map(({ task }) => task)));
    const intervals = tasks.find((task) => task.kind === 'intervals')!;
    const cookie = [...runner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${server.url}/api/training-plans/${plan.id}/workouts/${intervals.id}.fit`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`stride-${intervals.id}.fit`);
    const { messages, errors } = new Decoder(Stream.fromByteArray(new Uint8Array(await response.arrayBuffer()))).read();
    expect(errors).toEqual([]);
    const repeat = messages.workoutStepMesgs?.find((step) => step.durationType === 'repeatUntilStepsCmplt');
    expect(repeat?.repeatSteps).toBe(intervals.reps);
    const work = messages.workoutStepMesgs?.find((step) => step.intensity === 'active');
    expect(work?.durationDistance).toBe(intervals.repDistanceM);
    // The plan's own pace lies inside the watch's range.
    const speed = 1 / (intervals.paceSPerM ?? 0);
    expect(work?.customTargetSpeedLow).toBeLessThan(speed);
    expect(work?.customTargetSpeedHigh).toBeGreaterThan(speed);

    const rest = tasks.find((task) => task.kind === 'rest' || task.kind === 'strength')!;
    expectApiError(await runner.client.get(`/api/training-plans/${plan.id}/workouts/${rest.id}.fit`), 404, {
      type: 'api_error',
      message: NOT_FOUND_MESSAGES.workout,
    });
    const stranger = await registerUser(server);
    expectApiError(await stranger.client.get(`/api/training-plans/${plan.id}/workouts/${intervals.id}.fit`), 404, {
      type: 'api_error',
      message: NOT_FOUND_MESSAGES.plan,
    });
  });

  it('list by status and goal, newest first; change status; publish a private calendar; delete', async () => {
    const archived = await runner.client.patch<TrainingPlan>(`/api/training-plans/${plan.id}`, { status: 'archived' });
    expect(archived.body.status).toBe('archived');
    const active = await runner.client.get<{ plans: TrainingPlan[] }>('/api/training-plans?status=active');
    expect(active.body.plans).toEqual([]);
    const byGoal = await runner.client.get<{ plans: TrainingPlan[] }>(`/api/training-plans?goalId=${goalId}`);
    expect(byGoal.body.plans.map((listed) => listed.id)).toEqual([plan.id]);

    const visitor = createApiClient(server.url);
    const feed = await visitor.get(plan.calendarUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text).toContain(`UID:${plan.id}-2027-02-01@stride.training-plan`);
    expect((await visitor.get('/api/calendar/not-a-real-token-at-all.ics')).status).toBe(404);

    expect((await runner.client.delete(`/api/goals/${goalId}`)).status).toBe(200);
    expect((await runner.client.get(`/api/training-plans/${plan.id}`)).status).toBe(404);
    expect((await visitor.get(plan.calendarUrl)).status).toBe(404);
  });

  it('follow a change of race day, keeping the ticks still in them, or refuse a change they cannot follow', async () => {
    const mover = await registerUser(server);
    const goal = (await createGoal(mover, raceGoal('2027-02-01'))).body;
    const made = (
      await mover.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
        goalId: goal.id,
        level: 'intermediate',
        runsPerWeek: 6,
        longRunDay: 0,
      })
    ).body;
    const today = made.calendar[0]!.days[0]!;
    const ticked = today.tasks[0]!.task;
    await mover.client.put(`/api/training-plans/${made.id}/progress`, {
      date: today.date,
      taskId: ticked.id,
      completed: true,
    });
    const plans = await mover.client.get<{ plans: TrainingPlan[] }>(`/api/training-plans?goalId=${goal.id}`);
    expect((await mover.client.get<{ goals: Goal[] }>('/api/goals')).body.goals[0]).toMatchObject({
      hasPlan: true,
      hasActivePlan: true,
    });
    expect(plans.body.plans).toHaveLength(1);

    // A faster target: the same days and tasks at quicker paces, today's tick kept.
    const ticks = (await mover.client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body.dailyProgress;
    expect((await mover.client.patch<Goal>(`/api/goals/${goal.id}`, { targetTimeS: 6600 })).status).toBe(200);
    const faster = (await mover.client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body;
    expect(faster.dailyProgress).toEqual(ticks);
    expect(faster.paces.paces.threshold).toBeLessThan(made.paces.paces.threshold);

    // Race day a week later: the plan follows it, one week longer, counted back from the new day.
    expect((await mover.client.patch<Goal>(`/api/goals/${goal.id}`, { endDate: '2027-02-08' })).status).toBe(200);
    const after = (await mover.client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body;
    expect(after).toMatchObject({ raceDate: '2027-02-08', startDate: '2026-11-24' });
    expect(after.calendar).toHaveLength(11);
    expect(
      after.calendar
        .flatMap((week) => week.days)
        .at(-1)
        ?.tasks.map(({ task }) => task.kind),
    ).toEqual(['race']);

    // Three weeks away is too close for the plan: the goal keeps its race day.
    expectApiError(await mover.client.patch(`/api/goals/${goal.id}`, { endDate: '2026-12-15' }), 400, {
      type: 'validation_error',
      message: raceTooCloseMessage('2026-12-15', 3, 'intermediate', 'half', 9),
    });
    expect((await mover.client.get<{ goals: Goal[] }>('/api/goals')).body.goals[0]?.definition.endDate).toBe(
      '2027-02-08',
    );
    expect((await mover.client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body.raceDate).toBe('2027-02-08');

    // A title change leaves the plan as it is.
    const before = (await mover.client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body.updatedAt;
    await mover.client.patch(`/api/goals/${goal.id}`, { title: 'Spring half, Ljubljana' });
    expect((await mover.client.get<TrainingPlan>(`/api/training-plans/${made.id}`)).body.updatedAt).toBe(before);

    // An archived plan lets the runner make a new one for the goal.
    await mover.client.patch(`/api/training-plans/${made.id}`, { status: 'archived' });
    expect((await mover.client.get<{ goals: Goal[] }>('/api/goals')).body.goals[0]).toMatchObject({
      hasPlan: true,
      hasActivePlan: false,
    });
  });

  it('are completed once race day has passed, and a far race shows when its plan begins', async () => {
    const racer = await registerUser(server);
    const near = (await createGoal(racer, raceGoal('2027-02-01'))).body;
    const far = (await createGoal(racer, raceGoal('2027-12-19', { title: 'Far marathon', raceDistanceM: 42_195 })))
      .body;
    const request = { level: 'beginner', runsPerWeek: 4, longRunDay: 0 };
    const nearPlan = (
      await racer.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, { goalId: near.id, ...request })
    ).body;
    const farPlan = (
      await racer.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, { goalId: far.id, ...request })
    ).body;
    expect(farPlan.startDate).toBe('2027-07-05');
    const today = (await racer.client.get<TodayTasks>(`/api/training/today?timeZone=${ZONE}`)).body;
    expect(today.upcoming).toEqual([
      { planId: farPlan.id, race: 'marathon', raceDate: '2027-12-19', startDate: '2027-07-05' },
    ]);

    clock.set(Date.UTC(2027, 1, 1, 22, 30)); // 23:30 on race day in Ljubljana: still active
    try {
      expect((await racer.client.get<TrainingPlan>(`/api/training-plans/${nearPlan.id}`)).body.status).toBe('active');
      clock.set(Date.UTC(2027, 1, 1, 23, 0)); // midnight: completed, and stored so
      const active = await racer.client.get<{ plans: TrainingPlan[] }>('/api/training-plans?status=active');
      expect(active.body.plans.map((listed) => listed.id)).toEqual([farPlan.id]);
      const completed = await racer.client.get<{ plans: TrainingPlan[] }>('/api/training-plans?status=completed');
      expect(completed.body.plans.map((listed) => listed.id)).toEqual([nearPlan.id]);
    } finally {
      clock.set(NOW);
    }
  });
});

describe('a plan’s week 1 and its ticks', () => {
  let runner: RegisteredUser;
  let plan: TrainingPlan;
  const DAY = 86_400_000;

  beforeAll(async () => {
    clock.set(NOW);
    runner = await registerUser(server);
    // Eight 6 km runs in the last four weeks (12 km a week), and a 20 km run five weeks ago.
    const starts = [2, 5, 9, 12, 16, 19, 23, 26].map((days) => NOW - days * DAY - 4 * 3_600_000);
    const files = [...starts.map((start) => [start, 6000] as const), [NOW - 35 * DAY, 20_000] as const].map(
      ([start, metres]) => {
        const points = straightRun({ points: metres / 15 + 1, interval: 5, speed: 3, start });
        return { name: `run-${start}.gpx`, content: garminConnectGpx(points, `run-${start}`) };
      },
    );
    const uploaded = await uploadFiles(server, runner.client, files, ZONE);
    expect(finalFileEvents(uploaded.events).every((event) => event.activityId !== undefined)).toBe(true);
    const goalId = (await createGoal(runner, raceGoal('2027-02-01'))).body.id;
    const created = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId,
      level: 'intermediate',
      runsPerWeek: 4,
      longRunDay: 0,
    });
    expect(created.status).toBe(201);
    plan = created.body;
  });

  it('follows the runner’s last four weeks of running, and says so', () => {
    expect(plan.weekOneBasis).toMatchObject({ recentRuns: 8, source: 'recent' });
    expect(plan.weekOneBasis?.recentWeeklyM).toBeCloseTo(12_000, -1);
    const weekOne = plan.calendar[0]!.days.flatMap((day) => day.tasks.map(({ task }) => task));
    const runs = weekOne.filter((task) => RUN_TASK_KINDS.has(task.kind));
    expect(plan.weekOneBasis?.weekOneM).toBe(runs.reduce((sum, task) => sum + task.distanceM!, 0));
    // Not the plan's own first week: a 4.2 km long run (35 % of the runner's 12 km), not 10.6 km.
    expect(runs.find((task) => task.kind === 'long')?.distanceM).toBe(4_200);
    expect(weekOneBasisText(plan.weekOneBasis!, 'metric')).toBe(
      'Week 1 is based on your last 4 weeks of running (8 runs, 12 km a week on average): 13.2 km, then at most 10 % more each week.',
    );
    // The list of plans says it too.
    return runner.client.get<{ plans: TrainingPlan[] }>('/api/training-plans').then((list) => {
      expect(list.body.plans[0]?.weekOneBasis).toEqual(plan.weekOneBasis);
    });
  });

  it('refuses to tick a task of a day that has not come, with a sentence, and stores nothing', async () => {
    const tomorrow = plan.calendar[0]!.days[1]!;
    expect(tomorrow.date).toBe('2026-11-25');
    expectApiError(
      await runner.client.put(`/api/training-plans/${plan.id}/progress`, {
        date: tomorrow.date,
        taskId: tomorrow.tasks[0]!.task.id,
        completed: true,
      }),
      400,
      { type: 'validation_error', message: PLAN_PROGRESS_MESSAGES.futureDay },
    );
    const read = await runner.client.get<{ dailyProgress: unknown }>(`/api/training-plans/${plan.id}/progress`);
    expect(read.body.dailyProgress).toEqual({});
    // The next day it can be.
    clock.set(NOW + DAY);
    try {
      const ticked = await runner.client.put<TrainingPlan>(`/api/training-plans/${plan.id}/progress`, {
        date: tomorrow.date,
        taskId: tomorrow.tasks[0]!.task.id,
        completed: true,
      });
      expect(ticked.status).toBe(200);
      expect(ticked.body.dailyProgress[tomorrow.date]?.completedTasks).toEqual([tomorrow.tasks[0]!.task.id]);
    } finally {
      clock.set(NOW);
    }
  });
});

describe('race predictions', () => {
  it('come from the runner’s best 5K of the last 12 weeks, by VDOT and Riegel, with the week’s VDOT last in the trend', async () => {
    clock.set(NOW);
    const runner = await registerUser(server);
    const path = `/api/training/predictions?timeZone=${ZONE}`;
    expect((await runner.client.get<RacePredictionsView>(path)).body).toMatchObject({ basis: null, races: [] });

    // Yesterday morning: 5 km at 4 m/s.
    await uploadRun(runner, Date.UTC(2026, 10, 23, 6, 0), 5000, 4);
    const { basis, races, trend } = (await runner.client.get<RacePredictionsView>(path)).body;
    expect(basis).toMatchObject({ label: '5K', metres: 5000, date: '2026-11-23' });
    expect(basis!.seconds).toBeCloseTo(1250, -1);
    const half = races.find((race) => race.race === 'half');
    expect(half?.riegelSeconds).toBe(Math.round(basis!.seconds * (21_097.5 / 5000) ** 1.06));
    expect(trend).toHaveLength(12);
    expect(trend.at(-1)).toEqual({ weekEnd: '2026-11-24', vdot: basis!.vdot });
    expect(trend.at(-2)?.vdot).toBeNull();
  });
});
