import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, epochDay, weekdayOf } from './local-day.ts';
import { FALLBACK_PACE_FACTORS, fallbackPacesFromRaceTime } from './paces.ts';
import {
  generatePlan,
  MAX_PLAN_WEEKS,
  PLAN_MESSAGES,
  type PlanInput,
  planDays,
  planInputForGoal,
  planRequestSchema,
  raceDistanceFor,
  raceTooCloseMessage,
  RUN_TASK_KINDS,
  type TrainingPlanSchedule,
} from './plan-generation.ts';
import { PLAN_LEVELS, RACE_DISTANCE_METRES, RACE_DISTANCES, RACE_TEMPLATES } from './plan-templates.ts';

const TODAY = '2026-11-23';
const RACE_DAY = '2027-06-13'; // a Sunday, 29 weeks away
const paces = { easy: 0.36, marathon: 0.31, threshold: 0.29, interval: 0.27, repetition: 0.255 };

function plan(input: Partial<PlanInput>): TrainingPlanSchedule {
  const result = generatePlan({
    race: 'half',
    level: 'intermediate',
    runsPerWeek: 4,
    longRunDay: 0,
    raceDate: RACE_DAY,
    today: TODAY,
    targetTimeS: 6900,
    paces,
    ...input,
  });
  if (!result.ok) {
    throw new Error(result.message);
  }
  return result.plan;
}

const isRun = (kind: string) => RUN_TASK_KINDS.has(kind as never);
const weekVolume = (week: TrainingPlanSchedule['weeks'][number]) =>
  week.days.flatMap((day) => day.tasks).reduce((sum, task) => sum + (isRun(task.kind) ? (task.distanceM ?? 0) : 0), 0);

const combinations = RACE_DISTANCES.flatMap((race) =>
  PLAN_LEVELS.flatMap((level) => [2, 3, 4, 5, 6].map((runsPerWeek) => ({ race, level, runsPerWeek }))),
);

describe.each(combinations)('$race $level, $runsPerWeek runs a week', ({ race, level, runsPerWeek }) => {
  const longRunDay = (runsPerWeek * 3) % 7; // a different long-run day across the combinations
  const template = RACE_TEMPLATES[race];
  // Made exactly the template's weeks before race day: the template as it is.
  const today = addDays(RACE_DAY, -7 * template.weeks[level] + 1);
  const generated = plan({ race, level, runsPerWeek, longRunDay, today });

  it('has the template’s weeks, ending on race day with the race', () => {
    expect(generated.weeks).toHaveLength(template.weeks[level]);
    const days = planDays(generated);
    expect(days).toHaveLength(7 * template.weeks[level]);
    expect(days.at(-1)!.date).toBe(RACE_DAY);
    expect(days.at(-1)!.tasks.map((task) => task.kind)).toEqual(['race']);
    expect(days.at(-1)!.tasks[0]!.distanceM).toBe(RACE_DISTANCE_METRES[race]);
    expect(days[0]!.date).toBe(generated.startDate);
    expect(daysBetween(generated.startDate, RACE_DAY)).toBe(7 * template.weeks[level] - 1);
  });

  it('tapers in its last weeks, each lighter than the peak', () => {
    const kinds = generated.weeks.map((week) => week.kind);
    const taper = kinds.slice(-template.taperWeeks);
    expect(taper.at(-1)).toBe('race');
    expect(taper.slice(0, -1).every((kind) => kind === 'taper')).toBe(true);
    expect(kinds.slice(0, -template.taperWeeks).every((kind) => kind === 'build' || kind === 'recovery')).toBe(true);
    const peak = Math.max(...generated.weeks.map(weekVolume));
    const taperWeeks = generated.weeks.filter((week) => week.kind === 'taper');
    for (const week of taperWeeks) {
      expect(weekVolume(week)).toBeLessThan(peak);
    }
  });

  it('has no run on rest days and the runs a week asked for', () => {
    for (const day of planDays(generated)) {
      if (day.tasks.some((task) => task.kind === 'rest')) {
        expect(day.tasks).toHaveLength(1);
      }
      expect(day.tasks.filter((task) => isRun(task.kind)).length).toBeLessThanOrEqual(1);
    }
    for (const week of generated.weeks.filter((w) => w.kind !== 'race')) {
      expect(week.days.filter((day) => day.tasks.some((task) => isRun(task.kind)))).toHaveLength(runsPerWeek);
    }
  });

  it('puts the long run, then stretching, on the chosen day of every week but race week', () => {
    for (const week of generated.weeks.filter((w) => w.kind !== 'race')) {
      const longDays = week.days.filter((day) => day.tasks.some((task) => task.kind === 'long'));
      expect(longDays).toHaveLength(1);
      expect(weekdayOf(epochDay(longDays[0]!.date)!)).toBe(longRunDay);
      expect(longDays[0]!.tasks.map((task) => task.kind)).toEqual(['long', 'stretching']);
    }
  });

  it('ramps volume by at most 10 % a week, recovery weeks aside', () => {
    let previous: number | null = null;
    for (const week of generated.weeks.filter((w) => w.kind === 'build')) {
      const volume = weekVolume(week);
      if (previous !== null) {
        expect(volume / previous).toBeLessThanOrEqual(1.1);
      }
      previous = volume;
    }
    for (const [index, week] of generated.weeks.entries()) {
      if (week.kind === 'recovery') {
        expect(weekVolume(week)).toBeLessThan(weekVolume(generated.weeks[index - 1]!));
      }
    }
  });

  it('schedules at most the level’s quality sessions and none with two runs a week', () => {
    const qualityKinds = new Set(['intervals', 'repetition', 'tempo', 'marathon-pace']);
    for (const week of generated.weeks) {
      const count = week.days.flatMap((day) => day.tasks).filter((task) => qualityKinds.has(task.kind)).length;
      expect(count).toBeLessThanOrEqual(runsPerWeek === 2 ? 0 : level === 'beginner' ? 1 : 2);
    }
  });
});

