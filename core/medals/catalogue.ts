/**
 * The medal catalogue (spec §9 "Medal catalogue", §3 "Medal record") and every constant its rules
 * use (spec §5 "Medal rules", §9 "Distances"). The rules themselves live in rules.ts; the server,
 * the trophy case and the tests read titles, tiers and thresholds from here and nowhere else.
 *
 * Spec §9 lists 27 medals (the spec's list is the one followed).
 *
 * Its length is one concern: it is the catalogue, a list of 27 medals and their constants.
 */
import { SAMPLE_SOURCE } from '../activity/samples.ts';
import { DEFAULT_LOCALE, formatDecimal, formatNumber } from '../format.ts';
import type { UnitSystem } from '../unit-system.ts';
import { METRES_PER_KILOMETRE, METRES_PER_MILE } from '../units.ts';

export const MEDAL_TIERS = ['gold', 'silver', 'bronze'] as const;
export type MedalTier = (typeof MEDAL_TIERS)[number];

/**
 * A record follows the user's best run (its value and run change when beaten); a milestone is
 * reached once.
 */
export const MEDAL_KINDS = ['record', 'milestone'] as const;
export type MedalKind = (typeof MEDAL_KINDS)[number];

/** Spec §3: every medal record's icon. */
export const MEDAL_ICON = 'trophy';

/** In catalogue order, which is the order of spec §9. */
export const MEDAL_IDS = [
  'longest-run',
  'fastest-run',
  'highest-climb',
  'planning-5-runs',
  'wellbeing-streak',
  '5k-hero',
  '10k-warrior',
  'half-marathon-champion',
  'marathon-legend',
  'ultra-runner',
  'century-runner',
  '500-mile-club',
  'around-the-world',
  'triple-threat',
  'weekend-warrior',
  'early-bird',
  'night-owl',
  'sub-30-5k',
  'sub-60-10k',
  'new-year-new-you',
  'summer-solstice',
  'week-warrior',
  'monthly-marathoner',
  'seasonal-superstar',
  'year-round-runner',
  'breathing-buddha',
  'limber-limbs',
] as const;
export type MedalId = (typeof MEDAL_IDS)[number];

// ---- Spec §5 / §9 constants -------------------------------------------------------------------

/** Spec §5: distance classes in miles; per run, the highest class met wins; below 3.1 none. */
export const DISTANCE_CLASS_MILES = {
  '5k-hero': 3.1,
  '10k-warrior': 6.2,
  'half-marathon-champion': 13.1,
  'marathon-legend': 26.2,
  'ultra-runner': 31.07,
} as const satisfies Partial<Record<MedalId, number>>;
export type DistanceClassMedalId = keyof typeof DISTANCE_CLASS_MILES;

/** Spec §9: total distance in miles over all runs. */
export const TOTAL_DISTANCE_MILES = {
  'century-runner': 100,
  '500-mile-club': 500,
  'around-the-world': 24_901,
} as const satisfies Partial<Record<MedalId, number>>;
export type TotalDistanceMedalId = keyof typeof TOTAL_DISTANCE_MILES;

/**
 * Distances are compared with this much slack so that floating-point rounding cannot take a
 * threshold away: 3.1 miles exactly counts (spec §5), and ten 10-mile runs, which sum to
 * 99.99999999999998 miles in floating point, make 100. A micrometre is nothing a GPS can measure.
 */
export const DISTANCE_TOLERANCE_METRES = 1e-6;

/**
 * The medal rules' version, kept on each held medal. A version that changes how medals are earned
 * names them in MEDAL_RULE_CHANGES: held ones awarded under an earlier version are re-derived at
 * start (server/services/medal-service.ts rederiveMedals).
 */
export const MEDAL_RULES_VERSION = 2;

/** The medals each rules version changed: 2, the sub-time medals read the run's own distance only. */
export const MEDAL_RULE_CHANGES: Readonly<Record<number, readonly MedalId[]>> = {
  2: ['sub-30-5k', 'sub-60-10k'],
};

/** Whether a medal held under `version` was earned by a rule that has changed since. */
export function medalRuleChangedSince(medalId: string, version: number): boolean {
  return Object.entries(MEDAL_RULE_CHANGES).some(
    ([changedIn, medals]) => Number(changedIn) > version && medals.some((id) => id === medalId),
  );
}

