import { describe, expect, it } from 'vitest';
import { activityName, isRealActivityName } from './activity-name.ts';
import { activityEditSchema } from './activity-edit.ts';
import { ACTIVITY_NAME_MAX, DEFAULT_ACTIVITY_NAME, normaliseActivityName } from './schemas.ts';

describe('normaliseActivityName', () => {
  it('cuts a name from a file to the rename limit', () => {
    const name = normaliseActivityName('x'.repeat(45 * 1024 * 1024));
    expect(name).toHaveLength(ACTIVITY_NAME_MAX);
  });

  it('normalises like typed text and falls back to the default when nothing is left', () => {
    expect(normaliseActivityName(' Morning\u202E run\n')).toBe('Morning run');
    expect(normaliseActivityName('\u0000\u202E ')).toBe(DEFAULT_ACTIVITY_NAME);
    expect(normaliseActivityName(undefined)).toBe(DEFAULT_ACTIVITY_NAME);
  });
});

describe('activityEditSchema: the name', () => {
  it('normalises the new name and refuses one over the limit', () => {
    expect(activityEditSchema.parse({ name: ' Hill\u2066 repeats ' })).toEqual({ name: 'Hill repeats' });
    const result = activityEditSchema.safeParse({ name: 'x'.repeat(ACTIVITY_NAME_MAX + 1) });
    expect(result.error?.issues[0]?.message).toBe(`Use at most ${ACTIVITY_NAME_MAX} characters.`);
    expect(activityEditSchema.safeParse({ name: '\u202E' }).error?.issues[0]?.message).toBe('Enter a name.');
  });
});

describe('isRealActivityName', () => {
  it.each([
    '2013-07-06T14:59:00Z',
    '2020-12-18 07:24:29',
    '2020-12-18',
    '2016-05-27T10:08:47.8+02:00',
    '03-OCT-10',
    '03-OCT-10 #2',
    '06/07/2013 14:59',
    '001',
    'ACTIVE LOG',
    'ACTIVE LOG #2',
    'Current Track: 06 JUL 2013 14:59',
    'Track 001',
    'Unknown Activity',
    'Running',
    '  ',
    null,
  ])('%s is not a real name', (name) => {
    expect(isRealActivityName(name)).toBe(false);
  });

  it.each(['Cerknica lake loop', 'Track meet 400s', 'Run to the office', 'example name', '10k race'])(
    '%s is a real name',
    (name) => {
      expect(isRealActivityName(name)).toBe(true);
    },
  );
});

describe('activityName', () => {
  const at = (time: string) => `2026-05-01T${time}`;

  it('keeps a real name from the file, normalised', () => {
    expect(activityName({ fileName: ' Lake\u202E loop ', type: 'run', startDateLocal: at('07:00:00') })).toBe(
      'Lake loop',
    );
  });

  it('names by the local start hour and the type otherwise, at each boundary', () => {
    const name = (time: string, type = 'run') =>
      activityName({ fileName: '2026-05-01T05:00:00Z', type, startDateLocal: at(time) });
    expect(name('04:59:59')).toBe('Night Run');
    expect(name('05:00:00')).toBe('Morning Run');
    expect(name('11:59:59')).toBe('Morning Run');
    expect(name('12:00:00', 'ride')).toBe('Afternoon Ride');
    expect(name('16:59:59', 'ride')).toBe('Afternoon Ride');
    expect(name('17:00:00', 'walk')).toBe('Evening Walk');
    expect(name('20:59:59', 'walk')).toBe('Evening Walk');
    expect(name('21:00:00')).toBe('Night Run');
    expect(name('00:00:00', 'hike')).toBe('Night Hike');
    expect(name('09:00:00', 'other')).toBe('Morning Activity');
  });

  it('is the default name with neither a real name nor a start time', () => {
    expect(activityName({ fileName: null, type: 'run', startDateLocal: null })).toBe(DEFAULT_ACTIVITY_NAME);
    expect(activityName({ fileName: 'ACTIVE LOG', type: 'run', startDateLocal: 'not a time' })).toBe(
      DEFAULT_ACTIVITY_NAME,
    );
  });
});
