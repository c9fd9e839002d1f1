/**
 * The medal rules (spec §5 "Medal rules", §9 catalogue): given a user's activities,
 * wellbeing entries, today's date and unit system, say for every catalogue medal whether it is
 * earned, with which run, its value text and — for rules that count — the progress so far.
 * Pure: `today` is a parameter. Whether to run a check at all (spec §5: skipped without a user id or
 * without activities) is the caller's decision; awarding and storing are the server's.
 *
 * Which activities count (spec §5, decided per rule):
 * - Only runs: spec §5 says type "Run"; Stride stores 'run' (lowercase), so the type is compared
 *   case-insensitively. Rides and walks never count.
 * - distance > 0 (finite) always.
 * - Demo and fallback data never count: source "placeholder" (the sample runs) and "mock".
 * - movingTime > 0 for every activity rule except "Planning 5 runs": an upload without timing is a
 *   plotted route — a plan, which is exactly what that medal counts — not a run that was done.
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
 */
import type { ActivitySummary } from '../activity/schemas.ts';
import type { UnitSystem } from '../profile.ts';
import { distanceInUnits, formatDuration, formatElevation, formatPace, METRES_PER_MILE } from '../units.ts';
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
  NON_USER_SOURCES,
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
import { epochDay, epochDayOf, weekdayOf } from './streak.ts';

/** The fields of a stored activity the rules read; an ActivitySummary can be passed as is. */
export interface MedalActivity extends Pick<
  ActivitySummary,
  'id' | 'startDate' | 'startDateLocal' | 'distance' | 'movingTime' | 'elevationGain'
> {
  /** 'run' | 'ride' | 'walk' in Stride; "Run" in the spec. */
  type: string;
  /** Stride's 'upload' | 'strava' | 'placeholder', or the spec's "gpx_upload", "uploaded", "mock". */
  source: string;
}

/** Spec §3 "Wellbeing entry": a day and the exercises done ("breathing", "stretching", …). */
export interface WellbeingEntry {
  /** "YYYY-MM-DD". */
  date: string;
  exercises: readonly string[];
}

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

// ---- The runs the rules see --------------------------------------------------------------------

interface CountedRun {
  id: string;
  source: string;
  distance: number;
  movingTime: number;
  elevationGain: number;
  /** movingTime > 0. */
  timed: boolean;
  /** startDateLocal as stored, for error messages. */
  localText: string;
}

interface LocalStart {
  /** Days since 1970-01-01 of the local calendar date. */
  day: number;
  hour: number;
  /** "MM-DD". */
  monthDay: string;
}

const LOCAL_START = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/;

/** The local day and hour of a "YYYY-MM-DDTHH:mm[:ss…]" wall-clock time, or null when unreadable. */
export function parseLocalStart(text: string): LocalStart | null {
  const match = typeof text === 'string' ? LOCAL_START.exec(text) : null;
  if (!match) {
    return null;
  }
  const day = epochDayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  const hour = Number(match[4]);
  if (day === null || hour > 23 || Number(match[5]) > 59) {
    return null;
  }
  return { day, hour, monthDay: `${match[2]}-${match[3]}` };
}

function isCountedRun(activity: MedalActivity): boolean {
  return (
    typeof activity.type === 'string' &&
    activity.type.toLowerCase() === 'run' &&
    Number.isFinite(activity.distance) &&
    activity.distance > 0 &&
    !NON_USER_SOURCES.includes(activity.source)
  );
}

