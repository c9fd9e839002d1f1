/**
 * The readiness hint: today's wellbeing score (check-in.ts) combined with the training load, as a
 * level and one short sentence.
 *
 * Load: the caller passes one number per day (any consistent measure: kilometres, minutes, or
 * minutes × effort), oldest first, ending today; days not given count as 0. The acute load is the
 * mean of the last 7 days, the chronic load the mean of the last 28, and their ratio (acute:chronic
 * workload ratio) says whether this week is heavier than the body is used to. Ratios from 0.8 to 1.3
 * are the usual "sweet spot"; above 1.5 injuries become much more likely.
 *
 * Still learning: a ratio means something only over a history of training. The load is compared
 * once at least READINESS_LEARNING_WEEKS of the last four weeks (7-day blocks ending today) hold
 * some load; before that (a first fortnight, or a sparse history where one run this week would read
 * as twice the month) readiness says it is still learning and gives no ratio. A runner whose history
 * is younger than 28 days has the chronic mean taken over the days since their first activity, so
 * days before they had any history do not count as rest.
 *
 * Level, first rule that holds:
 * - rest: score below 40, or ratio above 1.5;
 * - easy: score below 60, or ratio above 1.3;
 * - with neither a check-in nor any load, the hint asks for a check-in;
 * - still learning without a check-in: the learning sentence, which also asks for one;
 * - ready: score 75 or more (a ratio below 0.8 adds that the load has dropped);
 * - normal: otherwise, including no check-in with the load in balance.
 */

export const READINESS_THRESHOLDS = {
  restBelowScore: 40,
  easyBelowScore: 60,
  readyFromScore: 75,
  restAboveRatio: 1.5,
  easyAboveRatio: 1.3,
  detrainedBelowRatio: 0.8,
  acuteDays: 7,
  chronicDays: 28,
} as const;

/**
 * The wellbeing score's band: what the score alone says, by the score limits above (below 40 run
 * down, below 60 below par, 75 and more feeling good, okay between). The readiness rules, the
 * check-in's word for the score and the colour of every score chip take it from here.
 */
export type ScoreBand = 'rest' | 'easy' | 'normal' | 'ready';

export function scoreBand(score: number): ScoreBand {
  const t = READINESS_THRESHOLDS;
  if (score < t.restBelowScore) {
    return 'rest';
  }
  if (score < t.easyBelowScore) {
    return 'easy';
  }
  return score >= t.readyFromScore ? 'ready' : 'normal';
}

/** The score's band in a word, beside the score. */
export const SCORE_BAND_WORDS: Readonly<Record<ScoreBand, string>> = {
  rest: 'Run down',
  easy: 'Below par',
  normal: 'Okay',
  ready: 'Feeling good',
};

/** Weeks of the last four with some training load before the load is compared (three weeks of history). */
export const READINESS_LEARNING_WEEKS = 3;

export const READINESS_SENTENCES = {
  restLowScore: 'You are run down today: rest, or keep it to a gentle walk.',
  restHighLoad: "This week's load is far above what you are used to: take a rest day to absorb it.",
  easyLowScore: 'You are not at your best: keep today short and easy.',
  easyHighLoad: 'Your load is climbing fast: keep today easy.',
  ready: 'You are fresh and well: a good day for a quality session.',
  readyLowLoad: 'You are fresh and your load has dropped: a good day to build back up.',
  normal: 'You are in balance: train as planned.',
  noData: 'Check in to see how ready you are today.',
  learning:
    'Still learning your training: readiness compares your load once it has three weeks of your history. Check in to see how ready you are today.',
} as const;

/** The load line of the readiness card while it is still learning (in place of the ratio). */
export const READINESS_LOAD_LEARNING = 'Training load: still learning (it needs three weeks of your history)';

export type ReadinessLevel = 'rest' | 'easy' | 'normal' | 'ready' | 'unknown';
export interface Readiness {
  level: ReadinessLevel;
  sentence: string;
  acuteLoad: number;
  chronicLoad: number;
  /** null while there is no chronic load to compare with, or while still learning. */
  ratio: number | null;
  /** Some load, but not yet READINESS_LEARNING_WEEKS weeks of it: the load is not compared. */
  learning: boolean;
}

const isLoad = (load: number | undefined) => load !== undefined && Number.isFinite(load) && load > 0;

function sumOfLast(loads: readonly number[], days: number): number {
  return loads
    .slice(-days)
    .filter(isLoad)
    .reduce((sum, load) => sum + load, 0);
}

/** How many of the last four 7-day blocks ending today hold some load. */
export function weeksWithLoad(dailyLoads: readonly number[]): number {
  const { acuteDays, chronicDays } = READINESS_THRESHOLDS;
  let weeks = 0;
  for (let end = dailyLoads.length; end > dailyLoads.length - chronicDays && end > 0; end -= acuteDays) {
    if (dailyLoads.slice(Math.max(0, end - acuteDays), end).some(isLoad)) {
      weeks += 1;
    }
  }
  return weeks;
}

/**
 * The acute and chronic loads and their ratio from per-day loads ending today. `historyDays` is how
 * many days (today included) the runner has a history: the chronic mean is over at most that many.
 */
export function trainingLoad(
  dailyLoads: readonly number[],
  historyDays: number = READINESS_THRESHOLDS.chronicDays,
): Pick<Readiness, 'acuteLoad' | 'chronicLoad' | 'ratio' | 'learning'> {
  const { acuteDays, chronicDays } = READINESS_THRESHOLDS;
  const acuteLoad = sumOfLast(dailyLoads, acuteDays) / acuteDays;
  const chronicLoad = sumOfLast(dailyLoads, chronicDays) / Math.max(acuteDays, Math.min(chronicDays, historyDays));
  const learning = chronicLoad > 0 && weeksWithLoad(dailyLoads) < READINESS_LEARNING_WEEKS;
  return { acuteLoad, chronicLoad, ratio: chronicLoad > 0 && !learning ? acuteLoad / chronicLoad : null, learning };
}

/**
 * The hint for today (rules in the module comment). `score` is null without a check-in today;
 * `historyDays` as for {@link trainingLoad}.
 */
export function readiness(score: number | null, dailyLoads: readonly number[], historyDays?: number): Readiness {
  const load = trainingLoad(dailyLoads, historyDays);
  const t = READINESS_THRESHOLDS;
  const { ratio } = load;
  const band = score === null ? null : scoreBand(score);
  const pick = (level: ReadinessLevel, sentence: string): Readiness => ({ level, sentence, ...load });
  if (band === 'rest') {
    return pick('rest', READINESS_SENTENCES.restLowScore);
  }
  if (ratio !== null && ratio > t.restAboveRatio) {
    return pick('rest', READINESS_SENTENCES.restHighLoad);
  }
  if (band === 'easy') {
    return pick('easy', READINESS_SENTENCES.easyLowScore);
  }
  if (ratio !== null && ratio > t.easyAboveRatio) {
    return pick('easy', READINESS_SENTENCES.easyHighLoad);
  }
  if (score === null && load.learning) {
    return pick('unknown', READINESS_SENTENCES.learning);
  }
  if (score === null && ratio === null) {
    return pick('unknown', READINESS_SENTENCES.noData);
  }
  if (band === 'ready') {
    return ratio !== null && ratio < t.detrainedBelowRatio
      ? pick('ready', READINESS_SENTENCES.readyLowLoad)
      : pick('ready', READINESS_SENTENCES.ready);
  }
  return pick('normal', READINESS_SENTENCES.normal);
}
