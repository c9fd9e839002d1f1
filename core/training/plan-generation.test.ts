import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, epochDay, weekdayOf } from './local-day.ts';
import { FALLBACK_PACE_FACTORS, fallbackPacesFromRaceTime } from './paces.ts';
import { generatePlan, planDays, RUN_TASK_KINDS, type TrainingPlanSchedule } from './plan-generation.ts';
import {
  PLAN_MESSAGES,
  type PlanInput,
  planInputForGoal,
  planRequestSchema,
  raceDistanceFor,
  raceTooCloseMessage,
} from './plan-request.ts';
import { MAX_PLAN_WEEKS } from './plan-volume.ts';
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
    // The same taper and race weeks; the build weeks keep their peak and their sessions.
    expect(short.weeks.slice(-2).map((week) => week.days)).toEqual(full.weeks.slice(-2).map((week) => week.days));
    expect(weekVolume(short.weeks[7]!)).toBe(weekVolume(full.weeks.at(-3)!));
    expect(short.weeks.map((week) => week.kind)).toEqual([
      ...['build', 'build', 'build', 'recovery', 'build', 'build', 'build', 'build'],
      ...['taper', 'race'],
    ]);
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
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 4, runDays: [0, 1, 2] }, PLAN_MESSAGES.runDaysTooFew],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 3, runDays: [1, 2, 3] }, PLAN_MESSAGES.longRunDayNotFree],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 3, runDays: [0, 0, 2] }, PLAN_MESSAGES.runDays],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 3, weeklyDistanceM: 400_000 }, PLAN_MESSAGES.weeklyDistance],
    [{ goalId: 'g', level: 'beginner', runsPerWeek: 3, longestRunM: -1 }, PLAN_MESSAGES.longestRun],
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

const kindsOf = (day: { tasks: { kind: string }[] }) => day.tasks.map((task) => task.kind);
const layout = (week: TrainingPlanSchedule['weeks'][number]) =>
  week.days.map(
    (day) => `${day.tasks.map((task) => `${task.kind}${task.distanceM ? ` ${task.distanceM}` : ''}`).join('+')}`,
  );

describe('race week', () => {
  it('with a Sunday race and a Thursday long run: easy Monday and Wednesday, a shakeout Friday, rest between', () => {
    const generated = plan({ longRunDay: 4, runsPerWeek: 4 });
    const raceWeek = generated.weeks.at(-1)!;
    expect(raceWeek.days.map((day) => weekdayOf(epochDay(day.date)!))).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(layout(raceWeek)).toEqual(['easy 5000', 'rest', 'easy 5000', 'rest', 'easy 3000', 'rest', 'race 21097.5']);
  });

  it('with a Wednesday race: easy Thursday and Saturday, a shakeout Monday', () => {
    const wednesday = '2027-06-09';
    expect(weekdayOf(epochDay(wednesday)!)).toBe(3);
    const raceWeek = plan({ raceDate: wednesday, longRunDay: 0, runsPerWeek: 4 }).weeks.at(-1)!;
    expect(raceWeek.days.map((day) => weekdayOf(epochDay(day.date)!))).toEqual([4, 5, 6, 0, 1, 2, 3]);
    expect(layout(raceWeek)).toEqual(['easy 5000', 'rest', 'easy 5000', 'rest', 'easy 3000', 'rest', 'race 21097.5']);
  });

  const raceDays = Array.from({ length: 7 }, (_, i) => addDays(RACE_DAY, -i));
  const cases = raceDays.flatMap((raceDate) =>
    [0, 1, 2, 3, 4, 5, 6].flatMap((longRunDay) =>
      [2, 3, 4, 5, 6].map((runsPerWeek) => ({ raceDate, longRunDay, runsPerWeek })),
    ),
  );
  it.each(RACE_DISTANCES)(
    '%s: at least two short runs and at most two rest days right before the race, whatever the days',
    (race) => {
      for (const { raceDate, longRunDay, runsPerWeek } of cases) {
        const generated = plan({ race, raceDate, longRunDay, runsPerWeek, level: 'beginner' });
        const raceWeek = generated.weeks.at(-1)!;
        const before = raceWeek.days.slice(0, -1);
        const runs = before.flatMap((day) => day.tasks).filter((task) => isRun(task.kind));
        expect(runs.length).toBeGreaterThanOrEqual(2);
        expect(runs.every((task) => task.kind === 'easy')).toBe(true);
        const easiest = Math.min(
          ...generated.weeks[0]!.days.flatMap((day) => day.tasks)
            .filter((t) => t.kind === 'easy')
            .map((t) => t.distanceM!),
        );
        expect(runs.every((task) => task.distanceM! <= Math.max(easiest, 3000))).toBe(true);
        const restStreak = [...before].reverse().findIndex((day) => !kindsOf(day).every((kind) => kind === 'rest'));
        expect(restStreak).toBeLessThanOrEqual(2);
        expect(kindsOf(raceWeek.days.at(-1)!)).toEqual(['race']);
      }
    },
  );
});

