/** The check-in form's questions, level labels and which end of each is good, in the order the form asks them. */
import { goodEnd, type WellbeingAnswer } from '../../../core/wellbeing/check-in.ts';
import { WELLBEING_LEVELS } from '../../../core/profile.ts';

export const CHECK_IN_QUESTIONS: readonly { answer: WellbeingAnswer; label: string }[] = [
  { answer: 'sleepQuality', label: 'Sleep quality' },
  { answer: 'energyLevel', label: 'Energy' },
  { answer: 'stressLevel', label: 'Stress' },
  { answer: 'soreness', label: 'Soreness' },
  { answer: 'hydration', label: 'Hydration' },
  { answer: 'nutrition', label: 'Nutrition' },
  { answer: 'moodRating', label: 'Mood' },
  { answer: 'injuryFeeling', label: 'Injury feeling' },
];

export const LEVEL_LABELS: Readonly<Record<(typeof WELLBEING_LEVELS)[number], string>> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};
export { WELLBEING_LEVELS };

/** Said under each question, so that no scale is read the wrong way round ("Injury feeling: Low is good"). */
export function goodEndHint(answer: WellbeingAnswer): string {
  return `${LEVEL_LABELS[goodEnd(answer)]} is good`;
}
