/**
 * The medal rules (spec §5 "Medal rules", §9 catalogue): given a user's activities,
 * wellbeing entries, today's date and unit system, say for every catalogue medal whether it is
 * earned, with which run, its value text and — for rules that count — the progress so far.
 * Pure: `today` is a parameter. Whether to run a check at all (spec §5: skipped without a user id or
 * without activities) is the caller's decision; awarding and storing are the server's.
 *
 * Its length is one concern: the catalogue's rules side by side, each a few lines over the same
 * filtered runs, so a rule is read beside the ones it must agree with.
 *
 * Which activities count (spec §5, decided per rule):
 * - Only runs: spec §5 says type "Run"; Stride stores 'run' (lowercase), so the type is compared
 *   case-insensitively. Rides and walks never count.
 * - distance > 0 (finite) always.
 * - Demo and fallback data never count: source "placeholder" (the sample runs) and "mock".
 * - Times (core/activity/untimed.ts countsInTotals, the rule of every total) for every activity rule
 *   except "Planning 5 runs": an upload without times is a plotted route — a plan, which is exactly
 *   what that medal counts — not a run that was done.
 *
 * Interpretations where the spec is terse:
 * - "First" and "the run that earned it" mean in order of the UTC start (startDate); a start that
 *   cannot be read sorts last. Ties on a record keep the earlier holder.
 * - Records (longest, fastest by pace over ≥ 1 mile, highest climb > 0) are earned with the first
 *   qualifying run; value and activity follow the current record holder.
 * - Distance classes: the highest class a run meets is its only class.
 * - Day-based rules read the local wall-clock start (startDateLocal). A counted run whose local start
 *   cannot be read makes those rules fail (reported in `error`, spec §4: one failing rule does not
 *   stop the others) rather than silently guessing its day; rules that need no date are unaffected.
 * - Progress is capped at the target; distance totals are reported in the user's units.
 * - Sub-30 5K and Sub-60 10K (spec §5): the run's own distance is within 95–105 % of the target and
 *   its moving time is under the limit. A fast stretch inside a longer run does not earn them (a half
 *   marathon with a 23-minute first 5 km is no 5K); the personal bests show such stretches.
 *
 * Its length is one concern: one rule per medal of the catalogue, side by side so each can be read
 * against spec §5.
 */
import type { UnitSystem } from '../unit-system.ts';
import { distanceInUnits, METRES_PER_MILE } from '../units.ts';
import { formatDuration, formatElevation, formatPace } from '../format.ts';
import {
  BREATHING_EXERCISE,
  DISTANCE_CLASS_MILES,
  DISTANCE_TOLERANCE_METRES,
  type DistanceClassMedalId,
  EARLY_BIRD_BEFORE_HOUR,
  FASTEST_RUN_MIN_METRES,
  MEDAL_CATALOGUE,
  type MedalDefinition,
  type MedalId,
  NEW_YEAR_MONTH_DAY,
  NIGHT_OWL_FROM_HOUR,
  PLANNING_RUNS_NEEDED,
  RUN_STREAK_DAYS,
  type RunStreakMedalId,
  STRETCHING_EXERCISE,
  SUB_TIME_DISTANCE_PERCENT,
  SUB_TIME_TARGETS,
  type SubTimeMedalId,
  SUMMER_SOLSTICE_MONTH_DAY,
  TIME_OF_DAY_RUNS_NEEDED,
  TOTAL_DISTANCE_MILES,
  type TotalDistanceMedalId,
  TRIPLE_THREAT_RUNS,
  UPLOADED_SOURCES,
  WELLBEING_STREAK_DAYS,
} from './catalogue.ts';
import { formatMedalCount, formatMedalDistance, type MedalProgress } from './format.ts';
import { RunHistory, type CountedRun, type LocalStart, type MedalActivity } from './run-history.ts';
import { ISO_SUNDAY, weekdayOf, weekStartEpoch } from '../calendar-days.ts';
import { wellbeingStreakLength, type WellbeingEntry } from './wellbeing-streak.ts';

export interface MedalInput {
  activities: readonly MedalActivity[];
  wellbeing: readonly WellbeingEntry[];
  /** The user's local calendar date, "YYYY-MM-DD". */
  today: string;
  units: UnitSystem;
}

export interface MedalEvaluation {
  medalId: MedalId;
  earned: boolean;
  /** Spec §3 value text in the user's units ("12.40 miles", "7:45/mi", "1,203 ft"), null when none. */
  value: string | null;
  /** The run that earned the medal, or for a record the current holder; null when none. */
  activityId: string | null;
  /** For rules that count (runs, days, distance): how far, capped at the target. */
  progress: MedalProgress | null;
  /** Set when this rule failed; the other medals are still evaluated. */
  error?: string;
}

