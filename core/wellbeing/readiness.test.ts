import { describe, expect, it } from 'vitest';
import {
  readiness,
  READINESS_SENTENCES,
  SCORE_BAND_WORDS,
  scoreBand,
  trainingLoad,
  weeksWithLoad,
} from './readiness.ts';

/** 28 days of `chronic` a day, then the last 7 at `acute` a day. */
const loads = (chronic: number, acute: number) => [...Array<number>(21).fill(chronic), ...Array<number>(7).fill(acute)];

describe('trainingLoad', () => {
  it('compares the last 7 days with the last 28', () => {
    // acute 10, chronic (21×10 + 7×10)/28 = 10
    expect(trainingLoad(loads(10, 10))).toEqual({ acuteLoad: 10, chronicLoad: 10, ratio: 1, learning: false });
    // acute 20, chronic (21×10 + 7×20)/28 = 12.5
    expect(trainingLoad(loads(10, 20)).ratio).toBeCloseTo(1.6, 10);
    expect(trainingLoad([]).ratio).toBeNull();
  });

  it('counts missing days as 0 and ignores days older than 28', () => {
    // One run a week for four weeks, on the last day of each: this week is the month's average.
    const weekly = [0, 0, 0, 0, 0, 0, 20];
    expect(trainingLoad([...weekly, ...weekly, ...weekly, ...weekly])).toEqual({
      acuteLoad: 20 / 7,
      chronicLoad: 80 / 28,
      ratio: 1,
      learning: false,
    });
    expect(trainingLoad([1000, ...loads(10, 10)]).chronicLoad).toBe(10);
  });

  it('is still learning, with no ratio, until three of the last four weeks hold some load', () => {
    // One week of history only (the day history was imported, or a first week): no "4× the month".
    expect(trainingLoad([5, 5, 5, 5, 5, 5, 5])).toEqual({
      acuteLoad: 5,
      chronicLoad: 1.25,
      ratio: null,
      learning: true,
    });
    // A run today and one 27 days ago: two weeks of the four.
    const sparse = [10, ...Array<number>(26).fill(0), 10];
    expect(weeksWithLoad(sparse)).toBe(2);
    expect(trainingLoad(sparse)).toMatchObject({ ratio: null, learning: true });
    // A third week with a run: the load is compared.
    const three = [...sparse];
    three[10] = 10;
    expect(weeksWithLoad(three)).toBe(3);
    expect(trainingLoad(three)).toMatchObject({ learning: false });
    expect(trainingLoad(three).ratio).toBeCloseTo(10 / 7 / (30 / 28), 10);
    // No load at all is not learning: there is simply nothing to compare.
    expect(trainingLoad([])).toEqual({ acuteLoad: 0, chronicLoad: 0, ratio: null, learning: false });
  });

  it('takes the chronic mean over the days of history when they are fewer than 28', () => {
    // Three weeks of 10 a day, the runner's whole history: the month before them is not rest.
    const history = Array<number>(21).fill(10);
    expect(trainingLoad(history, 21)).toEqual({ acuteLoad: 10, chronicLoad: 10, ratio: 1, learning: false });
    expect(trainingLoad(history).chronicLoad).toBe(7.5);
  });
});

describe('scoreBand', () => {
  it('bands the score at 40, 60 and 75, the limits readiness uses', () => {
    expect([0, 39, 40, 59, 60, 74, 75, 100].map(scoreBand)).toEqual([
      'rest',
      'rest',
      'easy',
      'easy',
      'normal',
      'normal',
      'ready',
      'ready',
    ]);
    expect(SCORE_BAND_WORDS).toEqual({ rest: 'Run down', easy: 'Below par', normal: 'Okay', ready: 'Feeling good' });
  });
});

describe('readiness', () => {
  it.each([
    [39, loads(10, 10), 'rest', READINESS_SENTENCES.restLowScore],
    [40, loads(10, 10), 'easy', READINESS_SENTENCES.easyLowScore],
    [59, loads(10, 10), 'easy', READINESS_SENTENCES.easyLowScore],
    [60, loads(10, 10), 'normal', READINESS_SENTENCES.normal],
    [74, loads(10, 10), 'normal', READINESS_SENTENCES.normal],
    [75, loads(10, 10), 'ready', READINESS_SENTENCES.ready],
    [90, loads(10, 20), 'rest', READINESS_SENTENCES.restHighLoad], // ratio 1.6
    [90, loads(10, 15), 'easy', READINESS_SENTENCES.easyHighLoad], // ratio 15 / 11.25 ≈ 1.33
    [90, loads(10, 4), 'ready', READINESS_SENTENCES.readyLowLoad], // ratio 4 / 8.5 ≈ 0.47
    [null, loads(10, 10), 'normal', READINESS_SENTENCES.normal],
    [null, loads(10, 20), 'rest', READINESS_SENTENCES.restHighLoad],
    [null, [], 'unknown', READINESS_SENTENCES.noData],
    [80, [], 'ready', READINESS_SENTENCES.ready],
    [null, [5, 5, 5, 5, 5, 5, 5], 'unknown', READINESS_SENTENCES.learning],
    [80, [5, 5, 5, 5, 5, 5, 5], 'ready', READINESS_SENTENCES.ready],
  ] as const)('score %s gives %s', (score, dailyLoads, level, sentence) => {
    expect(readiness(score, dailyLoads)).toMatchObject({ level, sentence });
  });

  it('treats a ratio of exactly 1.3 as inside the sweet spot', () => {
    // acute 13, chronic 10: 21 days at 9 and 7 at 13 → (189 + 91) / 28 = 10.
    expect(readiness(80, loads(9, 13)).ratio).toBeCloseTo(1.3, 10);
    expect(readiness(80, loads(9, 13)).level).toBe('ready');
  });
});