/** Spec §5/§9: a sub-time run is within 95–105 % of the target distance, moving time under the limit. */
export const SUB_TIME_DISTANCE_PERCENT = { min: 95, max: 105 } as const;
export const SUB_TIME_TARGETS = {
  'sub-30-5k': { distanceMetres: 5000, underSeconds: 1800 },
  'sub-60-10k': { distanceMetres: 10_000, underSeconds: 3600 },
} as const satisfies Partial<Record<MedalId, { distanceMetres: number; underSeconds: number }>>;
export type SubTimeMedalId = keyof typeof SUB_TIME_TARGETS;

/** Spec §9: Early Bird starts before 06:00, Night Owl at 20:00 or later (local time), 5 runs each. */
export const EARLY_BIRD_BEFORE_HOUR = 6;
export const NIGHT_OWL_FROM_HOUR = 20;
export const TIME_OF_DAY_RUNS_NEEDED = 5;

/** Spec §9: consecutive calendar days with a run, anywhere in the history. */
export const RUN_STREAK_DAYS = {
  'week-warrior': 7,
  'monthly-marathoner': 30,
  'seasonal-superstar': 90,
  'year-round-runner': 365,
} as const satisfies Partial<Record<MedalId, number>>;
export type RunStreakMedalId = keyof typeof RUN_STREAK_DAYS;

/** Spec §9 Triple Threat: 3 or more runs in one Sunday-to-Saturday week. */
export const TRIPLE_THREAT_RUNS = 3;

/** Spec §9 "Planning 5 runs": 5 uploaded runs; spec §3 names the sources that count as uploaded. */
export const PLANNING_RUNS_NEEDED = 5;
export const UPLOADED_SOURCES: readonly string[] = ['upload', 'gpx_upload', 'uploaded'];

/**
 * Sources whose activities are not the user's runs and never earn a medal: the demo sample runs
 * (SAMPLE_SOURCE) and "mock", the fallback entries of spec §3/§4.
 */
export const NON_USER_SOURCES: readonly string[] = [SAMPLE_SOURCE, 'mock'];

/** Spec §9: consecutive days of wellbeing entries ending today. */
export const WELLBEING_STREAK_DAYS = 7;
export const BREATHING_EXERCISE = 'breathing';
export const STRETCHING_EXERCISE = 'stretching';

/** Spec §9: "MM-DD" of the local start date. */
export const NEW_YEAR_MONTH_DAY = '01-01';
export const SUMMER_SOLSTICE_MONTH_DAY = '06-21';

/**
 * Fastest run is by pace over runs of at least one mile, so a 50 m sprint or a GPS blip does not
 * hold the record (the spec names no minimum; one mile is the shortest distance Stride shows a pace
 * split for).
 */
export const FASTEST_RUN_MIN_METRES = METRES_PER_MILE;

// ---- The catalogue ----------------------------------------------------------------------------

/** What a rule counts, for the hint on an unearned card ("3 of 5 early runs"). */
export type MedalCount = { kind: 'count'; noun: string } | { kind: 'distance' };

export interface MedalDefinition {
  id: MedalId;
  /** As spec §9 names the medal. */
  title: string;
  /** Spec §3: "Achieve {title}". */
  description: string;
  icon: typeof MEDAL_ICON;
  tier: MedalTier;
  kind: MedalKind;
  /** What it takes, for an unearned card, in the user's unit system. */
  requirement: Readonly<Record<UnitSystem, string>>;
  /** What the rule's progress counts, or null when it counts nothing (records, single runs). */
  counts: MedalCount | null;
}

function miles(value: number): string {
  return `${formatNumber(value, DEFAULT_LOCALE, 2)} ${value === 1 ? 'mile' : 'miles'}`;
}

/**
 * A threshold the spec defines in miles, for a metric reader: kilometres first, as every figure
 * leads with the runner's units, and the spec's round miles beside them ("21.08 km (13.1 mi)").
 */