type RuleOutcome = Omit<MedalEvaluation, 'medalId' | 'error'>;

// ---- Rule building blocks ------------------------------------------------------------------------

const NOT_EARNED: RuleOutcome = { earned: false, value: null, activityId: null, progress: null };

function progressOf(current: number, target: number): MedalProgress {
  return { current: Math.min(current, target), target };
}

function countNoun(medal: MedalDefinition): string {
  return medal.counts?.kind === 'count' ? medal.counts.noun : '';
}

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A record: the run with the highest score holds it (null score: the run does not qualify); the
 * earliest run wins a tie, so an equal run does not take the record away.
 */
function recordRule(
  score: (run: CountedRun) => number | null,
  value: (run: CountedRun, units: UnitSystem) => string,
): Rule {
  return (history, input) => {
    let best: CountedRun | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const run of history.timedRuns) {
      const runScore = score(run);
      if (runScore !== null && runScore > bestScore) {
        best = run;
        bestScore = runScore;
      }
    }
    return best ? { earned: true, value: value(best, input.units), activityId: best.id, progress: null } : NOT_EARNED;
  };
}

/** Earned by the first timed run meeting `qualifies`; the value describes that run. */
function firstRunRule(
  qualifies: (run: CountedRun, index: number, history: RunHistory) => boolean,
  value: (run: CountedRun, units: UnitSystem) => string,
): Rule {
  return (history, input) => {
    const runs = history.timedRuns;
    for (let index = 0; index < runs.length; index += 1) {
      const run = runs[index] as CountedRun;
      if (qualifies(run, index, history)) {
        return { earned: true, value: value(run, input.units), activityId: run.id, progress: null };
      }
    }
    return NOT_EARNED;
  };
}

function distanceValue(run: CountedRun, units: UnitSystem): string {
  return formatMedalDistance(run.distance, units);
}

/** Earned once `count` runs (in order) meet `qualifies`; the run that makes the count earns it. */
function countRule(
  count: number,
  runsOf: (history: RunHistory) => readonly CountedRun[],
  qualifies: (run: CountedRun, index: number, history: RunHistory) => boolean,
): Rule {
  return (history, _input, medal) => {
    const runs = runsOf(history);
    let seen = 0;
    let earnedBy: CountedRun | null = null;
    for (let index = 0; index < runs.length; index += 1) {
      const run = runs[index] as CountedRun;
      if (qualifies(run, index, history)) {
        seen += 1;
        if (seen === count) {
          earnedBy = run;
        }
      }
    }
    return {
      earned: earnedBy !== null,
      value: earnedBy ? formatMedalCount(seen, countNoun(medal)) : null,
      activityId: earnedBy?.id ?? null,
      progress: progressOf(seen, count),
    };
  };
}

type Rule = (history: RunHistory, input: MedalInput, medal: MedalDefinition) => RuleOutcome;

// ---- Distance rules ------------------------------------------------------------------------------

function milesToMetres(miles: number): number {
  return miles * METRES_PER_MILE;
}

/** Highest class first, so the first met is the run's class (spec §5 "highest met wins"). */
const DISTANCE_CLASSES_HIGHEST_FIRST = (Object.entries(DISTANCE_CLASS_MILES) as [DistanceClassMedalId, number][])
  .map(([id, miles]) => ({ id, metres: milesToMetres(miles) }))
  .sort((a, b) => b.metres - a.metres);

/** The one distance class of a run, or null below 3.1 miles (spec §5). */
export function distanceClassOf(metres: number): DistanceClassMedalId | null {
  for (const distanceClass of DISTANCE_CLASSES_HIGHEST_FIRST) {
    if (metres >= distanceClass.metres - DISTANCE_TOLERANCE_METRES) {
      return distanceClass.id;
    }
  }
  return null;
}

function distanceClassRule(id: DistanceClassMedalId): Rule {
  return firstRunRule((run) => distanceClassOf(run.distance) === id, distanceValue);
}

function totalDistanceRule(id: TotalDistanceMedalId): Rule {
  const target = milesToMetres(TOTAL_DISTANCE_MILES[id]);
  return (history, input) => {
    let total = 0;
    let earnedBy: CountedRun | null = null;
    for (const run of history.timedRuns) {
      total += run.distance;
      if (!earnedBy && total >= target - DISTANCE_TOLERANCE_METRES) {
        earnedBy = run;
      }
    }
    return {
      earned: earnedBy !== null,
      value: earnedBy ? formatMedalDistance(total, input.units) : null,
      activityId: earnedBy?.id ?? null,
      progress: progressOf(
        roundTo2(distanceInUnits(total, input.units)),
        roundTo2(distanceInUnits(target, input.units)),
      ),
    };
  };
}

