import { describe, expect, it } from 'vitest';
import { METRES_PER_MILE } from '../units.ts';
import { DISTANCE_CLASS_MILES, type DistanceClassMedalId, MEDAL_IDS, type MedalId } from './catalogue.ts';
import { distanceClassOf, evaluateMedals, medalReads, type MedalEvaluation, type MedalInput } from './rules.ts';
import { parseLocalStart, type MedalActivity } from './run-history.ts';
import type { WellbeingEntry } from './wellbeing-streak.ts';
import { addDays } from '../calendar-days.ts';

const MILE = METRES_PER_MILE;
const TODAY = '2024-12-31';

let sequence = 0;

/**
 * A run starting at `startDateLocal` (local wall-clock time; UTC is taken as the same unless given),
 * 4 km in 25 minutes with 10 m of climb: below every distance class and sub-time window, so a test
 * only earns what it sets up.
 */
function run(startDateLocal: string, overrides: Partial<MedalActivity> = {}): MedalActivity {
  sequence += 1;
  return {
    id: `run-${sequence}`,
    type: 'run',
    source: 'upload',
    startDate: `${startDateLocal}Z`,
    startDateLocal,
    distance: 4000,
    movingTime: 1500,
    hasTiming: true,
    elevationGain: 10,
    ...overrides,
  };
}

/** One run a day at 07:00 for `count` days from `first`. */
function dailyRuns(first: string, count: number, overrides: Partial<MedalActivity> = {}): MedalActivity[] {
  return Array.from({ length: count }, (_, index) => run(`${addDays(first, index)}T07:00:00`, overrides));
}

type Results = ((id: MedalId) => MedalEvaluation) & { all: MedalEvaluation[] };

function evaluate(activities: MedalActivity[], options: Partial<Omit<MedalInput, 'activities'>> = {}): Results {
  const all = evaluateMedals({ activities, wellbeing: [], today: TODAY, units: 'imperial', ...options });
  const lookup = (id: MedalId): MedalEvaluation => {
    const result = all.find((evaluation) => evaluation.medalId === id);
    if (!result) {
      throw new Error(`No result for ${id}`);
    }
    return result;
  };
  return Object.assign(lookup, { all });
}

function earnedIds(results: Results): MedalId[] {
  return results.all.filter((result) => result.earned).map((result) => result.medalId);
}

describe('evaluateMedals', () => {
  it('answers for every catalogue medal, in catalogue order, and earns nothing without runs', () => {
    const results = evaluate([]);
    expect(results.all.map((result) => result.medalId)).toEqual([...MEDAL_IDS]);
    expect(earnedIds(results)).toEqual([]);
    expect(results.all.every((result) => result.error === undefined)).toBe(true);
    expect(results('early-bird').progress).toEqual({ current: 0, target: 5 });
    expect(results('century-runner').progress).toEqual({ current: 0, target: 100 });
    expect(results('longest-run')).toEqual({
      medalId: 'longest-run',
      earned: false,
      value: null,
      activityId: null,
      progress: null,
    });
  });
});

describe('which activities count (spec §5)', () => {
  const longRun = { distance: 20 * MILE, movingTime: 3 * 3600, elevationGain: 300 };

  it('ignores rides and walks, however far', () => {
    const results = evaluate([
      run('2024-01-01T07:00:00', { ...longRun, type: 'ride' }),
      run('2024-06-21T07:00:00', { ...longRun, type: 'walk' }),
    ]);
    expect(earnedIds(results)).toEqual([]);
  });

  it('reads the spec type "Run" the same as Stride\'s "run"', () => {
    const results = evaluate([run('2024-03-05T07:00:00', { ...longRun, type: 'Run', id: 'capital' })]);
    expect(results('longest-run').activityId).toBe('capital');
  });

  it.each([0, -5, Number.NaN])('ignores a run of distance %d', (distance) => {
    const results = evaluate(dailyRuns('2024-01-01', 7, { distance }));
    expect(earnedIds(results)).toEqual([]);
  });

  it.each(['placeholder', 'mock'])('never counts %s (demo or fallback) activities', (source) => {
    const results = evaluate([
      ...dailyRuns('2024-01-01', 7, { ...longRun, source }),
      run('2024-06-21T04:00:00', { ...longRun, source }),
    ]);
    expect(earnedIds(results)).toEqual([]);
  });

  it('needs moving time for every activity rule except Planning 5 runs', () => {
    const results = evaluate(dailyRuns('2024-01-01', 7, { ...longRun, movingTime: 0 }));
    expect(earnedIds(results)).toEqual(['planning-5-runs']);
  });
});

