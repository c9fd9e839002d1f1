/**
 * How much a training plan runs each week: which weeks it has and each week's volume as a factor of
 * the template's peak week. The template's build weeks grow by BUILD_GROWTH with a recovery week
 * every RECOVERY_EVERY_WEEKS, then taper to race week; a plan with fewer weeks left drops its
 * earliest build weeks, one with more begins up to MAX_PLAN_WEEKS before race day with base weeks.
 * Week 1 starts from the runner's running now (given, else their recent runs) when there is any, and
 * the weeks after it catch up with the template by at most CATCH_UP_GROWTH a week.
 */
import type { PlanInput } from './plan-request.ts';
import {
  BUILD_GROWTH,
  CATCH_UP_GROWTH,
  LEVEL_SETTINGS,
  type PlanLevel,
  RACE_TEMPLATES,
  type RaceDistance,
  RECENT_VOLUME_WEEKS,
  RECOVERY_EVERY_WEEKS,
  RECOVERY_FACTOR,
  TAPER_FACTORS,
} from './plan-templates.ts';

export const PLAN_WEEK_KINDS = ['base', 'build', 'recovery', 'taper', 'race'] as const;
export type PlanWeekKind = (typeof PLAN_WEEK_KINDS)[number];
/** The longest plan: further races begin with base weeks up to this many weeks before race day. */
export const MAX_PLAN_WEEKS = 24;

/**
 * What week 1 is based on: 'given', the weekly distance the runner gave; 'recent', their recent
 * running; 'template', the plan's own first week (no runs to go by).
 */
export type WeekOneSource = 'given' | 'recent' | 'template';

/** A plan's weeks, first first, each with its kind and its volume factor (1 = the template's peak). */
export interface PlanVolume {
  weeks: { factor: number; kind: PlanWeekKind }[];
  /** How many base weeks come before the template's. */
  baseWeeks: number;
  /** The template week the plan's first template week is (the build weeks dropped before it). */
  firstTemplateWeek: number;
  /** A week's running in metres at factor 1 (the peak week) before rounding. */
  peakWeekM: number;
  /** Whether the weeks follow the runner's start volume rather than the template's first week. */
  followsRecent: boolean;
  source: WeekOneSource;
  /** The runner's average weekly metres over the RECENT_VOLUME_WEEKS weeks before the plan. */
  recentWeeklyM: number;
}

/** The weeks of a plan for `input` with `weeksAvailable` whole weeks before race day. */
export function planVolume(input: PlanInput, weeksAvailable: number): PlanVolume {
  const { race, level, runsPerWeek } = input;
  const template = RACE_TEMPLATES[race];
  const allWeeks = templateWeekFactors(race, level);
  const planLength = Math.min(weeksAvailable, Math.max(allWeeks.length, MAX_PLAN_WEEKS));
  const baseWeeks = Math.max(0, planLength - allWeeks.length);
  const dropped = Math.max(0, allWeeks.length - planLength);
  const fromTemplate = templateWeekFactors(race, level, template.weeks[level] - template.taperWeeks - dropped);
  const templateWeeks = [
    ...Array.from({ length: baseWeeks }, () => ({ factor: allWeeks[0]!.factor, kind: 'base' as const })),
    ...fromTemplate,
  ];
  const peakWeekM =
    (template.peakLongRunM + (runsPerWeek - 1) * template.peakEasyRunM) * LEVEL_SETTINGS[level].distanceFactor;
  const recent = input.recentVolume;
  const recentWeeklyM = recent === undefined ? 0 : recent.totalM / RECENT_VOLUME_WEEKS;
  const source: WeekOneSource =
    input.startWeeklyM !== undefined && input.startWeeklyM > 0
      ? 'given'
      : recent !== undefined && recent.runs > 0
        ? 'recent'
        : 'template';
  const startWeeklyM = source === 'given' ? input.startWeeklyM! : recentWeeklyM;
  const followsRecent = source !== 'template';
  const weeks = followsRecent ? followStartVolume(templateWeeks, startWeeklyM / peakWeekM) : templateWeeks;
  return { weeks, baseWeeks, firstTemplateWeek: dropped, peakWeekM, followsRecent, source, recentWeeklyM };
}

/**
 * Volume factor of every template week (1 = peak), and its kind, first week first. With
 * `buildWeeks` (a plan shortened to fewer build weeks than the template has), those last build
 * weeks; recovery weeks are counted from the plan's first build week, so at least three build weeks
 * come before each one.
 */
export function templateWeekFactors(
  race: RaceDistance,
  level: PlanLevel,
  buildWeeks?: number,
): { factor: number; kind: PlanWeekKind }[] {
  const template = RACE_TEMPLATES[race];
  const build = Math.min(buildWeeks ?? Infinity, template.weeks[level] - template.taperWeeks);
  const weeks: { factor: number; kind: PlanWeekKind }[] = [];
  let trend = 1;
  for (let week = 0; week < build; week += 1) {
    const recovery = (week + 1) % RECOVERY_EVERY_WEEKS === 0 && week !== build - 1;
    if (week > 0 && !recovery) {
      trend *= BUILD_GROWTH;
    }
    weeks.push({ factor: recovery ? trend * RECOVERY_FACTOR : trend, kind: recovery ? 'recovery' : 'build' });
  }
  const peak = trend;
  const taper = TAPER_FACTORS[template.taperWeeks] ?? [];
  return [
    ...weeks.map((week) => ({ ...week, factor: week.factor / peak })),
    ...taper.map((factor, index): { factor: number; kind: PlanWeekKind } => ({
      factor,
      kind: index === taper.length - 1 ? 'race' : 'taper',
    })),
  ];
}

/**
 * The week factors starting from `startFactor` (the runner's running now): week 1 is it; each build
 * or base week is the template's week, but never below where the runner started and at most
 * CATCH_UP_GROWTH over the build week before; a recovery week is the template's, never below
 * RECOVERY_FACTOR of the start nor above RECOVERY_FACTOR of the build week before. Taper and race
 * weeks keep their share of the peak the runner actually reaches.
 */
function followStartVolume(
  weeks: readonly { factor: number; kind: PlanWeekKind }[],
  startFactor: number,
): { factor: number; kind: PlanWeekKind }[] {
  let lastBuild = Number.NaN;
  let peak = 0;
  const built = weeks.map((week) => {
    if (week.kind === 'taper' || week.kind === 'race') {
      return week;
    }
    const recovery = week.kind === 'recovery';
    const cap = Number.isNaN(lastBuild) ? startFactor : lastBuild * (recovery ? RECOVERY_FACTOR : CATCH_UP_GROWTH);
    const factor = Math.min(Math.max(week.factor, startFactor * (recovery ? RECOVERY_FACTOR : 1)), cap);
    if (week.kind !== 'recovery') {
      lastBuild = factor;
    }
    peak = Math.max(peak, factor);
    return { ...week, factor };
  });
  return built.map((week) =>
    week.kind === 'taper' || week.kind === 'race' ? { ...week, factor: week.factor * peak } : week,
  );
}
