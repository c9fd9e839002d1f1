import { describe, expect, it } from 'vitest';
import { goalProgress, nextStatusCheckAt, type ProgressActivity, projectionSentence } from './goal-progress.ts';
import type { GoalDefinition } from './goals.ts';
import { localDayRangeUtc, localDayStartUtc } from './local-day.ts';

const HOUR = 3_600_000;
const LJUBLJANA = 'Europe/Ljubljana';
const run = (startDate: number, distanceM: number, movingTimeS = distanceM / 3): ProgressActivity => ({
  startDate,
  distanceM,
  movingTimeS,
  type: 'Run',
});
/** An instant `hours` after local midnight of `day` (on a day without a clock change). */
const at = (day: string, hours: number, zone = LJUBLJANA) => localDayStartUtc(day, zone) + hours * HOUR;

const march: GoalDefinition = {
  kind: 'distance',
  title: '',
  startDate: '2027-03-01',
  endDate: '2027-03-31',
  targetDistanceM: 300_000,
};

describe('distance goals', () => {
  it('counts runs by the local day at the period edges', () => {
    const activities = [
      run(Date.parse('2027-02-28T23:30:00Z'), 10_000), // 00:30 on 1 March in Ljubljana: counts
      run(Date.parse('2027-02-28T22:30:00Z'), 5000), // 23:30 on 28 February: does not
      run(Date.parse('2027-03-31T21:30:00Z'), 7000), // 23:30 on 31 March (summer time): counts
      run(Date.parse('2027-03-31T22:30:00Z'), 3000), // 00:30 on 1 April: does not
    ];
    const now = Date.parse('2027-04-05T12:00:00Z');
    expect(goalProgress(march, activities, now, LJUBLJANA).done).toBe(17_000);
    // The same runs for a runner in UTC fall on other days.
    expect(goalProgress(march, activities, now, 'UTC').done).toBe(10_000);
  });

  it('ignores rides, zero distances and runs after now', () => {
    const now = at('2027-03-10', 12);
    const activities = [
      { ...run(at('2027-03-02', 8), 40_000), type: 'ride' },
      run(at('2027-03-03', 8), 0),
      run(at('2027-03-11', 8), 9000),
      { ...run(at('2027-03-04', 8), 8000), type: 'run' },
    ];
    expect(goalProgress(march, activities, now, LJUBLJANA).done).toBe(8000);
  });

  it('is on track at the straight-line share and says so', () => {
    // 23 of 31 days begun: 222.6 km expected.
    const now = at('2027-03-23', 12);
    const onTrack = goalProgress(march, [run(at('2027-03-05', 8), 230_000)], now, LJUBLJANA);
    expect(onTrack).toMatchObject({ percent: 76, daysLeft: 9, onTrack: true, status: 'active' });
    expect(projectionSentence(march, onTrack, 'metric')).toBe('On track: 230 of 300 km, 9 days left.');
    const behind = goalProgress(march, [run(at('2027-03-05', 8), 182_000)], now, LJUBLJANA);
    expect(projectionSentence(march, behind, 'metric')).toBe(
      'Behind: 182 of 300 km, 9 days left; 13.1 km a day to make it.',
    );
    expect(projectionSentence(march, behind, 'imperial')).toBe(
      'Behind: 113 of 186 mi, 9 days left; 8.1 mi a day to make it.',
    );
  });

  it('completes as soon as the target is reached and is missed only when the last local day ends', () => {
    const done = goalProgress(march, [run(at('2027-03-20', 8), 300_000)], at('2027-03-20', 12), LJUBLJANA);
    expect(done).toMatchObject({ percent: 100, status: 'completed' });
    expect(projectionSentence(march, done, 'metric')).toBe('Completed: 300 of 300 km.');

    const { endMs } = localDayRangeUtc('2027-03-31', LJUBLJANA);
    const short = [run(at('2027-03-20', 8), 100_000)];
    expect(goalProgress(march, short, endMs, LJUBLJANA)).toMatchObject({ status: 'active', daysLeft: 1 });
    const missed = goalProgress(march, short, endMs + 1, LJUBLJANA);
    expect(missed).toMatchObject({ status: 'missed', daysLeft: 0, percent: 33 });
    expect(projectionSentence(march, missed, 'metric')).toBe('Missed: 100 of 300 km.');
  });

  it('says when a goal has not started', () => {
    const progress = goalProgress(march, [], at('2027-02-20', 12), LJUBLJANA);
    expect(progress).toMatchObject({ notStarted: true, onTrack: null, daysLeft: 31 });
    expect(projectionSentence(march, progress, 'metric')).toBe('Starts on 2027-03-01.');
  });
});

describe('race goals', () => {
  const half: GoalDefinition = {
    kind: 'race',
    title: '',
    startDate: '2027-01-01',
    endDate: '2027-04-11',
    raceDistanceM: 21_097.5,
    targetTimeS: 6900,
  };

  it('counts down to race day', () => {
    const progress = goalProgress(half, [], at('2027-03-30', 12), LJUBLJANA);
    expect(projectionSentence(half, progress, 'metric')).toBe('12 days to race day: 21.1 km in 1:55:00 or faster.');
    expect(projectionSentence(half, goalProgress(half, [], at('2027-04-11', 6), LJUBLJANA), 'metric')).toBe(
      'Race day: 21.1 km in 1:55:00 or faster.',
    );
  });

  it('completes with a run of 95–105 % of the distance on race day within the target', () => {
    const now = at('2027-04-11', 14);
    const tooShort = run(at('2027-04-11', 9), 19_900, 5000);
    const onAnotherDay = run(at('2027-04-10', 9), 21_100, 6000);
    expect(goalProgress(half, [tooShort, onAnotherDay], now, LJUBLJANA).status).toBe('active');
    const progress = goalProgress(half, [tooShort, run(at('2027-04-11', 9), 21_300, 6850)], now, LJUBLJANA);
    expect(progress).toMatchObject({ status: 'completed', percent: 100, done: 6850 });
    expect(projectionSentence(half, progress, 'metric')).toBe('Completed: 1:54:10 on 2027-04-11.');
    const written = (day: string) => `day ${day.slice(8)}/${day.slice(5, 7)}`;
    expect(projectionSentence(half, progress, 'metric', written)).toBe('Completed: 1:54:10 on day 11/04.');
  });

  it('is missed once race day ends without a fast enough run', () => {
    const slow = [run(at('2027-04-11', 9), 21_100, 7200)];
    const { endMs } = localDayRangeUtc('2027-04-11', LJUBLJANA);
    expect(goalProgress(half, slow, endMs, LJUBLJANA).status).toBe('active');
    expect(goalProgress(half, slow, endMs + 1, LJUBLJANA).status).toBe('missed');
  });
});