describe('records: longest run, fastest run, highest climb', () => {
  it('earns with the first run and shows its value', () => {
    const results = evaluate([run('2024-03-05T07:00:00', { id: 'a', distance: 12.4 * MILE, movingTime: 5766 })]);
    expect(results('longest-run')).toMatchObject({ earned: true, value: '12.40 miles', activityId: 'a' });
    // 5766 s over 12.4 miles is 465 s a mile.
    expect(results('fastest-run')).toMatchObject({ earned: true, value: '7:45/mi', activityId: 'a' });
  });

  it('moves value and run to the new record when beaten', () => {
    const first = run('2024-03-05T07:00:00', { id: 'first', distance: 5 * MILE, movingTime: 2700, elevationGain: 50 });
    const before = evaluate([first]);
    expect(before('longest-run')).toMatchObject({ value: '5.00 miles', activityId: 'first' });
    expect(before('fastest-run')).toMatchObject({ value: '9:00/mi', activityId: 'first' });
    expect(before('highest-climb')).toMatchObject({ value: '164 ft', activityId: 'first' });

    const better = run('2024-03-12T07:00:00', {
      id: 'better',
      distance: 6 * MILE,
      movingTime: 2880,
      elevationGain: 366.67,
    });
    const after = evaluate([better, first]);
    expect(after('longest-run')).toMatchObject({ earned: true, value: '6.00 miles', activityId: 'better' });
    expect(after('fastest-run')).toMatchObject({ earned: true, value: '8:00/mi', activityId: 'better' });
    expect(after('highest-climb')).toMatchObject({ earned: true, value: '1,203 ft', activityId: 'better' });
  });

  it('keeps the earlier holder on a tie', () => {
    const results = evaluate([
      run('2024-03-12T07:00:00', { id: 'later', distance: 8000, elevationGain: 80 }),
      run('2024-03-05T07:00:00', { id: 'earlier', distance: 8000, elevationGain: 80 }),
    ]);
    expect(results('longest-run').activityId).toBe('earlier');
    expect(results('highest-climb').activityId).toBe('earlier');
    expect(results('fastest-run').activityId).toBe('earlier');
  });

  it('shows values in metric units', () => {
    const results = evaluate(
      [run('2024-03-05T07:00:00', { distance: 19_960, movingTime: 5768, elevationGain: 366.67 })],
      {
        units: 'metric',
      },
    );
    expect(results('longest-run').value).toBe('19.96 km');
    expect(results('fastest-run').value).toBe('4:49/km');
    expect(results('highest-climb').value).toBe('367 m');
  });

  it('takes the fastest pace only over runs of at least one mile', () => {
    const sprint = run('2024-03-05T07:00:00', { id: 'sprint', distance: 50, movingTime: 6 });
    const justShort = run('2024-03-06T07:00:00', { id: 'short', distance: MILE - 1, movingTime: 240 });
    expect(evaluate([sprint, justShort])('fastest-run').earned).toBe(false);

    const mile = run('2024-03-07T07:00:00', { id: 'mile', distance: MILE, movingTime: 420 });
    expect(evaluate([sprint, justShort, mile])('fastest-run')).toMatchObject({
      earned: true,
      value: '7:00/mi',
      activityId: 'mile',
    });
  });

  it('needs some climb for Highest climb', () => {
    const results = evaluate([run('2024-03-05T07:00:00', { elevationGain: 0 })]);
    expect(results('highest-climb').earned).toBe(false);
    expect(results('longest-run').earned).toBe(true);
  });
});

