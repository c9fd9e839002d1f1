import { describe, expect, it } from 'vitest';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../../core/profile.ts';
import { CHECK_IN_QUESTIONS, scoreLabel } from './check-in-form.ts';
import { loadRatioText, READINESS_TITLES } from './readiness-view.ts';

describe('the check-in form', () => {
  it('asks each of the eight answers once', () => {
    expect(CHECK_IN_QUESTIONS.map((question) => question.answer).sort()).toEqual(
      Object.keys(DEFAULT_WELLBEING_PREFERENCES).sort(),
    );
  });

  it('puts a word to the score at 75 and 50', () => {
    expect(scoreLabel(100)).toBe('Feeling good');
    expect(scoreLabel(75)).toBe('Feeling good');
    expect(scoreLabel(74)).toBe('Okay');
    expect(scoreLabel(50)).toBe('Okay');
    expect(scoreLabel(49)).toBe('Run down');
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
