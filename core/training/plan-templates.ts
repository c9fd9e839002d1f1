/**
 * The built-in training plan templates as data: four races × three levels, 2–6 runs a week.
 * plan-generation.ts turns one of them into dated days counted back from race day.
 *
 * Shape of every plan: build weeks whose volume grows 7 % a week towards a peak in the last build
 * week, every 4th build week a recovery week at 80 % of the week before, then taper weeks ending
 * with race week. A week's runs are the long run (on the runner's chosen weekday), quality sessions
 * (intervals, repetitions, tempo, marathon pace) and easy runs; the other days are rest, one of them
 * strength for intermediate and advanced runners. Stretching follows every long run.
 */
import type { TrainingPaceKind } from './paces.ts';

export const RACE_DISTANCES = ['5k', '10k', 'half', 'marathon'] as const;
export type RaceDistance = (typeof RACE_DISTANCES)[number];
export const RACE_DISTANCE_METRES: Readonly<Record<RaceDistance, number>> = {
  '5k': 5000,
  '10k': 10_000,
  half: 21_097.5,
  marathon: 42_195,
};
export const RACE_DISTANCE_LABELS: Readonly<Record<RaceDistance, string>> = {
  '5k': '5K',
  '10k': '10K',
  half: 'half marathon',
  marathon: 'marathon',
};

export const PLAN_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];
export const MIN_RUNS_PER_WEEK = 2;
export const MAX_RUNS_PER_WEEK = 6;

/**
 * Weekly growth of build weeks, the recovery-week cut, and how often recovery weeks come: every
 * 4th build week of the plan as the runner gets it, so at least three build weeks come first, also
 * in a plan shortened to the weeks left before the race.
 */
export const BUILD_GROWTH = 1.07;
export const RECOVERY_FACTOR = 0.8;
export const RECOVERY_EVERY_WEEKS = 4;
/**
 * Week 1 follows the runner's running of the last RECENT_VOLUME_WEEKS weeks when that is less than
 * the template's first week; from there each week adds at most CATCH_UP_GROWTH (the 10 % rule)
 * until the template's volume is reached.
 */
export const RECENT_VOLUME_WEEKS = 4;
export const CATCH_UP_GROWTH = 1.1;
/** The runner's longest run is looked for over this many weeks (the plan form's pre-filled figures). */
export const HISTORY_WEEKS = 8;
/**
 * The long run's largest share of a week's running: 35 % with four or more runs a week. With two or
 * three runs each run is already a third or more of the week, so there it may take half.
 */
export const LONG_RUN_MAX_SHARE = 0.35;
export const LONG_RUN_MAX_SHARE_FEW_RUNS = 0.5;
/** Week 1's long run is at most this much over the runner's longest recent run, and grows by it a week at most. */
export const LONG_RUN_GROWTH = 1.1;
/** Volume of each taper week (the last one is race week) as a share of the peak week. */
export const TAPER_FACTORS: Readonly<Record<number, readonly number[]>> = {
  1: [0.6],
  2: [0.75, 0.5],
  3: [0.8, 0.65, 0.45],
};
/** Warm-up plus cool-down run easy around every quality session. */
export const QUALITY_WARM_UP_M = 3000;
/** Shortest easy run a plan schedules. */
export const MIN_EASY_RUN_M = 3000;
/**
 * Race week: short easy runs on these days before the race, as many as the runner's runs a week
 * allow (RACE_WEEK_RUNS), the shakeout two days out first; so whatever the long-run day, there are
 * at least two runs and never more than two rest days right before the race.
 */
export const RACE_WEEK_RUN_DAYS = [2, 4, 6, 3] as const;
export const RACE_WEEK_RUNS = { min: 2, max: 4 } as const;
/** The shakeout two days before the race. */
export const SHAKEOUT_M = 3000;
export const STRENGTH_MINUTES = 20;
export const STRETCHING_MINUTES = 10;

export type QualityKind = 'intervals' | 'repetition' | 'tempo' | 'marathon-pace';
export interface QualitySession {
  kind: QualityKind;
  pace: TrainingPaceKind;
  /** Repeated efforts: reps × repDistanceM at peak (scaled down in early weeks, never below 3). */
  reps?: number;
  repDistanceM?: number;
  /** One continuous effort of this many metres at peak. */
  effortM?: number;
}