describe('distance classes (spec §5: per run, the highest met wins)', () => {
  const classes = Object.entries(DISTANCE_CLASS_MILES) as [DistanceClassMedalId, number][];

  it.each(classes.map(([id, miles], index) => [id, miles, classes[index - 1]?.[0] ?? null] as const))(
    '%s starts at exactly %d miles; a metre less is the class below',
    (id, miles, below) => {
      expect(distanceClassOf(miles * MILE)).toBe(id);
      expect(distanceClassOf(miles * MILE - 1)).toBe(below);
      const results = evaluate([run('2024-03-05T07:00:00', { id: 'exact', distance: miles * MILE })]);
      expect(results(id)).toMatchObject({ earned: true, activityId: 'exact' });
      expect(earnedIds(results).filter((earned) => earned in DISTANCE_CLASS_MILES)).toEqual([id]);
    },
  );

  it('counts 3.1 miles exactly, also as a stored, rounded figure, but not 3.09 miles', () => {
    expect(evaluate([run('2024-03-05T07:00:00', { distance: 3.1 * MILE })])('5k-hero')).toMatchObject({
      earned: true,
      value: '3.10 miles',
    });
    expect(distanceClassOf(4988.954)).toBe('5k-hero');
    expect(evaluate([run('2024-03-05T07:00:00', { distance: 3.09 * MILE })])('5k-hero').earned).toBe(false);
  });

  it('gives a 10.5 km run 10K Warrior and not 5K Hero', () => {
    const results = evaluate([run('2024-03-05T07:00:00', { distance: 10_500 })]);
    expect(results('10k-warrior').earned).toBe(true);
    expect(results('5k-hero').earned).toBe(false);
  });

  it('is earned by the first run of the class', () => {
    const results = evaluate([
      run('2024-03-12T07:00:00', { id: 'second', distance: 5500 }),
      run('2024-03-05T07:00:00', { id: 'first', distance: 5100 }),
    ]);
    expect(results('5k-hero')).toMatchObject({ earned: true, activityId: 'first', value: '3.17 miles' });
  });

  it('earns several classes from several runs', () => {
    const results = evaluate([
      run('2024-03-05T07:00:00', { distance: 5000 }),
      run('2024-03-06T07:00:00', { distance: 42_195 }),
      run('2024-03-07T07:00:00', { distance: 60_000 }),
    ]);
    expect(earnedIds(results).filter((id) => id in DISTANCE_CLASS_MILES)).toEqual([
      '5k-hero',
      'marathon-legend',
      'ultra-runner',
    ]);
  });
});

describe('total distance: Century Runner, 500 Mile Club, Around The World', () => {
  it('earns Century Runner with the run that reaches 100 miles', () => {
    const runs = dailyRuns('2024-01-01', 20, { distance: 5 * MILE });
    const results = evaluate(runs);
    expect(results('century-runner')).toMatchObject({
      earned: true,
      value: '100.00 miles',
      activityId: runs[19]?.id,
      progress: { current: 100, target: 100 },
    });
    expect(results('500-mile-club')).toMatchObject({ earned: false, progress: { current: 100, target: 500 } });
  });

  it('reaches 100 miles from ten 10-mile runs despite floating-point sums (they add up to 99.99999… miles)', () => {
    const runs = dailyRuns('2024-01-01', 10, { distance: 10 * MILE });
    expect(evaluate(runs)('century-runner')).toMatchObject({ earned: true, activityId: runs[9]?.id });
  });

  it('is not earned a run short of it, and reports the miles so far', () => {
    const results = evaluate(dailyRuns('2024-01-01', 19, { distance: 5 * MILE }));
    expect(results('century-runner')).toMatchObject({
      earned: false,
      value: null,
      progress: { current: 95, target: 100 },
    });
  });

  it('reports progress in kilometres for metric users', () => {
    const results = evaluate([run('2024-03-05T07:00:00', { distance: 10_000 })], { units: 'metric' });
    expect(results('century-runner').progress).toEqual({ current: 10, target: 160.93 });
  });

  it('caps progress at the target and shows the full total as the value', () => {
    const results = evaluate(dailyRuns('2024-01-01', 3, { distance: 200 * MILE }));
    expect(results('500-mile-club')).toMatchObject({
      earned: true,
      value: '600.00 miles',
      progress: { current: 500, target: 500 },
    });
  });

  it('earns Around The World at 24,901 miles, not a mile before', () => {
    const almost = [
      ...dailyRuns('2020-01-01', 24, { distance: 1000 * MILE }),
      run('2021-01-01T07:00:00', { distance: 900 * MILE }),
    ];
    expect(evaluate(almost)('around-the-world')).toMatchObject({
      earned: false,
      progress: { current: 24_900, target: 24_901 },
    });
    const last = run('2021-01-02T07:00:00', { id: 'last', distance: MILE });
    expect(evaluate([...almost, last])('around-the-world')).toMatchObject({ earned: true, activityId: 'last' });
  });
});

describe('runs without times (core/activity/untimed.ts: no total counts them)', () => {
  it('earn no medal but Planning 5 runs, even with a moving time stored beside no times', () => {
    const untimed = [1, 2, 3, 4, 5].map((day) =>
      run(`2024-06-0${day}T07:00:00`, { distance: 12_000, movingTime: 3000, hasTiming: false }),
    );
    const results = evaluate(untimed);
    expect(earnedIds(results)).toEqual(['planning-5-runs']);
  });
});

