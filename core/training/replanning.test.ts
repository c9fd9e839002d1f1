import { describe, expect, it } from 'vitest';
import { addDays } from './local-day.ts';
import { generatePlan, RUN_TASK_KINDS, type TrainingPlanSchedule } from './plan-generation.ts';
import type { DailyProgress } from './plan-progress.ts';
import type { ChosenPaces } from './plan-paces.ts';
import { type CheckInSignal, replan, type ReplanSignals, weekRunningM } from './replanning.ts';

const paces = { easy: 0.36, marathon: 0.31, threshold: 0.29, interval: 0.27, repetition: 0.255 };
/** A 12-week half from Monday 23 November 2026; re-planned on the Monday of week 3. */
const START = '2026-11-23';
const TODAY = addDays(START, 14);
const made = generatePlan({
  race: 'half',
  level: 'intermediate',
  runsPerWeek: 4,
  longRunDay: 0,
  raceDate: addDays(START, 7 * 12 - 1),
  today: START,
  targetTimeS: 6900,
  paces,
});
if (!made.ok) {
  throw new Error(made.message);
}
const plan: TrainingPlanSchedule = made.plan;
const week2 = plan.weeks[1]!;
const runsOfWeek2 = week2.days.flatMap((day) => day.tasks.filter((task) => RUN_TASK_KINDS.has(task.kind)));

/** Week 2's runs ticked: the first `count` of them. */
function ticked(count: number): DailyProgress {
  const progress: Record<string, { completedTasks: string[]; lastUpdated: string }> = {};
  for (const task of runsOfWeek2.slice(0, count)) {
    const date = task.id.slice(0, 10);
    progress[date] = { completedTasks: [task.id], lastUpdated: `${date}T18:00:00.000Z` };
  }
  return progress;
}
const fine = {
  sleepQuality: 'high',
  energyLevel: 'high',
  stressLevel: 'low',
  soreness: 'low',
  moodRating: 'high',
  injuryFeeling: 'low',
} as const;
const checkIns = (answers: Partial<CheckInSignal['answers']>[]): CheckInSignal[] =>
  answers.map((changed, index) => ({ date: addDays(TODAY, index - answers.length), answers: { ...fine, ...changed } }));
const quality = (week: TrainingPlanSchedule['weeks'][number]) =>
  week.days
    .flatMap((day) => day.tasks)
    .filter((task) => ['intervals', 'repetition', 'tempo', 'marathon-pace'].includes(task.kind));