describe('frequency goals', () => {
  // Four weeks from Monday 1 March 2027, 4 runs a week.
  const fourAWeek: GoalDefinition = {
    kind: 'frequency',
    title: '',
    startDate: '2027-03-01',
    endDate: '2027-03-28',
    runsPerWeek: 4,
  };
  const runsOn = (days: string[]) => days.map((day) => run(at(day, 7), 5000));
  const weekOne = ['2027-03-01', '2027-03-02', '2027-03-04', '2027-03-06'];

  it('shows this week and the days left in it', () => {
    const progress = goalProgress(fourAWeek, runsOn([...weekOne, '2027-03-08']), at('2027-03-10', 12), LJUBLJANA);
    expect(progress).toMatchObject({ done: 1, target: 4, daysLeft: 5, status: 'active', percent: 31 });
    expect(projectionSentence(fourAWeek, progress, 'metric')).toBe('1 of 4 runs this week, 5 days left in the week.');
  });

  it('is missed the moment a week ends short', () => {
    const threeRuns = runsOn(weekOne.slice(0, 3));
    expect(goalProgress(fourAWeek, threeRuns, localDayRangeUtc('2027-03-07', LJUBLJANA).endMs, LJUBLJANA).status).toBe(
      'active',
    );
    expect(goalProgress(fourAWeek, threeRuns, at('2027-03-08', 0), LJUBLJANA).status).toBe('missed');
  });

  it('completes when every week is met, a partial last week needing its share', () => {
    const fiveWeeks: GoalDefinition = { ...fourAWeek, endDate: '2027-04-01' }; // last block: 4 days → 3 runs
    const days = ['2027-03-01', '2027-03-08', '2027-03-15', '2027-03-22'].flatMap((monday) =>
      [0, 1, 2, 3].map((offset) => `2027-03-${String(Number(monday.slice(8)) + offset).padStart(2, '0')}`),
    );
    const beforeLast = goalProgress(fiveWeeks, runsOn(days), at('2027-03-30', 12), LJUBLJANA);
    expect(beforeLast.status).toBe('active');
    expect(beforeLast.target).toBe(3);
    const all = runsOn([...days, '2027-03-29', '2027-03-30', '2027-03-31']);
    expect(goalProgress(fiveWeeks, all, at('2027-03-31', 20), LJUBLJANA)).toMatchObject({
      status: 'completed',
      percent: 100,
    });
  });
});

describe('streak goals', () => {
  const tenDays: GoalDefinition = {
    kind: 'streak',
    title: '',
    startDate: '2027-03-01',
    endDate: '2027-03-20',
    targetDays: 10,
  };
  const daily = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) =>
      run(at(`2027-03-${String(from + index).padStart(2, '0')}`, 7), 3000),
    );

  it('counts the current streak, still open today before today’s run', () => {
    const progress = goalProgress(tenDays, daily(1, 6), at('2027-03-07', 6), LJUBLJANA);
    expect(progress).toMatchObject({ done: 6, target: 10, percent: 60, status: 'active', daysLeft: 14 });
    expect(projectionSentence(tenDays, progress, 'metric')).toBe('6 of 10 days in a row, 14 days left.');
  });

  it('completes on the tenth day in a row', () => {
    expect(goalProgress(tenDays, daily(3, 12), at('2027-03-12', 20), LJUBLJANA).status).toBe('completed');
  });

  it('is missed as soon as the days left cannot reach the target', () => {
    // On 12 March, with no run yesterday, 9 days are left: 10 in a row is impossible.
    expect(goalProgress(tenDays, daily(1, 5), at('2027-03-11', 12), LJUBLJANA).status).toBe('active');
    expect(goalProgress(tenDays, daily(1, 5), at('2027-03-12', 0), LJUBLJANA).status).toBe('missed');
    // With a streak running into today, the same day is still reachable.
    expect(goalProgress(tenDays, daily(10, 11), at('2027-03-12', 0), LJUBLJANA).status).toBe('active');
  });
});

describe('nextStatusCheckAt', () => {
  it('is the next local midnight while the window is open, then null', () => {
    expect(nextStatusCheckAt(march, Date.parse('2027-03-27T12:00:00Z'), LJUBLJANA)).toBe(
      Date.parse('2027-03-27T23:00:00Z'),
    );
    // The night summer time starts: midnight is at 22:00 UTC.
    expect(nextStatusCheckAt(march, Date.parse('2027-03-28T12:00:00Z'), LJUBLJANA)).toBe(
      Date.parse('2027-03-28T22:00:00Z'),
    );
    expect(nextStatusCheckAt(march, Date.parse('2027-04-01T12:00:00Z'), LJUBLJANA)).toBeNull();
  });
});
