import { describe, expect, it } from 'vitest';
import { CHECK_IN_QUESTIONS, goodEndHint } from './check-in-form.ts';

describe('which end of each check-in question is good', () => {
  it('says low is good for injury feeling', () => {
    expect(goodEndHint('injuryFeeling')).toBe('Low is good');
  });

  it('names the good end of every question the form asks, as the score counts it', () => {
    expect(CHECK_IN_QUESTIONS.map(({ label, answer }) => `${label}: ${goodEndHint(answer)}`)).toEqual([
      'Sleep quality: High is good',
      'Energy: High is good',
      'Stress: Low is good',
      'Soreness: Low is good',
      'Hydration: High is good',
      'Nutrition: High is good',
      'Mood: High is good',
      'Injury feeling: Low is good',
    ]);
  });
});