/**
 * A run's time for a sub-time medal (spec §5): its moving time when its own distance is within
 * 95–105 % of the target and it has one; null otherwise.
 */
function subTimeReading(run: CountedRun, id: SubTimeMedalId): number | null {
  const { distanceMetres } = SUB_TIME_TARGETS[id];
  // Integer percentages keep the bounds exact (4,750 and 5,250 m; 0.95 × 5000 is not).
  const low = (distanceMetres * SUB_TIME_DISTANCE_PERCENT.min) / 100;
  const high = (distanceMetres * SUB_TIME_DISTANCE_PERCENT.max) / 100;
  return run.distance >= low && run.distance <= high && run.movingTime > 0 ? run.movingTime : null;
}

function subTimeRule(id: SubTimeMedalId): Rule {
  const { underSeconds } = SUB_TIME_TARGETS[id];
  return firstRunRule(
    (run) => (subTimeReading(run, id) ?? Number.POSITIVE_INFINITY) < underSeconds,
    (run) => formatDuration(run.movingTime),
  );
}

// ---- Day-based rules (local start time) -----------------------------------------------------------

function localStartAt(history: RunHistory, index: number): LocalStart {
  return history.timedLocalStarts()[index] as LocalStart;
}

function onMonthDayRule(monthDay: string): Rule {
  return firstRunRule((_run, index, history) => localStartAt(history, index).monthDay === monthDay, distanceValue);
}

function timeOfDayRule(startsInWindow: (hour: number) => boolean): Rule {
  return countRule(
    TIME_OF_DAY_RUNS_NEEDED,
    (history) => history.timedRuns,
    (_run, index, history) => startsInWindow(localStartAt(history, index).hour),
  );
}

/** Spec §9: 3 or more runs within one Sunday-to-Saturday week of local dates. */
const tripleThreatRule: Rule = (history, _input, medal) => {
  const starts = history.timedLocalStarts();
  const perWeek = new Map<number, number>();
  let most = 0;
  let earnedBy: CountedRun | null = null;
  for (let index = 0; index < starts.length; index += 1) {
    const { day } = starts[index] as LocalStart;
    const week = weekStartEpoch(day, ISO_SUNDAY);
    const count = (perWeek.get(week) ?? 0) + 1;
    perWeek.set(week, count);
    most = Math.max(most, count);
    if (!earnedBy && count >= TRIPLE_THREAT_RUNS) {
      earnedBy = history.timedRuns[index] as CountedRun;
    }
  }
  return {
    earned: earnedBy !== null,
    value: earnedBy ? formatMedalCount(most, countNoun(medal)) : null,
    activityId: earnedBy?.id ?? null,
    progress: progressOf(most, TRIPLE_THREAT_RUNS),
  };
};

const SUNDAY = 0;

/**
 * Weekend Warrior: a Saturday and the Sunday right after it. (Spec §9 says "Saturday and Sunday of the same
 * week", but in Sunday-to-Saturday weeks those days are six days apart; the issue settles it.)
 * Earned by the first run of the earliest such Sunday.
 */
const weekendWarriorRule: Rule = (history, input) => {
  const { days, firstRuns } = history.days();
  for (let index = 1; index < days.length; index += 1) {
    const day = days[index] as number;
    if (weekdayOf(day) === SUNDAY && days[index - 1] === day - 1) {
      const run = firstRuns[index] as CountedRun;
      return { earned: true, value: distanceValue(run, input.units), activityId: run.id, progress: null };
    }
  }
  return NOT_EARNED;
};

/** Consecutive local calendar days with a run, anywhere in the history (longest streak ever). */
function runStreakRule(id: RunStreakMedalId): Rule {
  const target = RUN_STREAK_DAYS[id];
  return (history, _input, medal) => {
    const { days, firstRuns } = history.days();
    let length = 0;
    let longest = 0;
    let earnedBy: CountedRun | null = null;
    for (let index = 0; index < days.length; index += 1) {
      length = index > 0 && days[index - 1] === (days[index] as number) - 1 ? length + 1 : 1;
      longest = Math.max(longest, length);
      if (!earnedBy && length >= target) {
        earnedBy = firstRuns[index] as CountedRun;
      }
    }
    return {
      earned: earnedBy !== null,
      value: earnedBy ? formatMedalCount(longest, countNoun(medal)) : null,
      activityId: earnedBy?.id ?? null,
      progress: progressOf(longest, target),
    };
  };
}

