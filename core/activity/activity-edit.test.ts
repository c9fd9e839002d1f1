import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_EDIT_LIMITS,
  ACTIVITY_EDIT_MESSAGES,
  activityCounts,
  activityEditSchema,
  describeManualActivity,
  instantOfLocalDateTime,
  manualActivitySchema,
  type ManualActivityInput,
} from './activity-edit.ts';
import { FLAG_MESSAGES } from './plausibility.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('activityEditSchema', () => {
  it('takes any of the fields, normalised', () => {
    expect(
      activityEditSchema.parse({
        type: 'run',
        description: ' Felt good.\r\n\r\n\r\nLegs heavy ',
        privateNotes: 'Left knee\u202E',
        counted: false,
      }),
    ).toEqual({ type: 'run', description: 'Felt good.\n\nLegs heavy', privateNotes: 'Left knee', counted: false });
  });

  it('refuses an empty edit, an unknown type, a non-boolean counted, over-long texts and unknown fields', () => {
    expect(firstMessage(activityEditSchema.safeParse({}))).toBe(
      'Send at least one of name, type, description, privateNotes, counted, gearId, startDateLocal, timeZone, distance, time or movingTime.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ type: 'jog' }))).toBe(
      'Choose a type: run, ride, walk, hike, swim, other.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ counted: 'yes' }))).toBe(
      'Say whether the activity counts (true or false).',
    );
    expect(firstMessage(activityEditSchema.safeParse({ privateNotes: 'x'.repeat(2001) }))).toBe(
      'Use at most 2000 characters.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ description: 'x'.repeat(2001) }))).toBe(
      'Use at most 2000 characters.',
    );
    expect(activityEditSchema.safeParse({ name: 'ok', owner: 'me' }).success).toBe(false);
  });

  it('takes corrected figures by the manual activity’s rules, the time not shorter than the moving time', () => {
    const correction = { startDateLocal: '2026-11-24T07:00', timeZone: 'Europe/Ljubljana', distance: 5050 };
    expect(activityEditSchema.parse({ ...correction, time: 1800, movingTime: 1750 })).toEqual({
      ...correction,
      time: 1800,
      movingTime: 1750,
    });
    expect(firstMessage(activityEditSchema.safeParse({ time: 1700, movingTime: 1750 }))).toBe(
      'The time cannot be shorter than the moving time.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ time: 0 }))).toBe(
      'Enter a time in whole seconds greater than 0 and at most 30 days.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ distance: -1 }))).toBe(
      'Enter a distance in metres greater than 0 and at most 10,000,000.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ startDateLocal: '2026-02-30T07:00' }))).toBe(
      'Enter the start as a real date and time, YYYY-MM-DDTHH:mm.',
    );
    expect(firstMessage(activityEditSchema.safeParse({ timeZone: 'Mars/Olympus' }))).toBe(
      'Send a known IANA time zone such as Europe/Ljubljana.',
    );
  });
});

const treadmill: ManualActivityInput = {
  type: 'run',
  distance: 8000,
  movingTime: 2400,
  startDateLocal: '2026-03-29T07:15',
  timeZone: 'Europe/Ljubljana',
};

describe('manualActivitySchema', () => {
  it('accepts a treadmill run and refuses each bad field with its sentence', () => {
    expect(manualActivitySchema.parse(treadmill)).toEqual(treadmill);
    const bad: [Record<string, unknown>, string][] = [
      [{ distance: 0 }, ACTIVITY_EDIT_MESSAGES.distance],
      [{ distance: ACTIVITY_EDIT_LIMITS.distanceM + 1 }, ACTIVITY_EDIT_MESSAGES.distance],
      [{ distance: '5' }, ACTIVITY_EDIT_MESSAGES.distance],
      [{ movingTime: 12.5 }, ACTIVITY_EDIT_MESSAGES.movingTime],
      [{ movingTime: 0 }, ACTIVITY_EDIT_MESSAGES.movingTime],
      [{ elapsedTime: 2399 }, ACTIVITY_EDIT_MESSAGES.elapsedShorter],
      [{ startDateLocal: '2026-02-30T07:15' }, ACTIVITY_EDIT_MESSAGES.startDateLocal],
      [{ startDateLocal: '2026-03-29T24:00' }, ACTIVITY_EDIT_MESSAGES.startDateLocal],
      [{ startDateLocal: '29.3.2026 7:15' }, ACTIVITY_EDIT_MESSAGES.startDateLocal],
      [{ timeZone: 'Mars/Olympus' }, ACTIVITY_EDIT_MESSAGES.timeZone],
      [{ type: 'treadmill' }, ACTIVITY_EDIT_MESSAGES.type],
    ];
    for (const [change, message] of bad) {
      expect(firstMessage(manualActivitySchema.safeParse({ ...treadmill, ...change }))).toBe(message);
    }
    expect(ACTIVITY_EDIT_MESSAGES.distance).toBe('Enter a distance in metres greater than 0 and at most 10,000,000.');
  });
});

