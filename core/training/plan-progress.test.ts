import { describe, expect, it } from 'vitest';
import { localDayStartUtc } from './local-day.ts';
import { generatePlan, planDays, type TrainingPlanSchedule } from './plan-generation.ts';
import {
  type DailyProgress,
  dailyProgressSchema,
  INITIAL_PLAN_STATUS,
  matchActivityToTask,
  newTrainingPlanRecord,
  PLAN_PROGRESS_MESSAGES,
  planAdherence,
  planCalendar,
  runForTask,
  taskToggleSchema,
  tasksOn,
  toggleTask,
} from './plan-progress.ts';

const NOW = Date.parse('2027-01-01T10:00:00Z');
/** Past race day: every day of the plan may be ticked. */
const AFTER_RACE = '2027-03-15';
function tenKPlan(): TrainingPlanSchedule {
  // 10K beginner, 10 weeks from Monday 2027-01-04 to race day Sunday 2027-03-14; long runs on Sunday.
  const result = generatePlan({
    race: '10k',
    level: 'beginner',
    runsPerWeek: 3,
    longRunDay: 0,
    raceDate: '2027-03-14',
    today: '2027-01-04',
    targetTimeS: 3300,
  });
  if (!result.ok) {
    throw new Error(result.message);
  }
  return result.plan;
}
const plan = tenKPlan();
const tick = (progress: DailyProgress, date: string, taskId: string, completed = true) => {
  const result = toggleTask(plan, progress, { date, taskId, completed }, NOW, AFTER_RACE);
  if (!result.ok) {
    throw new Error(result.message);
  }
  return result.progress;
};

describe('the first week', () => {
  it('is laid out as expected', () => {
    expect(
      planDays(plan)
        .slice(0, 7)
        .map((day) => day.tasks.map((task) => task.id)),
    ).toEqual([
      ['2027-01-04-rest'],
      ['2027-01-05-intervals'],
      ['2027-01-06-rest'],
      ['2027-01-07-easy'],
      ['2027-01-08-rest'],
      ['2027-01-09-rest'],
      ['2027-01-10-long', '2027-01-10-stretching'],
    ]);
    expect(INITIAL_PLAN_STATUS).toBe('active');
  });

  it('is stored active with no progress, and stored progress reads back', () => {
    expect(newTrainingPlanRecord('goal-1', plan, NOW)).toEqual({
      goalId: 'goal-1',
      status: 'active',
      dailyProgress: {},
      schedule: plan,
      createdAt: '2027-01-01T10:00:00.000Z',
      updatedAt: '2027-01-01T10:00:00.000Z',
    });
    const progress = tick({}, '2027-01-05', '2027-01-05-intervals');
    expect(dailyProgressSchema.parse(JSON.parse(JSON.stringify(progress)))).toEqual(progress);
    expect(dailyProgressSchema.safeParse({ '2027-1-5': { completedTasks: [], lastUpdated: '' } }).success).toBe(false);
  });
});

describe('toggleTask', () => {
  it('ticks and unticks, keeping the plan order and stamping lastUpdated', () => {
    let progress: DailyProgress = {};
    progress = tick(progress, '2027-01-10', '2027-01-10-stretching');
    progress = tick(progress, '2027-01-10', '2027-01-10-long');
    expect(progress['2027-01-10']).toEqual({
      completedTasks: ['2027-01-10-long', '2027-01-10-stretching'],
      lastUpdated: '2027-01-01T10:00:00.000Z',
    });
    progress = tick(progress, '2027-01-10', '2027-01-10-long', false);
    expect(progress['2027-01-10']!.completedTasks).toEqual(['2027-01-10-stretching']);
  });

  it('refuses a task that is not on that day, and a day outside the plan', () => {
    expect(
      toggleTask(plan, {}, { date: '2027-01-05', taskId: '2027-01-10-long', completed: true }, NOW, AFTER_RACE),
    ).toEqual({
      ok: false,
      message: PLAN_PROGRESS_MESSAGES.unknownTask,
    });
    expect(
      toggleTask(plan, {}, { date: '2026-12-31', taskId: '2026-12-31-rest', completed: true }, NOW, AFTER_RACE),
    ).toEqual({
      ok: false,
      message: PLAN_PROGRESS_MESSAGES.dayNotInPlan,
    });
  });

  it('refuses to tick a task of a day after today, and lets a stale tick there be unticked', () => {
    const toggle = { date: '2027-01-07', taskId: '2027-01-07-easy', completed: true };
    expect(toggleTask(plan, {}, toggle, NOW, '2027-01-06')).toEqual({
      ok: false,
      message: 'That day has not come yet: a task can be ticked on its day or after.',
    });
    expect(toggleTask(plan, {}, toggle, NOW, '2027-01-07')).toMatchObject({ ok: true });
    const stale = tick({}, '2027-01-07', '2027-01-07-easy');
    const untick = toggleTask(plan, stale, { ...toggle, completed: false }, NOW, '2027-01-06');
    expect(untick).toMatchObject({ ok: true, progress: { '2027-01-07': { completedTasks: [] } } });
  });

  it('validates the payload', () => {
    expect(taskToggleSchema.safeParse({ date: '2027-1-5', taskId: 'x', completed: true }).success).toBe(false);
    expect(
      taskToggleSchema.safeParse({ date: '2027-01-05', taskId: '', completed: true }).error?.issues[0]?.message,
    ).toBe(PLAN_PROGRESS_MESSAGES.unknownTask);
  });
});