// ---- Wellbeing rules ------------------------------------------------------------------------------

/** The rules that read the wellbeing days; every other rule reads the activities. */
const WELLBEING_RULES = new WeakSet<Rule>();

function wellbeingRule(exercise: string | null): Rule {
  const rule: Rule = (_history, input, medal) => {
    const length = wellbeingStreakLength(input.wellbeing, input.today, exercise);
    const earned = length >= WELLBEING_STREAK_DAYS;
    return {
      earned,
      value: earned ? formatMedalCount(length, countNoun(medal)) : null,
      activityId: null,
      progress: progressOf(length, WELLBEING_STREAK_DAYS),
    };
  };
  WELLBEING_RULES.add(rule);
  return rule;
}

// ---- The catalogue's rules ------------------------------------------------------------------------

/** One rule per medal; the Record type makes a medal without a rule a compile error. */
const RULES: Readonly<Record<MedalId, Rule>> = {
  'longest-run': recordRule((run) => run.distance, distanceValue),
  'fastest-run': recordRule(
    // Lower seconds per metre is faster; negated so that higher is better.
    (run) =>
      run.distance >= FASTEST_RUN_MIN_METRES - DISTANCE_TOLERANCE_METRES ? -run.movingTime / run.distance : null,
    (run, units) => formatPace(run.distance / run.movingTime, units),
  ),
  'highest-climb': recordRule(
    (run) => (run.elevationGain > 0 ? run.elevationGain : null),
    (run, units) => formatElevation(run.elevationGain, units),
  ),
  'planning-5-runs': countRule(
    PLANNING_RUNS_NEEDED,
    (history) => history.runs,
    (run) => UPLOADED_SOURCES.includes(run.source),
  ),
  'wellbeing-streak': wellbeingRule(null),
  '5k-hero': distanceClassRule('5k-hero'),
  '10k-warrior': distanceClassRule('10k-warrior'),
  'half-marathon-champion': distanceClassRule('half-marathon-champion'),
  'marathon-legend': distanceClassRule('marathon-legend'),
  'ultra-runner': distanceClassRule('ultra-runner'),
  'century-runner': totalDistanceRule('century-runner'),
  '500-mile-club': totalDistanceRule('500-mile-club'),
  'around-the-world': totalDistanceRule('around-the-world'),
  'triple-threat': tripleThreatRule,
  'weekend-warrior': weekendWarriorRule,
  'early-bird': timeOfDayRule((hour) => hour < EARLY_BIRD_BEFORE_HOUR),
  'night-owl': timeOfDayRule((hour) => hour >= NIGHT_OWL_FROM_HOUR),
  'sub-30-5k': subTimeRule('sub-30-5k'),
  'sub-60-10k': subTimeRule('sub-60-10k'),
  'new-year-new-you': onMonthDayRule(NEW_YEAR_MONTH_DAY),
  'summer-solstice': onMonthDayRule(SUMMER_SOLSTICE_MONTH_DAY),
  'week-warrior': runStreakRule('week-warrior'),
  'monthly-marathoner': runStreakRule('monthly-marathoner'),
  'seasonal-superstar': runStreakRule('seasonal-superstar'),
  'year-round-runner': runStreakRule('year-round-runner'),
  'breathing-buddha': wellbeingRule(BREATHING_EXERCISE),
  'limber-limbs': wellbeingRule(STRETCHING_EXERCISE),
};

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a medal's rule reads: the runner's activities or their wellbeing days, never both. */
export type MedalReads = 'activities' | 'wellbeing';

export function medalReads(medalId: MedalId): MedalReads {
  return WELLBEING_RULES.has(RULES[medalId]) ? 'wellbeing' : 'activities';
}

/**
 * Every catalogue medal, in catalogue order, evaluated against the input; with `only`, just the
 * medals whose rule reads that input (the other input is not read and may be empty). Each rule runs
 * on its own: a rule that throws yields `earned: false` with the reason in `error` (spec §4), and
 * the others are still evaluated.
 */
export function evaluateMedals(input: MedalInput, only?: MedalReads): MedalEvaluation[] {
  const history = new RunHistory(input.activities);
  const medals =
    only === undefined ? MEDAL_CATALOGUE : MEDAL_CATALOGUE.filter((medal) => medalReads(medal.id) === only);
  return medals.map((medal): MedalEvaluation => {
    try {
      return { medalId: medal.id, ...RULES[medal.id](history, input, medal) };
    } catch (error) {
      return { medalId: medal.id, ...NOT_EARNED, error: errorMessage(error) };
    }
  });
}