describe('a race further away than the template', () => {
  it('begins MAX_PLAN_WEEKS before race day with base weeks: easy runs and the long run, no quality', () => {
    // 29 weeks away: 24 weeks, the first 12 of them base weeks before the 12-week half template.
    const generated = plan({ race: 'half', level: 'intermediate', runsPerWeek: 5 });
    expect(MAX_PLAN_WEEKS).toBe(24);
    expect(generated.weeks).toHaveLength(MAX_PLAN_WEEKS);
    expect(daysBetween(generated.startDate, RACE_DAY)).toBe(7 * MAX_PLAN_WEEKS - 1);
    const base = generated.weeks.filter((week) => week.kind === 'base');
    expect(base).toHaveLength(MAX_PLAN_WEEKS - RACE_TEMPLATES.half.weeks.intermediate);
    expect(generated.weeks.slice(0, base.length).every((week) => week.kind === 'base')).toBe(true);
    const template = plan({ race: 'half', level: 'intermediate', runsPerWeek: 5, today: addDays(RACE_DAY, -83) });
    // From the first template week on, the same plan as one made when the template begins.
    expect(generated.weeks.slice(base.length).map((week) => week.days)).toEqual(
      template.weeks.map((week) => week.days),
    );
    for (const week of base) {
      const kinds = week.days.flatMap((day) => day.tasks.map((task) => task.kind));
      expect(kinds.filter((kind) => isRun(kind))).toHaveLength(5);
      expect(kinds.filter((kind) => kind === 'long')).toHaveLength(1);
      expect(kinds.filter((kind) => ['intervals', 'repetition', 'tempo', 'marathon-pace'].includes(kind))).toEqual([]);
      // As much running as the template's first week, no more.
      expect(weekVolume(week)).toBeLessThanOrEqual(weekVolume(template.weeks[0]!) + 1);
    }
  });

  it('fills the weeks there are, between the template and MAX_PLAN_WEEKS', () => {
    const twenty = plan({ race: 'marathon', level: 'advanced', today: addDays(RACE_DAY, -7 * 20 + 1) });
    expect(twenty.weeks.map((week) => week.kind).slice(0, 3)).toEqual(['base', 'base', 'build']);
    expect(twenty.weeks).toHaveLength(20);
  });
});

describe('race-day sentences', () => {
  it('says the race is today, or less than a week away, rather than that it has passed', () => {
    const today = (days: number) =>
      generatePlan({
        race: 'half',
        level: 'beginner',
        runsPerWeek: 3,
        longRunDay: 0,
        raceDate: RACE_DAY,
        today: addDays(RACE_DAY, -days),
        targetTimeS: 6900,
      });
    expect(today(0)).toEqual({ ok: false, message: PLAN_MESSAGES.raceToday });
    expect(today(-1)).toEqual({ ok: false, message: PLAN_MESSAGES.raceInPast });
    expect(today(3)).toEqual({ ok: false, message: raceTooCloseMessage(RACE_DAY, 0, 'beginner', 'half', 9) });
    expect(raceTooCloseMessage(RACE_DAY, 0, 'beginner', 'half', 9)).toBe(
      'The race on 2027-06-13 is less than a week away; the beginner half marathon plan needs at least 9 weeks to ' +
        'build up and taper safely. Choose a later race or a shorter distance.',
    );
  });
});