function kilometresWithMiles(value: number): string {
  const km = (value * METRES_PER_MILE) / METRES_PER_KILOMETRE;
  return `${formatNumber(km, DEFAULT_LOCALE, 2)} km (${formatNumber(value, DEFAULT_LOCALE, 2)} mi)`;
}

function kilometresFromMetres(metres: number): string {
  return `${formatNumber(metres / METRES_PER_KILOMETRE, DEFAULT_LOCALE, 2)} km`;
}

function milesFromMetres(metres: number): string {
  return `${formatDecimal(metres / METRES_PER_MILE, 2, DEFAULT_LOCALE)} miles`;
}

/** "Run … in one run" in both unit systems, from a sentence taking a distance text. */
function byUnits(sentence: (distance: (miles: number) => string) => string): Record<UnitSystem, string> {
  return { imperial: sentence(miles), metric: sentence(kilometresWithMiles) };
}

/** An hour as "06:00". */
function clock(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

function same(text: string): Record<UnitSystem, string> {
  return { imperial: text, metric: text };
}

function distanceClassRequirement(id: DistanceClassMedalId): Record<UnitSystem, string> {
  const classes = Object.values(DISTANCE_CLASS_MILES);
  const from = DISTANCE_CLASS_MILES[id];
  const next = classes.find((value) => value > from);
  return byUnits((distance) =>
    next === undefined
      ? `Run ${distance(from)} or more in one run`
      : `Run at least ${distance(from)}, but less than ${distance(next)}, in one run`,
  );
}

function subTimeRequirement(id: SubTimeMedalId): Record<UnitSystem, string> {
  const { distanceMetres, underSeconds } = SUB_TIME_TARGETS[id];
  const low = (distanceMetres * SUB_TIME_DISTANCE_PERCENT.min) / 100;
  const high = (distanceMetres * SUB_TIME_DISTANCE_PERCENT.max) / 100;
  const label = `${distanceMetres / METRES_PER_KILOMETRE}K`;
  const limit = `${underSeconds / 60} minutes`;
  const range = (format: (metres: number) => string) => `${format(low).split(' ')[0]}–${format(high)}`;
  return {
    imperial: `Run a ${label} (${range(milesFromMetres)}) in under ${limit} of moving time`,
    metric: `Run a ${label} (${range(kilometresFromMetres)}) in under ${limit} of moving time`,
  };
}

function medal(
  id: MedalId,
  title: string,
  tier: MedalTier,
  kind: MedalKind,
  requirement: Record<UnitSystem, string>,
  counts: MedalCount | null = null,
): MedalDefinition {
  return { id, title, description: `Achieve ${title}`, icon: MEDAL_ICON, tier, kind, requirement, counts };
}

const DAYS_IN_A_ROW: MedalCount = { kind: 'count', noun: 'days in a row' };

/** A distance class medal: one run in the class (DISTANCE_CLASS_MILES). */
function distanceClassMedal(id: DistanceClassMedalId, title: string, tier: MedalTier): MedalDefinition {
  return medal(id, title, tier, 'milestone', distanceClassRequirement(id));
}

/** A total distance medal: all runs together (TOTAL_DISTANCE_MILES). */
function totalDistanceMedal(id: TotalDistanceMedalId, title: string, tier: MedalTier): MedalDefinition {
  const requirement = byUnits((distance) => `Run ${distance(TOTAL_DISTANCE_MILES[id])} in total`);
  return medal(id, title, tier, 'milestone', requirement, { kind: 'distance' });
}

/** A run streak medal: runs on consecutive days (RUN_STREAK_DAYS). */
function runStreakMedal(id: RunStreakMedalId, title: string, tier: MedalTier): MedalDefinition {
  return medal(id, title, tier, 'milestone', same(`Run on ${RUN_STREAK_DAYS[id]} days in a row`), DAYS_IN_A_ROW);
}

export const MEDAL_CATALOGUE: readonly MedalDefinition[] = [
  medal('longest-run', 'Longest Run', 'gold', 'record', same('Finish a run: your longest run holds this record')),
  medal(
    'fastest-run',
    'Fastest Run',
    'gold',
    'record',
    byUnits((distance) => `Run ${distance(1)} or more: your fastest pace holds this record`),
  ),
  medal(
    'highest-climb',
    'Highest Climb',
    'gold',
    'record',
    same('Climb on a run: your biggest climb holds this record'),
  ),
  medal('planning-5-runs', 'Planning 5 Runs', 'gold', 'milestone', same(`Upload ${PLANNING_RUNS_NEEDED} runs`), {
    kind: 'count',
    noun: 'uploaded runs',
  }),
  medal(
    'wellbeing-streak',
    'Wellbeing Streak',
    'gold',
    'milestone',
    same(`Log your wellbeing ${WELLBEING_STREAK_DAYS} days in a row, up to today`),
    DAYS_IN_A_ROW,
  ),
  distanceClassMedal('5k-hero', '5K Hero', 'bronze'),
  distanceClassMedal('10k-warrior', '10K Warrior', 'silver'),
  distanceClassMedal('half-marathon-champion', 'Half Marathon Champion', 'gold'),
  distanceClassMedal('marathon-legend', 'Marathon Legend', 'gold'),
  distanceClassMedal('ultra-runner', 'Ultra Runner', 'gold'),
  totalDistanceMedal('century-runner', 'Century Runner', 'silver'),
  totalDistanceMedal('500-mile-club', '500 Mile Club', 'gold'),
  totalDistanceMedal('around-the-world', 'Around The World', 'gold'),
  medal(
    'triple-threat',
    'Triple Threat',
    'bronze',
    'milestone',
    same(`Run ${TRIPLE_THREAT_RUNS} times in one week (Sunday to Saturday)`),
    { kind: 'count', noun: 'runs in one week' },
  ),
  medal(
    'weekend-warrior',
    'Weekend Warrior',
    'silver',
    'milestone',
    same('Run on a Saturday and on the Sunday after it'),
  ),
  medal(
    'early-bird',
    'Early Bird',
    'gold',
    'milestone',
    same(`Start ${TIME_OF_DAY_RUNS_NEEDED} runs before ${clock(EARLY_BIRD_BEFORE_HOUR)}`),
    { kind: 'count', noun: 'early runs' },
  ),
  medal(
    'night-owl',
    'Night Owl',
    'gold',
    'milestone',
    same(`Start ${TIME_OF_DAY_RUNS_NEEDED} runs at ${clock(NIGHT_OWL_FROM_HOUR)} or later`),
    { kind: 'count', noun: 'night runs' },
  ),
  medal('sub-30-5k', 'Sub-30 5K', 'gold', 'milestone', subTimeRequirement('sub-30-5k')),
  medal('sub-60-10k', 'Sub-60 10K', 'gold', 'milestone', subTimeRequirement('sub-60-10k')),
  medal('new-year-new-you', 'New Year New You', 'gold', 'milestone', same('Run on 1 January')),
  medal('summer-solstice', 'Summer Solstice', 'gold', 'milestone', same('Run on 21 June')),
  runStreakMedal('week-warrior', 'Week Warrior', 'bronze'),
  runStreakMedal('monthly-marathoner', 'Monthly Marathoner', 'silver'),
  runStreakMedal('seasonal-superstar', 'Seasonal Superstar', 'gold'),
  runStreakMedal('year-round-runner', 'Year-Round Runner', 'gold'),
  medal(
    'breathing-buddha',
    'Breathing Buddha',
    'gold',
    'milestone',
    same(`Do breathing exercises ${WELLBEING_STREAK_DAYS} days in a row, up to today`),
    { kind: 'count', noun: 'breathing days in a row' },
  ),
  medal(
    'limber-limbs',
    'Limber Limbs',
    'silver',
    'milestone',
    same(`Do stretching exercises ${WELLBEING_STREAK_DAYS} days in a row, up to today`),
    { kind: 'count', noun: 'stretching days in a row' },
  ),
];

const MEDALS_BY_ID = new Map<string, MedalDefinition>(MEDAL_CATALOGUE.map((definition) => [definition.id, definition]));

/** The catalogue entry of a medal id. Throws RangeError for an id the catalogue does not hold. */
export function medalDefinition(id: string): MedalDefinition {
  const definition = MEDALS_BY_ID.get(id);
  if (!definition) {
    throw new RangeError(`Unknown medal "${id}"`);
  }
  return definition;
}