describe('recovery weeks', () => {
  const shortened = RACE_DISTANCES.flatMap((race) =>
    PLAN_LEVELS.flatMap((level) => {
      const template = RACE_TEMPLATES[race];
      return Array.from({ length: template.weeks[level] - template.minWeeks[level] + 1 }, (_, i) => ({
        race,
        level,
        weeks: template.minWeeks[level] + i,
      }));
    }),
  );
  it.each(shortened)(
    '$race $level in $weeks weeks: each after at least three build weeks',
    ({ race, level, weeks }) => {
      const generated = plan({ race, level, today: addDays(RACE_DAY, -7 * weeks + 1) });
      const kinds = generated.weeks.map((week) => week.kind);
      expect(kinds).toHaveLength(weeks);
      expect(kinds[0]).not.toBe('recovery');
      let buildsBefore = 0;
      for (const kind of kinds) {
        if (kind === 'recovery') {
          expect(buildsBefore).toBeGreaterThanOrEqual(3);
          buildsBefore = 0;
        } else {
          buildsBefore += 1;
        }
      }
    },
  );
});

describe('week 1 from the runner’s recent running', () => {
  const template = RACE_TEMPLATES.half;
  const fourWeeks = (weeklyKm: number, runs: number) => ({ runs, totalM: weeklyKm * 4 * 1000 });
  const longRunOf = (week: TrainingPlanSchedule['weeks'][number]) =>
    week.days.flatMap((day) => day.tasks).find((task) => task.kind === 'long')!.distanceM!;
  const fullLength = { today: addDays(RACE_DAY, -7 * template.weeks.intermediate + 1) };

  it('starts a runner of 12 km a week at their volume, not the template’s 10.6 km long run', () => {
    // The template's week 1 is 30.5 km; its long run 35 % of it.
    expect(longRunOf(plan(fullLength).weeks[0]!)).toBe(10_600);
    const generated = plan({ ...fullLength, recentVolume: fourWeeks(12, 8) });
    // 35 % of 12 km is 4.2 km; three easy runs of at least 3 km.
    expect(longRunOf(generated.weeks[0]!)).toBe(4_200);
    expect(weekVolume(generated.weeks[0]!)).toBe(4_200 + 3 * 3_000);
    expect(generated.weekOneBasis).toEqual({
      recentRuns: 8,
      recentWeeklyM: 12_000,
      source: 'recent',
      weekOneM: 13_200,
    });
    // It builds from there by at most 10 % a build week and never past the template.
    const standard = plan(fullLength);
    generated.weeks.forEach((week, index) => {
      expect(weekVolume(week)).toBeLessThanOrEqual(weekVolume(standard.weeks[index]!));
    });
    expect(generated.weeks.at(-1)!.days.at(-1)!.tasks[0]!.kind).toBe('race');
  });

  it('starts a runner of 44.4 km a week at 44.4 km, not the template’s 30.5 km, and holds it until the template is higher', () => {
    expect(weekVolume(plan(fullLength).weeks[0]!)).toBe(30_500);
    const generated = plan({ ...fullLength, recentVolume: fourWeeks(44.4, 20) });
    expect(weekVolume(generated.weeks[0]!)).toBe(44_400);
    expect(generated.weekOneBasis).toMatchObject({ source: 'recent', weekOneM: 44_400 });
    const builds = generated.weeks.filter((week) => week.kind === 'build').map(weekVolume);
    expect(Math.min(...builds)).toBe(44_400);
    // A recovery week cuts 20 % from where the runner is, not down to the template's 31.8 km.
    const recoveries = generated.weeks.filter((week) => week.kind === 'recovery').map(weekVolume);
    expect(recoveries.length).toBeGreaterThan(0);
    expect(Math.min(...recoveries)).toBeGreaterThanOrEqual(35_500);
    // The peak is the template's 49 km; then the two taper weeks at 75 % and 50 % of it.
    expect(Math.max(...generated.weeks.map(weekVolume))).toBe(49_000);
    const taper = generated.weeks.filter((week) => week.kind === 'taper');
    expect(taper.map(weekVolume)).toEqual([36_800]);
  });

  it('starts from the weekly distance the runner gives rather than their recent runs', () => {
    const generated = plan({ ...fullLength, recentVolume: fourWeeks(12, 8), startWeeklyM: 45_000 });
    expect(weekVolume(generated.weeks[0]!)).toBe(45_000);
    expect(generated.weekOneBasis).toEqual({ recentRuns: 8, recentWeeklyM: 12_000, source: 'given', weekOneM: 45_000 });
  });

  it('keeps the template’s first week for a runner with no runs to go by', () => {
    const none = plan({ ...fullLength, recentVolume: { runs: 0, totalM: 0 } });
    expect(planDays(none)).toEqual(planDays(plan(fullLength)));
    expect(none.weekOneBasis).toMatchObject({ source: 'template', recentRuns: 0, recentWeeklyM: 0 });
  });

  it('starts the long run at most 10 % over the runner’s longest recent run, growing 10 % a week at most', () => {
    const generated = plan({ ...fullLength, recentVolume: fourWeeks(44.4, 20), longestRunM: 8000 });
    const longRuns = generated.weeks.filter((week) => week.kind !== 'race').map(longRunOf);
    expect(longRuns[0]).toBe(8_800);
    longRuns.forEach((metres, index) => expect(metres).toBeLessThanOrEqual(8000 * 1.1 ** (index + 1)));
    expect(longRuns[1]).toBe(9_600);
  });
});