describe('generatePlan', () => {
  it('gives stable, unique task ids', () => {
    const ids = planDays(plan({})).flatMap((day) => day.tasks.map((task) => task.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`${RACE_DAY}-race`);
    expect(planDays(plan({})).flatMap((day) => day.tasks.map((task) => task.id))).toEqual(ids);
  });

  it('uses the paces given, or the fallback from the race target', () => {
    const long = planDays(plan({}))
      .flatMap((day) => day.tasks)
      .find((task) => task.kind === 'long')!;
    expect(long.paceSPerM).toBe(paces.easy);
    const withoutPaces = plan({ paces: undefined });
    const easy = planDays(withoutPaces)
      .flatMap((day) => day.tasks)
      .find((task) => task.kind === 'easy')!;
    expect(easy.paceSPerM).toBeCloseTo(fallbackPacesFromRaceTime(21_097.5, 6900).easy, 10);
    expect(planDays(withoutPaces).at(-1)!.tasks[0]!.paceSPerM).toBeCloseTo(6900 / 21_097.5, 10);
  });

  it('drops the earliest build weeks when fewer weeks are left than the template has', () => {
    const today = addDays(RACE_DAY, -7 * 10 + 1); // exactly 10 weeks including today and race day
    const short = plan({ today });
    expect(short.weeks).toHaveLength(10);
    expect(short.startDate).toBe(today);
    const full = plan({});
    expect(planDays(short)).toEqual(planDays(full).slice(-70));
  });

  it('refuses a race too close for the template, saying how many weeks it needs', () => {
    const result = generatePlan({
      race: 'marathon',
      level: 'advanced',
      runsPerWeek: 4,
      longRunDay: 0,
      raceDate: '2027-01-10',
      today: TODAY,
      targetTimeS: 12_600,
    });
    expect(result).toEqual({
      ok: false,
      message:
        'The race on 2027-01-10 is only 7 weeks away; the advanced marathon plan needs at least 14 weeks to build up ' +
        'and taper safely. Choose a later race or a shorter distance.',
    });
  });

  it('refuses a race in the past', () => {
    for (const raceDate of ['2026-11-22', '2026-11-01']) {
      expect(
        generatePlan({
          race: '5k',
          level: 'beginner',
          runsPerWeek: 3,
          longRunDay: 0,
          raceDate,
          today: TODAY,
          targetTimeS: 1800,
        }),
      ).toEqual({
        ok: false,
        message: PLAN_MESSAGES.raceInPast,
      });
    }
  });
});

describe('plan request and race distance', () => {
  it('matches a goal distance within 5 % to a template', () => {
    expect(raceDistanceFor(21_097.5)).toBe('half');
    expect(raceDistanceFor(5100)).toBe('5k');
    expect(raceDistanceFor(42_000)).toBe('marathon');
    expect(raceDistanceFor(15_000)).toBeNull();
  });

  it.each([
    [{ goalId: 'g', level: 'expert', runsPerWeek: 4 }, PLAN_MESSAGES.level],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 1 }, PLAN_MESSAGES.runsPerWeek],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 7 }, PLAN_MESSAGES.runsPerWeek],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 4, longRunDay: 7 }, PLAN_MESSAGES.longRunDay],
  ])('refuses %o', (input, message) => {
    expect(planRequestSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('turns a request on a race goal into generation input', () => {
    const request = planRequestSchema.parse({ goalId: 'g', level: 'advanced', runsPerWeek: 5, longRunDay: 6 });
    const race = {
      kind: 'race',
      title: '',
      startDate: TODAY,
      endDate: RACE_DAY,
      raceDistanceM: 42_195,
      targetTimeS: 12_000,
    } as const;
    expect(planInputForGoal(race, request, TODAY)).toEqual({
      race: 'marathon',
      level: 'advanced',
      runsPerWeek: 5,
      longRunDay: 6,
      raceDate: RACE_DAY,
      today: TODAY,
      targetTimeS: 12_000,
    });
    expect(planInputForGoal({ ...race, raceDistanceM: 15_000 }, request, TODAY)).toBe(PLAN_MESSAGES.raceDistance);
    expect(
      planInputForGoal(
        { kind: 'streak', title: '', startDate: TODAY, endDate: RACE_DAY, targetDays: 5 },
        request,
        TODAY,
      ),
    ).toBe(PLAN_MESSAGES.notARaceGoal);
  });

  it('defaults the long run to Sunday', () => {
    expect(planRequestSchema.parse({ goalId: 'g', level: 'beginner', runsPerWeek: 3 }).longRunDay).toBe(0);
  });
});

describe('fallbackPacesFromRaceTime', () => {
  it('scales the 10K pace a race target predicts by Riegel', () => {
    const fromTenK = fallbackPacesFromRaceTime(10_000, 3000); // 0.3 s/m
    expect(fromTenK.threshold).toBeCloseTo(0.3 * FALLBACK_PACE_FACTORS.threshold, 10);
    expect(fromTenK.easy).toBeCloseTo(0.39, 10);
    // A 25:00 5K predicts 10 000 / 5000 ^ 1.06 × 1500 s ≈ 3127 s for 10K.
    expect(fallbackPacesFromRaceTime(5000, 1500).interval).toBeCloseTo(((1500 * 2 ** 1.06) / 10_000) * 0.96, 10);
    expect(() => fallbackPacesFromRaceTime(0, 1500)).toThrow(RangeError);
  });
});
