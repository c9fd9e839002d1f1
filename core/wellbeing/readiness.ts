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
 * Level, first rule that holds:
 * - rest: score below 40, or ratio above 1.5;
 * - easy: score below 60, or ratio above 1.3;
 * - with neither a check-in nor any load, the hint asks for a check-in;
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

export const READINESS_SENTENCES = {
  restLowScore: 'You are run down today: rest, or keep it to a gentle walk.',
  restHighLoad: "This week's load is far above what you are used to: take a rest day to absorb it.",
  easyLowScore: 'You are not at your best: keep today short and easy.',
  easyHighLoad: 'Your load is climbing fast: keep today easy.',
  ready: 'You are fresh and well: a good day for a quality session.',
  readyLowLoad: 'You are fresh and your load has dropped: a good day to build back up.',
  normal: 'You are in balance: train as planned.',
  noData: 'Check in to see how ready you are today.',
} as const;

export type ReadinessLevel = 'rest' | 'easy' | 'normal' | 'ready' | 'unknown';
export interface Readiness {
  level: ReadinessLevel;
  sentence: string;
  acuteLoad: number;
  chronicLoad: number;
  /** null while there is no chronic load to compare with. */
  ratio: number | null;
}

function meanOfLast(loads: readonly number[], days: number): number {
  const window = loads.slice(-days).filter((load) => Number.isFinite(load) && load > 0);
  return window.reduce((sum, load) => sum + load, 0) / days;
}

/** The acute and chronic loads and their ratio from per-day loads ending today. */
export function trainingLoad(dailyLoads: readonly number[]): Pick<Readiness, 'acuteLoad' | 'chronicLoad' | 'ratio'> {
  const acuteLoad = meanOfLast(dailyLoads, READINESS_THRESHOLDS.acuteDays);
  const chronicLoad = meanOfLast(dailyLoads, READINESS_THRESHOLDS.chronicDays);
  return { acuteLoad, chronicLoad, ratio: chronicLoad > 0 ? acuteLoad / chronicLoad : null };
}

/** The hint for today (rules in the module comment). `score` is null without a check-in today. */
export function readiness(score: number | null, dailyLoads: readonly number[]): Readiness {
  const load = trainingLoad(dailyLoads);
  const t = READINESS_THRESHOLDS;
  const { ratio } = load;
  const pick = (level: ReadinessLevel, sentence: string): Readiness => ({ level, sentence, ...load });
  if (score !== null && score < t.restBelowScore) {
    return pick('rest', READINESS_SENTENCES.restLowScore);
  }
  if (ratio !== null && ratio > t.restAboveRatio) {
    return pick('rest', READINESS_SENTENCES.restHighLoad);
  }
  if (score !== null && score < t.easyBelowScore) {
    return pick('easy', READINESS_SENTENCES.easyLowScore);
  }
  if (ratio !== null && ratio > t.easyAboveRatio) {
    return pick('easy', READINESS_SENTENCES.easyHighLoad);
  }
  if (score === null && ratio === null) {
    return pick('unknown', READINESS_SENTENCES.noData);
  }
  if (score !== null && score >= t.readyFromScore) {
    return ratio !== null && ratio < t.detrainedBelowRatio
      ? pick('ready', READINESS_SENTENCES.readyLowLoad)
      : pick('ready', READINESS_SENTENCES.ready);
  }
  return pick('normal', READINESS_SENTENCES.normal);
}