describe('planCalendar and planAdherence', () => {
  it('marks past days done or missed, today and the future', () => {
    let progress: DailyProgress = {};
    progress = tick(progress, '2027-01-05', '2027-01-05-intervals');
    progress = tick(progress, '2027-01-10', '2027-01-10-long'); // stretching left undone
    const week = planCalendar(plan, progress, '2027-01-10')[0]!;
    expect(week.days.map((day) => [day.state, day.restDay])).toEqual([
      ['done', true],
      ['done', false],
      ['done', true],
      ['missed', false],
      ['done', true],
      ['done', true],
      ['today', false],
    ]);
    expect(planCalendar(plan, progress, '2027-01-10')[1]!.days.every((day) => day.state === 'future')).toBe(true);
  });

  it('counts due tasks: past days fully, today only what is ticked', () => {
    expect(planAdherence(plan, {}, '2027-01-04')).toBeNull();
    let progress: DailyProgress = {};
    progress = tick(progress, '2027-01-05', '2027-01-05-intervals');
    // Due by 8 January: intervals (done) and the easy run of the 7th (not): 50 %.
    expect(planAdherence(plan, progress, '2027-01-08')).toBe(50);
    progress = tick(progress, '2027-01-10', '2027-01-10-long');
    // On the 10th the ticked long run counts, the unticked stretching does not yet: 2 of 3.
    expect(planAdherence(plan, progress, '2027-01-10')).toBe(67);
    expect(planAdherence(plan, progress, '2027-01-11')).toBe(50);
  });

  it('lists a day’s tasks with their ticks', () => {
    const progress = tick({}, '2027-01-10', '2027-01-10-stretching');
    expect(tasksOn(plan, progress, '2027-01-10').map(({ task, completed }) => [task.kind, completed])).toEqual([
      ['long', false],
      ['stretching', true],
    ]);
    expect(tasksOn(plan, progress, '2030-01-01')).toEqual([]);
  });
});

describe('matchActivityToTask', () => {
  const zone = 'America/Los_Angeles';
  const runAt = (day: string, hours: number, distanceM: number, type = 'run') => ({
    startDate: localDayStartUtc(day, zone) + hours * 3_600_000,
    distanceM,
    type,
  });
  const long = planDays(plan).find((day) => day.date === '2027-01-10')!.tasks[0]!;

  it('ticks the run task of the local day the run started on', () => {
    // 20:00 on the 10th in Los Angeles is already the 11th in UTC.
    expect(matchActivityToTask(plan, {}, runAt('2027-01-10', 20, long.distanceM!), zone)).toEqual({
      date: '2027-01-10',
      taskId: '2027-01-10-long',
    });
    expect(matchActivityToTask(plan, {}, runAt('2027-01-10', 20, long.distanceM!), 'UTC')).toBeNull();
  });

  it('ticks nothing for a ride, a rest day, a run under half the distance, or a task already ticked', () => {
    expect(matchActivityToTask(plan, {}, runAt('2027-01-10', 8, 20_000, 'ride'), zone)).toBeNull();
    expect(matchActivityToTask(plan, {}, runAt('2027-01-06', 8, 5000), zone)).toBeNull();
    expect(matchActivityToTask(plan, {}, runAt('2027-01-10', 8, long.distanceM! / 2 - 100), zone)).toBeNull();
    const ticked = tick({}, '2027-01-10', '2027-01-10-long');
    expect(matchActivityToTask(plan, ticked, runAt('2027-01-10', 8, long.distanceM!), zone)).toBeNull();
  });

  it('says which of the day’s runs a ticked task was done by: the nearest its distance by ratio', () => {
    const runs = [
      { id: 'short', distanceM: long.distanceM! * 0.6 },
      { id: 'long', distanceM: long.distanceM! * 1.5 },
    ];
    // 0.6 times is nearer in metres (0.4 of it against 0.5), 1.5 times nearer by ratio (ln 1.5 < ln 1/0.6).
    expect(runForTask(long, runs)?.id).toBe('long');
    expect(runForTask(long, [])).toBeNull();
  });
});
