import { describe, expect, it } from 'vitest';
import {
  GOAL_MESSAGES,
  goalCreateSchema,
  goalDatesProblem,
  goalReorderSchema,
  goalUpdateSchema,
  mergeGoalUpdate,
  moveGoal,
  reorderGoals,
} from './goals.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('goal order', () => {
  it('renumbers 0, 1, 2 in the order sent and refuses a set that differs', () => {
    expect(reorderGoals(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([
      { id: 'c', order: 0 },
      { id: 'a', order: 1 },
      { id: 'b', order: 2 },
    ]);
    expect(reorderGoals(['a', 'b', 'c'], ['c', 'a'])).toBe(GOAL_MESSAGES.order);
    expect(reorderGoals(['a', 'b'], ['a', 'x'])).toBe(GOAL_MESSAGES.order);
    expect(firstMessage(goalReorderSchema.safeParse({ goalIds: ['a', 'a'] }))).toBe(GOAL_MESSAGES.order);
  });

  it('moves a goal with the keyboard, clamped at the ends', () => {
    expect(moveGoal(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveGoal(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveGoal(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveGoal(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });
});

describe('goalCreateSchema', () => {
  const march = { startDate: '2027-03-01', endDate: '2027-03-31' };

  it('accepts each kind', () => {
    expect(goalCreateSchema.parse({ kind: 'distance', ...march, targetDistanceM: 300_000 })).toMatchObject({
      title: '',
      targetDistanceM: 300_000,
    });
    expect(
      goalCreateSchema.safeParse({
        kind: 'race',
        startDate: '2027-01-01',
        endDate: '2027-04-12',
        raceDistanceM: 21_097.5,
        targetTimeS: 6900,
      }).success,
    ).toBe(true);
    expect(goalCreateSchema.safeParse({ kind: 'frequency', ...march, runsPerWeek: 4 }).success).toBe(true);
    expect(goalCreateSchema.safeParse({ kind: 'streak', ...march, targetDays: 30 }).success).toBe(true);
  });

  it.each([
    [{ kind: 'distance', ...march, targetDistanceM: -5 }, GOAL_MESSAGES.distance],
    [{ kind: 'distance', ...march, targetDistanceM: 0 }, GOAL_MESSAGES.distance],
    [{ kind: 'distance', ...march, targetDistanceM: 20_000_000 }, GOAL_MESSAGES.distance],
    [{ kind: 'distance', ...march, targetDistanceM: Number.NaN }, GOAL_MESSAGES.distance],
    [{ kind: 'race', ...march, raceDistanceM: 5000, targetTimeS: -1 }, GOAL_MESSAGES.raceTime],
    [{ kind: 'race', ...march, raceDistanceM: 5000, targetTimeS: 1_000_000 }, GOAL_MESSAGES.raceTime],
    [{ kind: 'race', ...march, raceDistanceM: 42_195, targetTimeS: 3600 }, GOAL_MESSAGES.raceTooFast],
    [{ kind: 'frequency', ...march, runsPerWeek: 0 }, GOAL_MESSAGES.runsPerWeek],
    [{ kind: 'frequency', ...march, runsPerWeek: 2.5 }, GOAL_MESSAGES.runsPerWeek],
    [{ kind: 'frequency', ...march, runsPerWeek: 15 }, GOAL_MESSAGES.runsPerWeek],
    [{ kind: 'streak', ...march, targetDays: 1 }, GOAL_MESSAGES.streakDays],
    [{ kind: 'distance', startDate: '2027-04-01', endDate: '2027-03-01', targetDistanceM: 1000 }, GOAL_MESSAGES.window],
    [
      { kind: 'distance', startDate: '2027-01-01', endDate: '2037-03-01', targetDistanceM: 1000 },
      GOAL_MESSAGES.windowTooLong,
    ],
    [{ kind: 'swim', ...march }, GOAL_MESSAGES.kind],
    [{ kind: 'distance', ...march, targetDistanceM: 1000, title: 'x'.repeat(101) }, GOAL_MESSAGES.titleTooLong],
  ])('refuses %o with its sentence', (input, message) => {
    expect(firstMessage(goalCreateSchema.safeParse(input))).toBe(message);
  });

  it('says when a streak cannot fit its window', () => {
    expect(firstMessage(goalCreateSchema.safeParse({ kind: 'streak', ...march, targetDays: 40 }))).toBe(
      'A 40-day streak does not fit in 31 days; move the end date.',
    );
  });
});

describe('goal updates', () => {
  it('changes only fields of the goal kind and re-checks the result', () => {
    const goal = goalCreateSchema.parse({
      kind: 'frequency',
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      runsPerWeek: 4,
    });
    const update = goalUpdateSchema.parse({ runsPerWeek: 5, targetDistanceM: 1000, title: ' Spring ' });
    expect(mergeGoalUpdate(goal, update)).toEqual({ ...goal, runsPerWeek: 5, title: 'Spring' });
    expect(goalUpdateSchema.safeParse({ kind: 'race' }).success).toBe(false);
    expect(goalUpdateSchema.parse({ runsPerWeek: 5 })).toEqual({ runsPerWeek: 5 });
    expect(mergeGoalUpdate({ ...goal, title: 'Spring' }, goalUpdateSchema.parse({ runsPerWeek: 3 }))).toMatchObject({
      title: 'Spring',
      runsPerWeek: 3,
    });
    expect(mergeGoalUpdate(goal, { endDate: '2027-02-01' })).toBe(GOAL_MESSAGES.window);
  });

  it('refuses a goal whose end or race day has passed in the runner’s today', () => {
    const race = goalCreateSchema.parse({
      kind: 'race',
      startDate: '2027-01-01',
      endDate: '2027-04-11',
      raceDistanceM: 10_000,
      targetTimeS: 3000,
    });
    expect(goalDatesProblem(race, '2027-04-11')).toBeNull();
    expect(goalDatesProblem(race, '2027-04-12')).toBe(GOAL_MESSAGES.racePassed);
    expect(goalDatesProblem({ ...race, kind: 'streak', targetDays: 3 }, '2027-04-12')).toBe(GOAL_MESSAGES.endPassed);
  });

  it('answers field messages, and never throws, for dates that are not calendar days', () => {
    const result = goalCreateSchema.safeParse({ kind: 'distance', startDate: 'soon', endDate: '', targetDistanceM: 5 });
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((issue) => issue.path[0]))).toEqual(new Set(['startDate', 'endDate']));
  });
});
