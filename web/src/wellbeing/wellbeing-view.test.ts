import { describe, expect, it } from 'vitest';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../../core/profile.ts';
import { CHECK_IN_QUESTIONS } from './check-in-form.ts';
import { loadRatioText, READINESS_TITLES, scoreChip } from './readiness-view.ts';

describe('the check-in form', () => {
  it('asks each of the eight answers once', () => {
    expect(CHECK_IN_QUESTIONS.map((question) => question.answer).sort()).toEqual(
      Object.keys(DEFAULT_WELLBEING_PREFERENCES).sort(),
    );
  });
});

describe('a score chip', () => {
  it("says the score with its band's word, in the band's colour", () => {
    expect(scoreChip(63)).toEqual({ text: '63 / 100 · Okay', colour: 'info' });
    expect(scoreChip(80)).toEqual({ text: '80 / 100 · Feeling good', colour: 'success' });
    expect(scoreChip(58)).toEqual({ text: '58 / 100 · Below par', colour: 'warning' });
    expect(scoreChip(30)).toEqual({ text: '30 / 100 · Run down', colour: 'error' });
  });
});

describe('the readiness card', () => {
  it('says how this week compares with the month, only when there is a month to compare with', () => {
    expect(loadRatioText(null)).toBeNull();
    expect(loadRatioText(1.349)).toBe('Training load: this week 1.3× your 4-week average');
    expect(READINESS_TITLES.unknown).toBe('How ready are you?');
  });

  it('says it is still learning instead of a ratio while it has less than three weeks of history', () => {
    expect(loadRatioText(null, true)).toBe('Training load: still learning (it needs three weeks of your history)');
  });
});
