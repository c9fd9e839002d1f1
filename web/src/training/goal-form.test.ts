import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '../../../core/training/goals.ts';
import { PACE_INPUT_ERRORS } from '../../../core/running/pace.ts';
import { emptyGoalForm, goalFormValues, goalTitle, readGoalForm } from './goal-form.ts';
import { setReaderLocale } from '../lib/format.ts';

// Dates as an en-GB browser writes them.
beforeAll(() => setReaderLocale('en-GB'));
afterAll(() => setReaderLocale(undefined));

const today = '2026-11-24';

describe('the goal form', () => {
  it('reads a race goal typed as runners type it', () => {
    const read = readGoalForm(
      { ...emptyGoalForm(today), raceDistance: 'half', targetTime: '1:55:00', endDate: '2027-04-12' },
      'metric',
    );
    expect(read.goal).toEqual({
      kind: 'race',
      title: '',
      startDate: today,
      endDate: '2027-04-12',
      raceDistanceM: 21_097.5,
      targetTimeS: 6900,
    });
  });

  it('takes a bare number in the runner’s unit', () => {
    const values = { ...emptyGoalForm(today, 'distance'), distance: '100', endDate: '2026-12-31' };
    expect(readGoalForm(values, 'imperial').goal).toMatchObject({ targetDistanceM: 160_934 });
    expect(readGoalForm(values, 'metric').goal).toMatchObject({ targetDistanceM: 100_000 });
  });

  it('refuses a race day before today, as the server does, when given today', () => {
    const values = { ...emptyGoalForm('2026-11-01'), raceDistance: '10K', targetTime: '50:00', endDate: '2026-11-20' };
    expect(readGoalForm(values, 'metric').goal).not.toBeNull();
    expect(readGoalForm(values, 'metric', today).errors).toEqual({ endDate: GOAL_MESSAGES.racePassed });
    expect(readGoalForm({ ...values, endDate: today }, 'metric', today).errors).toBeNull();
  });

  it('puts each problem under its field, in the server’s words', () => {
    const read = readGoalForm(
      { ...emptyGoalForm(today), raceDistance: 'far', targetTime: '1:75:00', endDate: '2027-04-12' },
      'metric',
    );
    expect(read.errors).toMatchObject({ raceDistance: PACE_INPUT_ERRORS.distance, targetTime: PACE_INPUT_ERRORS.time });
    const negative = readGoalForm(
      { ...emptyGoalForm(today, 'distance'), distance: '0', endDate: '2026-12-31' },
      'metric',
    );
    expect(negative.errors?.distance).toBe(GOAL_MESSAGES.distance);
    const window = readGoalForm(
      { ...emptyGoalForm(today, 'frequency'), runsPerWeek: '4', endDate: '2026-11-01' },
      'metric',
    );
    expect(window.errors?.form).toBe(GOAL_MESSAGES.window);
    const runs = readGoalForm(
      { ...emptyGoalForm(today, 'frequency'), runsPerWeek: '3.5', endDate: '2026-12-01' },
      'metric',
    );
    expect(runs.errors?.runsPerWeek).toBe(GOAL_MESSAGES.runsPerWeek);
  });

  it('names a goal without a title from what it asks', () => {
    const race = readGoalForm(
      { ...emptyGoalForm(today), raceDistance: 'marathon', targetTime: '3:59:59', endDate: '2027-04-12' },
      'metric',
    ).goal!;
    expect(goalTitle(race, 'metric')).toBe('Marathon under 3:59:59 on 12 Apr 2027');
    expect(goalTitle({ ...race, title: 'Vienna' }, 'metric')).toBe('Vienna');
    expect(goalFormValues(race, 'metric')).toMatchObject({ raceDistance: '42.2 km', targetTime: '3:59:59' });
  });
});