describe('Sub-30 5K and Sub-60 10K (95–105 % of the distance, moving time under the limit)', () => {
  it.each([
    ['sub-30-5k', 4750, 1799, true],
    ['sub-30-5k', 5250, 1799, true],
    ['sub-30-5k', 5000, 1799, true],
    ['sub-30-5k', 5000, 1800, false],
    ['sub-30-5k', 4745, 1500, false], // 94.9 %
    ['sub-30-5k', 5255, 1500, false], // 105.1 %
    ['sub-60-10k', 9500, 3599, true],
    ['sub-60-10k', 10_500, 3599, true],
    ['sub-60-10k', 10_000, 3600, false],
    ['sub-60-10k', 9490, 3000, false], // 94.9 %
    ['sub-60-10k', 10_510, 3000, false], // 105.1 %
  ] as const)('%s: %d m in %d s earns it: %s', (id, distance, movingTime, earned) => {
    const results = evaluate([run('2024-03-05T07:00:00', { id: 'attempt', distance, movingTime })]);
    expect(results(id).earned).toBe(earned);
    if (earned) {
      expect(results(id).activityId).toBe('attempt');
    }
  });

  it('reads the run’s own distance: a half marathon whose first 5 km took 23 minutes earns neither', () => {
    const half = run('2024-03-05T07:00:00', { id: 'half', distance: 21_100, movingTime: 23 * 60 + 4 * 3600 });
    const fastHalf = run('2024-03-06T07:00:00', { id: 'fast-half', distance: 21_100, movingTime: 5700 });
    const results = evaluate([half, fastHalf]);
    expect(results('sub-30-5k')).toMatchObject({ earned: false, activityId: null });
    expect(results('sub-60-10k')).toMatchObject({ earned: false, activityId: null });
  });

  it('earns Sub-30 5K with a 5.1 km run in 29:00, showing its moving time', () => {
    const attempt = run('2024-03-05T07:00:00', { id: 'attempt', distance: 5100, movingTime: 29 * 60 });
    expect(evaluate([attempt])('sub-30-5k')).toMatchObject({ earned: true, activityId: 'attempt', value: '29:00' });
  });

  it('is earned by the first run that qualifies, not the fastest', () => {
    const first = run('2024-03-01T07:00:00', { id: 'first', distance: 10_250, movingTime: 3450 });
    const faster = run('2024-03-08T07:00:00', { id: 'faster', distance: 10_000, movingTime: 3000 });
    expect(evaluate([faster, first])('sub-60-10k')).toMatchObject({
      earned: true,
      activityId: 'first',
      value: '57:30',
    });
  });

  it('shows the moving time of the run that earned it', () => {
    expect(evaluate([run('2024-03-05T07:00:00', { distance: 5000, movingTime: 1799 })])('sub-30-5k').value).toBe(
      '29:59',
    );
    expect(evaluate([run('2024-03-05T07:00:00', { distance: 10_000, movingTime: 3500 })])('sub-60-10k').value).toBe(
      '58:20',
    );
  });
});

describe('Early Bird (before 06:00) and Night Owl (from 20:00), 5 runs each, local time', () => {
  const days = ['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04', '2024-03-05'];

  it('counts 05:59 as early and 06:00 as not', () => {
    const fourEarly = days.slice(0, 4).map((day) => run(`${day}T05:59:59`));
    const fifth = run('2024-03-05T05:59:00', { id: 'fifth' });
    expect(evaluate([...fourEarly, fifth])('early-bird')).toMatchObject({
      earned: true,
      activityId: 'fifth',
      value: '5 early runs',
      progress: { current: 5, target: 5 },
    });
    const notEarly = evaluate([...fourEarly, run('2024-03-05T06:00:00')]);
    expect(notEarly('early-bird')).toMatchObject({ earned: false, value: null, progress: { current: 4, target: 5 } });
  });

  it('counts 20:00 as night and 19:59 as not', () => {
    const fourLate = days.slice(0, 4).map((day) => run(`${day}T23:59:00`));
    expect(evaluate([...fourLate, run('2024-03-05T20:00:00')])('night-owl')).toMatchObject({
      earned: true,
      value: '5 night runs',
    });
    expect(evaluate([...fourLate, run('2024-03-05T19:59:59')])('night-owl')).toMatchObject({
      earned: false,
      progress: { current: 4, target: 5 },
    });
  });

  it('uses the local start time, not UTC', () => {
    // 05:30 in New York is 10:30 UTC; 21:00 in Tokyo is 12:00 UTC.
    const early = days.map((day) => run(`${day}T05:30:00`, { startDate: `${day}T10:30:00Z` }));
    const late = days.map((day) => run(`${day}T21:00:00`, { startDate: `${day}T12:00:00Z` }));
    const results = evaluate([...early, ...late]);
    expect(results('early-bird').earned).toBe(true);
    expect(results('night-owl').earned).toBe(true);
  });

  it('counts runs, so two early runs on one day count twice', () => {
    const results = evaluate(days.slice(0, 3).flatMap((day) => [run(`${day}T04:00:00`), run(`${day}T05:00:00`)]));
    expect(results('early-bird')).toMatchObject({ earned: true, value: '6 early runs' });
  });
});