describe('instantOfLocalDateTime', () => {
  it('reads the wall clock in the zone, across daylight-saving changes', () => {
    // 29 March 2026: Ljubljana springs forward at 02:00 (UTC+1 before, UTC+2 after).
    expect(new Date(instantOfLocalDateTime('2026-03-29T01:30', 'Europe/Ljubljana')).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(new Date(instantOfLocalDateTime('2026-03-29T07:15', 'Europe/Ljubljana')).toISOString()).toBe(
      '2026-03-29T05:15:00.000Z',
    );
    expect(new Date(instantOfLocalDateTime('2026-03-29T02:30', 'Europe/Ljubljana')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(instantOfLocalDateTime('2026-01-10T18:00:30', 'America/New_York')).toISOString()).toBe(
      '2026-01-10T23:00:30.000Z',
    );
  });
});

describe('describeManualActivity', () => {
  const now = Date.parse('2026-03-30T12:00:00Z');

  it('stores the figures, the start in the zone, a name from the time of day and no flag', () => {
    const result = describeManualActivity(treadmill, now);
    expect(result).toEqual({
      ok: true,
      record: {
        name: 'Morning Run',
        type: 'run',
        startDate: new Date('2026-03-29T05:15:00.000Z'),
        startDateLocal: '2026-03-29T07:15:00',
        timezone: 'Europe/Ljubljana',
        distance: 8000,
        movingTime: 2400,
        elapsedTime: 2400,
        averageSpeed: 8000 / 2400,
        maxSpeed: 8000 / 2400,
        description: '',
        privateNotes: '',
        flag: null,
      },
    });
  });

  it('flags an absurd pace as a file would be, and refuses a start in the future', () => {
    // 10 km in 10 minutes: 16.7 m/s, faster than anyone runs.
    const fast = describeManualActivity({ ...treadmill, name: 'Typo', distance: 10_000, movingTime: 600 }, now);
    expect(fast.ok && fast.record.flag).toEqual({ reason: 'speed', message: FLAG_MESSAGES.speed(10_000 / 600, 'run') });
    expect(fast.ok && fast.record.name).toBe('Typo');
    expect(describeManualActivity({ ...treadmill, startDateLocal: '2026-03-30T14:01' }, now)).toEqual({
      ok: false,
      message: 'The start is in the future; a manual activity records what you have done.',
    });
    expect(describeManualActivity({ ...treadmill, startDateLocal: '2026-03-30T14:00' }, now).ok).toBe(true);
  });
});

describe('activityCounts', () => {
  it('follows the runner’s override, else the flag and its confirmation', () => {
    expect(activityCounts({ flagged: false, flagConfirmedAt: null, countedOverride: null })).toBe(true);
    expect(activityCounts({ flagged: true, flagConfirmedAt: null, countedOverride: null })).toBe(false);
    expect(activityCounts({ flagged: true, flagConfirmedAt: '2026-01-01T00:00:00Z', countedOverride: null })).toBe(
      true,
    );
    expect(activityCounts({ flagged: true, flagConfirmedAt: null, countedOverride: true })).toBe(true);
    expect(activityCounts({ flagged: false, flagConfirmedAt: null, countedOverride: false })).toBe(false);
  });
});