export interface RaceTemplate {
  weeks: Readonly<Record<PlanLevel, number>>;
  /** Fewest weeks a shortened plan may have (early build weeks are dropped). */
  minWeeks: Readonly<Record<PlanLevel, number>>;
  taperWeeks: 1 | 2 | 3;
  /** Intermediate peak distances; other levels scale them by LEVEL_SETTINGS.distanceFactor. */
  peakLongRunM: number;
  peakEasyRunM: number;
  /** Sessions in rotation, week by week. */
  sessions: readonly QualitySession[];
}

const intervals = (reps: number, repDistanceM: number): QualitySession => ({
  kind: 'intervals',
  pace: 'interval',
  reps,
  repDistanceM,
});
const repetitions = (reps: number, repDistanceM: number): QualitySession => ({
  kind: 'repetition',
  pace: 'repetition',
  reps,
  repDistanceM,
});
const tempo = (effortM: number): QualitySession => ({ kind: 'tempo', pace: 'threshold', effortM });
const marathonPace = (effortM: number): QualitySession => ({ kind: 'marathon-pace', pace: 'marathon', effortM });

export const RACE_TEMPLATES: Readonly<Record<RaceDistance, RaceTemplate>> = {
  '5k': {
    weeks: { beginner: 8, intermediate: 8, advanced: 10 },
    minWeeks: { beginner: 6, intermediate: 6, advanced: 7 },
    taperWeeks: 1,
    peakLongRunM: 10_000,
    peakEasyRunM: 6000,
    sessions: [intervals(6, 800), tempo(4000), repetitions(8, 400)],
  },
  '10k': {
    weeks: { beginner: 10, intermediate: 10, advanced: 12 },
    minWeeks: { beginner: 7, intermediate: 7, advanced: 9 },
    taperWeeks: 1,
    peakLongRunM: 14_000,
    peakEasyRunM: 8000,
    sessions: [intervals(6, 1000), tempo(6000), repetitions(8, 400)],
  },
  half: {
    weeks: { beginner: 12, intermediate: 12, advanced: 14 },
    minWeeks: { beginner: 9, intermediate: 9, advanced: 10 },
    taperWeeks: 2,
    peakLongRunM: 19_000,
    peakEasyRunM: 10_000,
    sessions: [tempo(8000), intervals(5, 1600), repetitions(8, 400)],
  },
  marathon: {
    weeks: { beginner: 16, intermediate: 18, advanced: 18 },
    minWeeks: { beginner: 12, intermediate: 13, advanced: 14 },
    taperWeeks: 3,
    peakLongRunM: 32_000,
    peakEasyRunM: 12_000,
    sessions: [marathonPace(12_000), tempo(8000), intervals(5, 1600)],
  },
};

export interface LevelSettings {
  distanceFactor: number;
  /** Quality sessions a week at most (also never more than runs a week minus 2). */
  qualitySessions: number;
  strength: boolean;
}
export const LEVEL_SETTINGS: Readonly<Record<PlanLevel, LevelSettings>> = {
  beginner: { distanceFactor: 0.8, qualitySessions: 1, strength: false },
  intermediate: { distanceFactor: 1, qualitySessions: 2, strength: true },
  advanced: { distanceFactor: 1.1, qualitySessions: 2, strength: true },
};

/**
 * The run days of a week, as days before the long run (−1 is the day before), for each number of
 * runs a week. `quality` ranks which days take quality sessions first (0: never a quality day),
 * so hard days are never back to back with the long run.
 */
export const RUN_DAY_PATTERNS: Readonly<Record<number, readonly { offset: number; quality: number }[]>> = {
  2: [{ offset: -4, quality: 0 }],
  3: [
    { offset: -5, quality: 1 },
    { offset: -3, quality: 2 },
  ],
  4: [
    { offset: -5, quality: 1 },
    { offset: -4, quality: 0 },
    { offset: -3, quality: 2 },
  ],
  5: [
    { offset: -5, quality: 1 },
    { offset: -4, quality: 0 },
    { offset: -3, quality: 2 },
    { offset: -1, quality: 0 },
  ],
  6: [
    { offset: -6, quality: 0 },
    { offset: -5, quality: 1 },
    { offset: -4, quality: 0 },
    { offset: -3, quality: 2 },
    { offset: -1, quality: 0 },
  ],
};