describe('Triple Threat (3 runs in one Sunday-to-Saturday week)', () => {
  it('is earned by Sunday, Wednesday and Saturday of one week', () => {
    const results = evaluate([
      run('2024-03-03T07:00:00'),
      run('2024-03-06T07:00:00'),
      run('2024-03-09T21:00:00', { id: 'third' }),
    ]);
    expect(results('triple-threat')).toMatchObject({
      earned: true,
      activityId: 'third',
      value: '3 runs in one week',
      progress: { current: 3, target: 3 },
    });
  });

  it('splits Saturday from the Sunday after it', () => {
    const results = evaluate([
      run('2024-03-07T07:00:00'),
      run('2024-03-09T23:30:00'), // Saturday night
      run('2024-03-10T00:30:00'), // Sunday, a new week
    ]);
    expect(results('triple-threat')).toMatchObject({ earned: false, progress: { current: 2, target: 3 } });
  });

  it('uses the local date: a Saturday-night run that is Sunday in UTC stays in its week', () => {
    const results = evaluate([
      run('2024-03-07T07:00:00'),
      run('2024-03-08T07:00:00'),
      run('2024-03-09T22:00:00', { startDate: '2024-03-10T03:00:00Z' }),
    ]);
    expect(results('triple-threat').earned).toBe(true);
  });

  it('counts runs, so three on one day earn it', () => {
    const results = evaluate([run('2024-03-05T07:00:00'), run('2024-03-05T12:00:00'), run('2024-03-05T18:00:00')]);
    expect(results('triple-threat').earned).toBe(true);
  });
});

describe('Weekend Warrior (a Saturday and the Sunday after it)', () => {
  it('is earned by the Sunday run after a Saturday run', () => {
    const results = evaluate([
      run('2024-03-02T09:00:00'),
      run('2024-03-03T09:00:00', { id: 'sunday', distance: 6000 }),
    ]);
    expect(results('weekend-warrior')).toMatchObject({ earned: true, activityId: 'sunday', value: '3.73 miles' });
  });

  it('is not earned by a Sunday and the Saturday after it (one Sunday-to-Saturday week)', () => {
    const results = evaluate([run('2024-03-03T09:00:00'), run('2024-03-09T09:00:00')]);
    expect(results('weekend-warrior').earned).toBe(false);
  });

  it('is not earned by two Saturdays or a Friday and Saturday', () => {
    expect(evaluate([run('2024-03-02T09:00:00'), run('2024-03-09T09:00:00')])('weekend-warrior').earned).toBe(false);
    expect(evaluate([run('2024-03-01T09:00:00'), run('2024-03-02T09:00:00')])('weekend-warrior').earned).toBe(false);
  });

  it('uses local dates', () => {
    // Saturday 23:00 in Los Angeles is Sunday in UTC; Sunday 08:00 there is still Sunday.
    const saturdayNight = run('2024-03-02T23:00:00', { startDate: '2024-03-03T07:00:00Z' });
    const sunday = run('2024-03-03T08:00:00', { startDate: '2024-03-03T16:00:00Z' });
    expect(evaluate([saturdayNight, sunday])('weekend-warrior').earned).toBe(true);
    // Friday 23:00 in LA is Saturday in UTC: with a Sunday run, no weekend in local time.
    const fridayNight = run('2024-03-01T23:00:00', { startDate: '2024-03-02T07:00:00Z' });
    expect(evaluate([fridayNight, sunday])('weekend-warrior').earned).toBe(false);
  });
});