describe('replan', () => {
  it('leaves a week done as planned alone, and says why', () => {
    const result = replan(
      plan,
      ticked(4),
      { checkIns: checkIns([{}, {}, {}, {}]), loadRatio: 1.04, runDates: [] },
      TODAY,
    );
    expect(result.kind).toBe('unchanged');
    expect(result.reason).toBe(
      'No change: 4 of 4 planned runs done, no warning signs in your check-ins, load 1.0× your usual.',
    );
    expect(result.schedule).toBe(plan);
    expect(result.changes).toEqual([]);
  });

  it('after a missed week makes the next week easier without adding the missed runs, then climbs back 10 % a week', () => {
    const result = replan(plan, ticked(1), { checkIns: [], loadRatio: null, runDates: [] }, TODAY);
    expect(result.kind).toBe('missed');
    expect(result.reason).toBe(
      'Easier week: 1 of 4 planned runs done in the last 7 days; the missed runs are not added on.',
    );
    const before = plan.weeks.map(weekRunningM);
    const after = result.schedule.weeks.map(weekRunningM);
    // Weeks 1 and 2 are history; week 3 is 80 % of its plan (quality kept), never more.
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(Math.abs(after[2]! / (before[2]! * 0.8) - 1)).toBeLessThan(0.03);
    expect(quality(result.schedule.weeks[2]!)).toEqual(quality(plan.weeks[2]!));
    let lastBuild = after[2]!;
    for (let week = 3; week < after.length; week += 1) {
      expect(after[week]!).toBeLessThanOrEqual(before[week]!);
      expect(after[week]! / lastBuild).toBeLessThanOrEqual(1.1 + 0.03);
      if (plan.weeks[week]!.kind === 'build') {
        lastBuild = after[week]!;
      }
    }
    expect(result.changes[0]).toEqual({ week: 3, fromM: before[2], toM: after[2] });
    expect(result.changes.at(-1)!.week).toBeLessThan(plan.weeks.length);
  });

  it('counts a run on a day without a planned run as a moved session, not a missed one', () => {
    const restDay = week2.days.find((day) => day.tasks.every((task) => !RUN_TASK_KINDS.has(task.kind)))!.date;
    const signals = (runDates: string[]) => ({ checkIns: [], loadRatio: null, runDates });
    expect(replan(plan, ticked(1), signals([]), TODAY).kind).toBe('missed');
    // One ticked and one moved: two of four done, not a missed week; two runs on one day move one session.
    expect(replan(plan, ticked(1), signals([restDay]), TODAY).kind).toBe('unchanged');
    expect(replan(plan, ticked(0), signals([restDay, restDay]), TODAY).reason).toBe(
      'Easier week: 1 of 4 planned runs done in the last 7 days; the missed runs are not added on.',
    );
  });

  it('after a sick week (soreness high on 3 of the last 4 check-ins) runs the next week easy, saying why and the load', () => {
    const sick = checkIns([{ soreness: 'high' }, { soreness: 'high', sleepQuality: 'low' }, {}, { soreness: 'high' }]);
    const result = replan(plan, ticked(4), { checkIns: sick, loadRatio: 1.62, runDates: [] }, TODAY);
    expect(result.kind).toBe('unwell');
    expect(result.reason).toBe('Easier week: soreness high on 3 of the last 4 check-ins and load 1.6× your usual.');
    expect(quality(plan.weeks[2]!).length).toBeGreaterThan(0);
    expect(quality(result.schedule.weeks[2]!)).toEqual([]);
    expect(weekRunningM(result.schedule.weeks[2]!)).toBeLessThan(weekRunningM(plan.weeks[2]!));
    // A cut-back week: the plan goes on after it as printed.
    expect(result.changes.map((change) => change.week)).toEqual([3]);
    expect(result.schedule.weeks.slice(3)).toEqual(plan.weeks.slice(3));
    // Without the load above usual, the reason leaves it out; two of four is not unwell.
    expect(replan(plan, ticked(4), { checkIns: sick, loadRatio: 1.1, runDates: [] }, TODAY).reason).toBe(
      'Easier week: soreness high on 3 of the last 4 check-ins.',
    );
    const twoOfFour = checkIns([{ sleepQuality: 'low' }, {}, {}, { sleepQuality: 'low' }]);
    expect(replan(plan, ticked(4), { checkIns: twoOfFour, loadRatio: null, runDates: [] }, TODAY).kind).toBe(
      'unchanged',
    );
    const olderSick = checkIns([{ soreness: 'high' }, { soreness: 'high' }, { soreness: 'high' }, {}, {}, {}, {}]);
    expect(replan(plan, ticked(4), { checkIns: olderSick, loadRatio: null, runDates: [] }, TODAY).kind).toBe(
      'unchanged',
    );
  });

  it('after an overloaded week (load above 1.3× usual) makes the next week easier, at the boundary not', () => {
    const result = replan(plan, ticked(4), { checkIns: [], loadRatio: 1.6, runDates: [] }, TODAY);
    expect(result.kind).toBe('overloaded');
    expect(result.reason).toBe('Easier week: load 1.6× your usual.');
    expect(weekRunningM(result.schedule.weeks[2]!)).toBeLessThan(weekRunningM(plan.weeks[2]!));
    expect(replan(plan, ticked(4), { checkIns: [], loadRatio: 1.3, runDates: [] }, TODAY).kind).toBe('unchanged');
  });

  it('names every sign at once: unwell, overloaded and missed', () => {
    const sick = checkIns([{ sleepQuality: 'low' }, { sleepQuality: 'low' }, { sleepQuality: 'low' }, {}]);
    expect(replan(plan, ticked(0), { checkIns: sick, loadRatio: 1.5, runDates: [] }, TODAY).reason).toBe(
      'Easier week: sleep poor on 3 of the last 4 check-ins, load 1.5× your usual and 0 of 4 planned runs done in the last 7 days.',
    );
  });

  it('does not ease the plan twice for the same days', () => {
    const signals = { checkIns: [], loadRatio: 1.6, runDates: [] };
    const eased = replan(plan, ticked(4), { ...signals, acceptedOn: addDays(TODAY, -6) }, TODAY);
    expect(eased).toMatchObject({ kind: 'unchanged', changes: [] });
    expect(eased.reason).toBe(`No change: the plan was already eased on ${addDays(TODAY, -6)} for these days.`);
    expect(replan(plan, ticked(4), { ...signals, acceptedOn: addDays(TODAY, -7) }, TODAY).kind).toBe('overloaded');
  });

  it('changes nothing in race week', () => {
    const raceWeek = plan.weeks.at(-1)!.days[0]!.date;
    const result = replan(plan, {}, { checkIns: [], loadRatio: 1.8, runDates: [] }, raceWeek);
    expect(result).toMatchObject({ kind: 'unchanged', reason: 'No change: only race week is left.', changes: [] });
  });

  describe('moves paces up after a strong block', () => {
    /** The paces a 10K in 44:10 on 12 Nov gives, its threshold at `threshold` s/m. */
    const recent = (threshold: number): ChosenPaces => ({
      paces: { easy: 0.33, marathon: 0.285, threshold, interval: 0.25, repetition: 0.24 },
      source: 'best-effort',
      vdot: 46.1,
      effort: { label: '10K', seconds: 2650, date: '2026-11-12' },
    });
    const signals = (planThreshold: number, recentThreshold: number): ReplanSignals => ({
      checkIns: [],
      loadRatio: null,
      runDates: [],
      paces: { plan: { ...paces, threshold: planThreshold }, recent: recent(recentThreshold), units: 'metric' },
    });

    it('proposes the new paces for the sessions from today on, saying from which effort', () => {
      const result = replan(plan, ticked(4), signals(0.273, 0.265), TODAY);
      expect(result.kind).toBe('faster');
      expect(result.reason).toBe(
        "Faster paces: your 10K on 12 Nov 2026 (44:10) puts your threshold at 4:25/km, 8 s/km quicker than the plan's.",
      );
      expect(result.paces).toEqual(recent(0.265));
      expect(result.changes).toEqual([]);
      const tasks = (schedule: TrainingPlanSchedule) => schedule.weeks.flatMap((week) => week.days);
      for (const [index, day] of tasks(result.schedule).entries()) {
        const before = tasks(plan)[index]!;
        for (const [at, task] of day.tasks.entries()) {
          const was = before.tasks[at]!;
          const expected = day.date < TODAY || task.pace === null ? was.paceSPerM : recent(0.265).paces[task.pace];
          expect({ ...task, date: day.date }).toEqual({ ...was, paceSPerM: expected, date: day.date });
        }
      }
      // In miles for a runner in miles: 8 s/km is 13 s/mi.
      const inMiles = {
        ...signals(0.273, 0.265),
        paces: { ...signals(0.273, 0.265).paces!, units: 'imperial' as const },
      };
      expect(replan(plan, ticked(4), inMiles, TODAY).reason).toBe(
        "Faster paces: your 10K on 12 Nov 2026 (44:10) puts your threshold at 7:06/mi, 13 s/mi quicker than the plan's.",
      );
    });

    it('at 2 % quicker, not below', () => {
      // 0.3 s/m less 2 % is 0.294; 0.2941 is 1.97 % quicker.
      expect(replan(plan, ticked(4), signals(0.3, 0.294), TODAY).kind).toBe('faster');
      expect(replan(plan, ticked(4), signals(0.3, 0.2941), TODAY)).toMatchObject({ kind: 'unchanged', paces: null });
    });

    it('eases the plan first when the runner is unwell, overloaded or missed runs', () => {
      const faster = signals(0.273, 0.265);
      expect(replan(plan, ticked(4), { ...faster, loadRatio: 1.6 }, TODAY)).toMatchObject({
        kind: 'overloaded',
        paces: null,
      });
      expect(replan(plan, ticked(1), faster, TODAY).kind).toBe('missed');
    });
  });
});