/** Chronological sort key: the UTC start in ms, unreadable starts last. */
function startKey(activity: MedalActivity): number {
  const ms = typeof activity.startDate === 'string' ? Date.parse(activity.startDate) : Number.NaN;
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/** Sorted distinct local days with a timed run, and the first run of each (parallel arrays). */
interface RunDays {
  days: number[];
  firstRuns: CountedRun[];
}

/**
 * The counted runs, sorted once, with what several rules share (local starts, run days) worked out
 * on first use. Building it never throws, so one bad activity cannot stop every rule.
 */
class RunHistory {
  /** Every counted run, oldest first. */
  readonly runs: CountedRun[];
  /** The counted runs with movingTime > 0, oldest first. */
  readonly timedRuns: CountedRun[];
  private localStarts: LocalStart[] | undefined;
  private runDays: RunDays | undefined;

  constructor(activities: readonly MedalActivity[]) {
    const keyed: { key: number; run: CountedRun }[] = [];
    for (const activity of activities) {
      if (!isCountedRun(activity)) {
        continue;
      }
      const movingTime = Number.isFinite(activity.movingTime) ? activity.movingTime : 0;
      keyed.push({
        key: startKey(activity),
        run: {
          id: activity.id,
          source: activity.source,
          distance: activity.distance,
          movingTime,
          elevationGain: Number.isFinite(activity.elevationGain) ? activity.elevationGain : 0,
          timed: movingTime > 0,
          localText: activity.startDateLocal,
        },
      });
    }
    // Array.prototype.sort is stable: runs starting at the same instant keep the input order.
    keyed.sort((a, b) => (a.key === b.key ? 0 : a.key < b.key ? -1 : 1));
    this.runs = keyed.map((entry) => entry.run);
    this.timedRuns = this.runs.filter((run) => run.timed);
  }

  /** Local starts of `timedRuns` (same order). Throws when one cannot be read. */
  timedLocalStarts(): LocalStart[] {
    if (!this.localStarts) {
      this.localStarts = this.timedRuns.map((run) => {
        const local = parseLocalStart(run.localText);
        if (!local) {
          throw new Error(`Activity ${run.id} has an unreadable local start time "${String(run.localText)}"`);
        }
        return local;
      });
    }
    return this.localStarts;
  }

  /** Distinct local days with a timed run, ascending, with each day's first run. */
  days(): RunDays {
    if (!this.runDays) {
      const starts = this.timedLocalStarts();
      const order = starts.map((_, index) => index);
      // By day, then chronologically (the index is the chronological position).
      order.sort((a, b) => (starts[a] as LocalStart).day - (starts[b] as LocalStart).day || a - b);
      const days: number[] = [];
      const firstRuns: CountedRun[] = [];
      for (const index of order) {
        const day = (starts[index] as LocalStart).day;
        if (days[days.length - 1] !== day) {
          days.push(day);
          firstRuns.push(this.timedRuns[index] as CountedRun);
        }
      }
      this.runDays = { days, firstRuns };
    }
    return this.runDays;
  }
}

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

function subTimeRule(id: SubTimeMedalId): Rule {
  const { distanceMetres, underSeconds } = SUB_TIME_TARGETS[id];
  // Integer percentages keep the bounds exact (4,750 and 5,250 m; 0.95 × 5000 is not).
  const low = (distanceMetres * SUB_TIME_DISTANCE_PERCENT.min) / 100;
  const high = (distanceMetres * SUB_TIME_DISTANCE_PERCENT.max) / 100;
  return firstRunRule(
    (run) => run.distance >= low && run.distance <= high && run.movingTime < underSeconds,
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
    const week = day - weekdayOf(day);
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

function hasExercise(entry: WellbeingEntry, exercise: string): boolean {
  return (
    Array.isArray(entry.exercises) &&
    entry.exercises.some((done) => typeof done === 'string' && done.trim().toLowerCase() === exercise)
  );
}

/**
 * Consecutive days with an entry (holding `exercise`, when given) ending today: 0 when today has
 * none, so a streak that ended yesterday does not earn the medal. Exercise names match ignoring case
 * and surrounding spaces. Throws when `today` or a relevant entry's date is not a calendar date.
 */
export function wellbeingStreakLength(
  entries: readonly WellbeingEntry[],
  today: string,
  exercise: string | null,
): number {
  const todayDay = epochDay(today);
  if (todayDay === null) {
    throw new RangeError(`Today is not a calendar date (YYYY-MM-DD): "${today}"`);
  }
  const days = new Set<number>();
  for (const entry of entries) {
    if (exercise !== null && !hasExercise(entry, exercise)) {
      continue;
    }
    const day = epochDay(entry.date);
    if (day === null) {
      throw new RangeError(`Wellbeing entry has an unreadable date "${String(entry.date)}"`);
    }
    days.add(day);
  }
  let length = 0;
  while (days.has(todayDay - length)) {
    length += 1;
  }
  return length;
}

function wellbeingRule(exercise: string | null): Rule {
  return (_history, input, medal) => {
    const length = wellbeingStreakLength(input.wellbeing, input.today, exercise);
    const earned = length >= WELLBEING_STREAK_DAYS;
    return {
      earned,
      value: earned ? formatMedalCount(length, countNoun(medal)) : null,
      activityId: null,
      progress: progressOf(length, WELLBEING_STREAK_DAYS),
    };
  };
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

/**
 * Every catalogue medal, in catalogue order, evaluated against the input. Each rule runs on its own:
 * a rule that throws yields `earned: false` with the reason in `error` (spec §4), and the others
 * are still evaluated.
 */
export function evaluateMedals(input: MedalInput): MedalEvaluation[] {
  const history = new RunHistory(input.activities);
  return MEDAL_CATALOGUE.map((medal): MedalEvaluation => {
    try {
      return { medalId: medal.id, ...RULES[medal.id](history, input, medal) };
    } catch (error) {
      return { medalId: medal.id, ...NOT_EARNED, error: errorMessage(error) };
    }
  });
}