describe('New Year New You (1 January) and Summer Solstice (21 June), local date', () => {
  it('counts 1 January in local time while UTC is still 31 December', () => {
    // 08:00 in Auckland (UTC+13).
    const results = evaluate([run('2024-01-01T08:00:00', { id: 'ny', startDate: '2023-12-31T19:00:00Z' })]);
    expect(results('new-year-new-you')).toMatchObject({ earned: true, activityId: 'ny', value: '2.49 miles' });
  });

  it('does not count 31 December in local time while UTC is already 1 January', () => {
    // 20:00 in New York (UTC-5).
    const results = evaluate([run('2023-12-31T20:00:00', { startDate: '2024-01-01T01:00:00Z' })]);
    expect(results('new-year-new-you').earned).toBe(false);
  });

  it('counts 21 June in local time while UTC is still 20 June, and not the reverse', () => {
    // 06:00 in Sydney (UTC+10); 22:00 in New York (UTC-4).
    expect(
      evaluate([run('2024-06-21T06:00:00', { startDate: '2024-06-20T20:00:00Z' })])('summer-solstice').earned,
    ).toBe(true);
    expect(
      evaluate([run('2024-06-20T22:00:00', { startDate: '2024-06-21T02:00:00Z' })])('summer-solstice').earned,
    ).toBe(false);
  });

  it('counts any year, and 2 January or 22 June not at all', () => {
    expect(evaluate([run('2019-01-01T10:00:00')])('new-year-new-you').earned).toBe(true);
    expect(evaluate([run('2024-01-02T00:00:00')])('new-year-new-you').earned).toBe(false);
    expect(evaluate([run('2024-06-22T00:00:00')])('summer-solstice').earned).toBe(false);
  });
});

describe('run streaks: Week Warrior 7, Monthly Marathoner 30, Seasonal Superstar 90, Year-Round Runner 365', () => {
  it.each([
    ['week-warrior', 7],
    ['monthly-marathoner', 30],
    ['seasonal-superstar', 90],
    ['year-round-runner', 365],
  ] as const)('%s is earned by exactly %d consecutive days and not one fewer', (id, days) => {
    const runs = dailyRuns('2023-02-20', days);
    const results = evaluate(runs);
    expect(results(id)).toMatchObject({
      earned: true,
      activityId: runs[days - 1]?.id,
      value: `${days} days in a row`,
      progress: { current: days, target: days },
    });
    expect(evaluate(runs.slice(0, days - 1))(id)).toMatchObject({
      earned: false,
      progress: { current: days - 1, target: days },
    });
  });

  it('is broken by one missed day', () => {
    const results = evaluate([...dailyRuns('2024-03-01', 6), ...dailyRuns('2024-03-08', 6)]);
    expect(results('week-warrior')).toMatchObject({ earned: false, progress: { current: 6, target: 7 } });
  });

  it('counts days, not runs: two runs on one day are one day', () => {
    const runs = [...dailyRuns('2024-03-01', 6), run('2024-03-06T19:00:00')];
    expect(evaluate(runs)('week-warrior')).toMatchObject({ earned: false, progress: { current: 6, target: 7 } });
  });

  it('runs across month ends, leap days and the new year', () => {
    expect(evaluate(dailyRuns('2024-02-26', 7))('week-warrior').earned).toBe(true);
    expect(evaluate(dailyRuns('2023-12-28', 7))('week-warrior').earned).toBe(true);
  });

  it('counts the longest streak anywhere in history, not only a current one', () => {
    const results = evaluate([...dailyRuns('2019-05-01', 8), run('2024-12-31T07:00:00')]);
    expect(results('week-warrior')).toMatchObject({ earned: true, value: '8 days in a row' });
  });

  it('uses local days: late-evening runs west of UTC still make consecutive days', () => {
    // 23:00 in Los Angeles each day is 07:00 UTC the day after; three of them skip a UTC day.
    const runs = Array.from({ length: 7 }, (_, index) => {
      const day = addDays('2024-03-01', index);
      return run(`${day}T${index % 2 === 0 ? '23' : '06'}:00:00`, {
        startDate: `${index % 2 === 0 ? addDays(day, 1) : day}T${index % 2 === 0 ? '07' : '14'}:00:00Z`,
      });
    });
    expect(evaluate(runs)('week-warrior').earned).toBe(true);
  });
});

