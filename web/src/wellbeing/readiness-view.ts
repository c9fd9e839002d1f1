/** How the readiness card shows a level (a title and a colour), and how a score chip shows the score. */
import { READINESS_LOAD_LEARNING, SCORE_BAND_WORDS, scoreBand } from '../../../core/wellbeing/readiness.ts';
import type { ReadinessView } from '../../../core/wellbeing/wellbeing-api.ts';
import { formatDecimal } from '../lib/format.ts';

export const READINESS_TITLES: Readonly<Record<ReadinessView['level'], string>> = {
  rest: 'Rest day',
  easy: 'Take it easy',
  normal: 'Train as planned',
  ready: 'Ready to go',
  unknown: 'How ready are you?',
};

export const READINESS_COLOURS: Readonly<
  Record<ReadinessView['level'], 'error' | 'warning' | 'info' | 'success' | 'default'>
> = {
  rest: 'error',
  easy: 'warning',
  normal: 'info',
  ready: 'success',
  unknown: 'default',
};

/** A wellbeing score's chip: "63 / 100 · Okay", in its band's colour (the readiness level it allows). */
export function scoreChip(score: number): { text: string; colour: (typeof READINESS_COLOURS)[ReadinessView['level']] } {
  const band = scoreBand(score);
  return { text: `${score} / 100 · ${SCORE_BAND_WORDS[band]}`, colour: READINESS_COLOURS[band] };
}

/**
 * "This week 1.4× your 4-week average", the learning sentence while readiness has less than three
 * weeks of history, or null while there is no load at all.
 */
export function loadRatioText(ratio: number | null, learning = false): string | null {
  if (learning) {
    return READINESS_LOAD_LEARNING;
  }
  return ratio === null ? null : `Training load: this week ${formatDecimal(ratio, 1)}× your 4-week average`;
}