describe('the long run’s share of the week', () => {
  it.each([
    [4, 0.35],
    [5, 0.35],
    [6, 0.35],
    [3, 0.5],
    [2, 0.5],
  ])('with %i runs a week is at most %f of every build week', (runsPerWeek, share) => {
    for (const race of RACE_DISTANCES) {
      const generated = plan({ race, runsPerWeek, recentVolume: { runs: 12, totalM: 4 * 40_000 } });
      for (const week of generated.weeks.filter((w) => w.kind === 'build' || w.kind === 'base')) {
        const long = week.days.flatMap((day) => day.tasks).find((task) => task.kind === 'long')!.distanceM!;
        expect(long / weekVolume(week)).toBeLessThanOrEqual(share);
      }
    }
  });
});

describe('the days the runner can run', () => {
  const hardKinds = new Set(['intervals', 'repetition', 'tempo', 'marathon-pace', 'long']);
  const weekdayRuns = (generated: TrainingPlanSchedule) =>
    planDays(generated)
      .filter((day) => day.tasks.some((task) => isRun(task.kind) && task.kind !== 'race'))
      .map((day) => weekdayOf(epochDay(day.date)!));

  it('puts no run on a day the runner cannot run (not Tuesdays), outside race week', () => {
    const generated = plan({ runsPerWeek: 5, longRunDay: 0, runDays: [0, 1, 3, 4, 5, 6] });
    const weeks = generated.weeks.filter((week) => week.kind !== 'race');
    const runs = weekdayRuns({ ...generated, weeks });
    expect(runs).not.toContain(2);
    for (const week of weeks) {
      expect(week.days.filter((day) => day.tasks.some((task) => isRun(task.kind)))).toHaveLength(5);
    }
  });

  it('never puts hard days back to back, also with the days left all in a row', () => {
    for (const runDays of [
      [0, 1, 3, 4, 5, 6],
      [0, 1, 2, 3, 4],
      [0, 4, 5, 6],
      [0, 2, 3, 4, 5, 6],
    ]) {
      const generated = plan({ runsPerWeek: runDays.length >= 5 ? 5 : 4, longRunDay: 0, runDays });
      const days = planDays(generated).filter((day) => !day.tasks.some((task) => task.kind === 'race'));
      days.forEach((day, index) => {
        const hard = (d: (typeof days)[number] | undefined) => d?.tasks.some((task) => hardKinds.has(task.kind));
        if (hard(day) && generated.weeks.find((week) => week.days.includes(day))?.kind !== 'race') {
          expect(hard(days[index + 1]) && days[index + 1]!.date === addDays(day.date, 1)).toBeFalsy();
        }
      });
    }
  });

  it('has fewer quality days when the free days leave no room between hard days', () => {
    // Sunday long run, free Friday and Saturday only besides: Saturday is the day before the long run
    // and Friday the day before that: one quality day (Friday) at most.
    const generated = plan({ runsPerWeek: 3, longRunDay: 0, runDays: [0, 5, 6] });
    const build = generated.weeks.find((week) => week.kind === 'build')!;
    const quality = build.days
      .flatMap((day) => day.tasks)
      .filter((task) => hardKinds.has(task.kind) && task.kind !== 'long');
    expect(quality.map((task) => weekdayOf(epochDay(task.id.slice(0, 10))!))).toEqual([5]);
  });

  it('gives the template’s days when every day is free', () => {
    expect(planDays(plan({ runDays: [0, 1, 2, 3, 4, 5, 6] }))).toEqual(planDays(plan({})));
  });
});