describe('wellbeing streaks: Wellbeing streak, Breathing Buddha, Limber Limbs (7 days ending today)', () => {
  function entries(lastDay: string, count: number, exercises: string[]): WellbeingEntry[] {
    return Array.from({ length: count }, (_, index) => ({ date: addDays(lastDay, -index), exercises }));
  }

  it('are the medals that read the wellbeing days, evaluated alone without the activities', () => {
    const wellbeing = entries(TODAY, 7, ['breathing', 'stretching']);
    const wellbeingOnly = evaluateMedals({ activities: [], wellbeing, today: TODAY, units: 'imperial' }, 'wellbeing');
    expect(wellbeingOnly.map((result) => [result.medalId, result.earned])).toEqual([
      ['wellbeing-streak', true],
      ['breathing-buddha', true],
      ['limber-limbs', true],
    ]);
    expect(MEDAL_IDS.filter((id) => medalReads(id) === 'wellbeing')).toEqual([
      'wellbeing-streak',
      'breathing-buddha',
      'limber-limbs',
    ]);
    // The activities' medals without the wellbeing days: what a full evaluation says of them.
    const runs = [...dailyRuns('2024-12-01', 31), run('2024-12-31T06:00:00', { distance: 42_500, movingTime: 14_000 })];
    const full = evaluateMedals({ activities: runs, wellbeing, today: TODAY, units: 'imperial' });
    const activitiesOnly = evaluateMedals(
      { activities: runs, wellbeing: [], today: TODAY, units: 'imperial' },
      'activities',
    );
    expect(activitiesOnly).toEqual(full.filter((result) => medalReads(result.medalId) === 'activities'));
    expect(activitiesOnly).toHaveLength(MEDAL_IDS.length - 3);
    expect(activitiesOnly.filter((result) => result.earned).length).toBeGreaterThan(3);
  });

  it('earns all three with 7 days of breathing and stretching ending today', () => {
    const results = evaluate([], { wellbeing: entries(TODAY, 7, ['breathing', 'stretching']) });
    for (const id of ['wellbeing-streak', 'breathing-buddha', 'limber-limbs'] as const) {
      expect(results(id)).toMatchObject({ earned: true, activityId: null, progress: { current: 7, target: 7 } });
    }
    expect(results('wellbeing-streak').value).toBe('7 days in a row');
    expect(results('breathing-buddha').value).toBe('7 breathing days in a row');
  });

  it('is not earned by a streak that ended yesterday', () => {
    const results = evaluate([], { wellbeing: entries(addDays(TODAY, -1), 10, ['breathing', 'stretching']) });
    for (const id of ['wellbeing-streak', 'breathing-buddha', 'limber-limbs'] as const) {
      expect(results(id)).toMatchObject({ earned: false, progress: { current: 0, target: 7 } });
    }
  });

  it('is not earned by 6 days ending today', () => {
    const results = evaluate([], { wellbeing: entries(TODAY, 6, ['breathing']) });
    expect(results('breathing-buddha')).toMatchObject({ earned: false, progress: { current: 6, target: 7 } });
  });

  it('counts any entry for the Wellbeing streak, but only the named exercise for the others', () => {
    const wellbeing = [...entries(TODAY, 3, ['breathing']), ...entries(addDays(TODAY, -3), 4, [])];
    const results = evaluate([], { wellbeing });
    expect(results('wellbeing-streak').earned).toBe(true);
    expect(results('breathing-buddha')).toMatchObject({ earned: false, progress: { current: 3, target: 7 } });
    expect(results('limber-limbs')).toMatchObject({ earned: false, progress: { current: 0, target: 7 } });
  });

  it('is broken by one missing day', () => {
    const wellbeing = [...entries(TODAY, 3, ['stretching']), ...entries(addDays(TODAY, -4), 5, ['stretching'])];
    expect(evaluate([], { wellbeing })('limber-limbs')).toMatchObject({
      earned: false,
      progress: { current: 3, target: 7 },
    });
  });

  it('matches exercise names ignoring case and spaces, and ignores days after today', () => {
    const wellbeing = [...entries(TODAY, 7, [' Stretching ']), { date: addDays(TODAY, 1), exercises: [] }];
    expect(evaluate([], { wellbeing })('limber-limbs').earned).toBe(true);
  });

  it('takes today from the caller', () => {
    const wellbeing = entries('2024-06-10', 7, ['breathing']);
    expect(evaluate([], { wellbeing, today: '2024-06-10' })('breathing-buddha').earned).toBe(true);
    expect(evaluate([], { wellbeing, today: '2024-06-11' })('breathing-buddha').earned).toBe(false);
  });
});

describe('Planning 5 runs (5 uploaded runs)', () => {
  it('is earned by the fifth uploaded run, whatever the spelling of the upload source', () => {
    const runs = [
      run('2024-03-01T07:00:00', { source: 'upload' }),
      run('2024-03-02T07:00:00', { source: 'gpx_upload' }),
      run('2024-03-03T07:00:00', { source: 'uploaded' }),
      run('2024-03-04T07:00:00', { source: 'upload', movingTime: 0 }),
      run('2024-03-05T07:00:00', { source: 'upload', id: 'fifth' }),
    ];
    expect(evaluate(runs)('planning-5-runs')).toMatchObject({
      earned: true,
      activityId: 'fifth',
      value: '5 uploaded runs',
      progress: { current: 5, target: 5 },
    });
  });

  it('does not count synced runs, uploaded rides or placeholders', () => {
    const runs = [
      ...dailyRuns('2024-03-01', 4),
      run('2024-03-10T07:00:00', { source: 'strava' }),
      run('2024-03-11T07:00:00', { type: 'ride' }),
      run('2024-03-12T07:00:00', { source: 'placeholder' }),
    ];
    expect(evaluate(runs)('planning-5-runs')).toMatchObject({ earned: false, progress: { current: 4, target: 5 } });
  });
});

describe('one failing rule does not stop the others (spec §4)', () => {
  it('fails only the day-based rules when a run has an unreadable local start time', () => {
    const runs = [
      ...dailyRuns('2024-03-01', 7, { distance: 6000 }),
      run('not a date', { startDate: '2024-03-20T07:00:00Z' }),
    ];
    const results = evaluate(runs);
    expect(results.all).toHaveLength(MEDAL_IDS.length);
    const failed = results.all.filter((result) => result.error !== undefined).map((result) => result.medalId);
    expect(failed).toEqual([
      'triple-threat',
      'weekend-warrior',
      'early-bird',
      'night-owl',
      'new-year-new-you',
      'summer-solstice',
      'week-warrior',
      'monthly-marathoner',
      'seasonal-superstar',
      'year-round-runner',
    ]);
    expect(results('week-warrior')).toMatchObject({ earned: false, value: null, activityId: null, progress: null });
    expect(results('week-warrior').error).toContain('unreadable local start time "not a date"');
    expect(earnedIds(results)).toEqual(['longest-run', 'fastest-run', 'highest-climb', 'planning-5-runs', '5k-hero']);
  });

  it('fails only the wellbeing rules when today is not a date', () => {
    const results = evaluate(dailyRuns('2024-03-01', 7), { today: '31/12/2024' });
    const failed = results.all.filter((result) => result.error !== undefined).map((result) => result.medalId);
    expect(failed).toEqual(['wellbeing-streak', 'breathing-buddha', 'limber-limbs']);
    expect(results('week-warrior').earned).toBe(true);
  });

  it('fails only the rules that read a wellbeing entry with an unreadable date', () => {
    const wellbeing = [{ date: 'someday', exercises: ['stretching'] }];
    const results = evaluate([], { wellbeing });
    expect(results('wellbeing-streak').error).toContain('someday');
    expect(results('limber-limbs').error).toContain('someday');
    expect(results('breathing-buddha').error).toBeUndefined();
  });

  it('sorts a run with an unreadable UTC start last instead of failing', () => {
    const results = evaluate([
      run('2024-03-01T07:00:00', { id: 'undated', startDate: 'garbage', distance: 5000 }),
      run('2024-03-02T07:00:00', { id: 'dated', distance: 5000 }),
    ]);
    expect(results.all.every((result) => result.error === undefined)).toBe(true);
    expect(results('5k-hero').activityId).toBe('dated');
  });
});

describe('parseLocalStart', () => {
  it.each([
    ['2024-03-05T05:59:59', 5, '03-05'],
    ['2024-03-05T20:00', 20, '03-05'],
    ['2024-03-05 23:10:00', 23, '03-05'],
    ['2024-01-01T00:00:00Z', 0, '01-01'],
  ])('reads %s as hour %d on %s', (text, hour, monthDay) => {
    expect(parseLocalStart(text)).toMatchObject({ hour, monthDay });
  });

  it.each(['', '2024-03-05', '2024-02-30T07:00:00', '2024-03-05T24:00:00', '2024-03-05T07:60:00', '05/03/2024 07:00'])(
    'does not read %j',
    (text) => {
      expect(parseLocalStart(text)).toBeNull();
    },
  );
});
