import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activityStart, describeActivity } from './activity-record.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import { countsInTotals } from './untimed.ts';

const now = new Date('2026-03-04T05:06:07Z');
const context = { fallbackTimeZone: 'UTC', now };

function describeFixture(name: string) {
  const bytes = new Uint8Array(readFileSync(new URL(`../../test/fixtures/real/${name}`, import.meta.url)));
  return describeActivity(parseActivityFile('gpx', bytes), context);
}

describe('tracks without timing data', () => {
  it('keeps a run with its distance but no time, pace or splits, dated by the file (GPX 1.0 <time>)', () => {
    const record = describeFixture('cerknicko-without-times.gpx');
    expect(record.hasTiming).toBe(false);
    expect(record.type).toBe('run');
    expect(record.distance).toBeGreaterThan(4000);
    expect(record.movingTime).toBe(0);
    expect(record.elapsedTime).toBe(0);
    expect(record.averageSpeed).toBe(0);
    expect(record.splitsMetric).toEqual([]);
    expect(record.splitsStandard).toEqual([]);
    expect(record.dateSource).toBe('file');
    expect(record.startDate.toISOString()).toBe('2010-08-06T10:36:35.000Z');
  });

  it('dates a GPX 1.1 file without track times by its <metadata><time>', () => {
    const record = describeFixture('gpx1.1_with_all_fields.gpx');
    expect(record.hasTiming).toBe(false);
    expect(record.dateSource).toBe('file');
    expect(record.startDate.toISOString()).toBe('2013-01-01T12:00:00.000Z');
  });

  it('dates a file with every point at one instant by its own time, not the 1901 points', () => {
    const record = describeFixture('Mojstrovka.gpx');
    expect(record.hasTiming).toBe(false);
    expect(record.startDate.toISOString()).toBe('2010-12-14T06:17:04.000Z');
  });

  it('dates a route with no time anywhere by the upload, and says so', () => {
    const record = describeFixture('route.gpx');
    expect(record.hasTiming).toBe(false);
    expect(record.dateSource).toBe('upload');
    expect(record.startDate).toEqual(now);
  });

  it('keeps a timed track dated by its first point', () => {
    const record = describeFixture('cerknicko-jezero.gpx');
    expect(record.hasTiming).toBe(true);
    expect(record.dateSource).toBe('track');
    expect(record.splitsMetric.length).toBeGreaterThan(0);
  });
});

describe('activityStart', () => {
  it('prefers track times, then the file time, then any point time, then the upload', () => {
    const fileTime = Date.parse('2020-01-01T00:00:00Z');
    expect(activityStart({ hasTiming: true, startTime: 5 }, fileTime, now)).toEqual({
      startMs: 5,
      dateSource: 'track',
    });
    expect(activityStart({ hasTiming: false, startTime: 5 }, fileTime, now)).toEqual({
      startMs: fileTime,
      dateSource: 'file',
    });
    expect(activityStart({ hasTiming: false, startTime: 5 }, null, now)).toEqual({ startMs: 5, dateSource: 'track' });
    expect(activityStart({ hasTiming: false, startTime: null }, Number.NaN, now)).toEqual({
      startMs: now.getTime(),
      dateSource: 'upload',
    });
  });

  it('takes a given start (the archive’s activities.csv row, the runner’s) before the file’s own time', () => {
    const fileTime = Date.parse('2020-01-01T00:00:00Z');
    const given = Date.parse('2019-12-31T16:00:00Z');
    expect(activityStart({ hasTiming: false, startTime: 5 }, fileTime, now, given)).toEqual({
      startMs: given,
      dateSource: 'given',
    });
    expect(activityStart({ hasTiming: true, startTime: 5 }, fileTime, now, given)).toEqual({
      startMs: 5,
      dateSource: 'track',
    });
    expect(activityStart({ hasTiming: false, startTime: null }, null, now, null)).toEqual({
      startMs: now.getTime(),
      dateSource: 'upload',
    });
  });
});

describe('countsInTotals: one rule for every total', () => {
  it('counts an activity with times and a moving time, and nothing without either', () => {
    expect(countsInTotals({ hasTiming: true, movingTime: 1500 })).toBe(true);
    expect(countsInTotals({ hasTiming: false, movingTime: 0 })).toBe(false);
    expect(countsInTotals({ hasTiming: false, movingTime: 1500 })).toBe(false);
    expect(countsInTotals({ hasTiming: true, movingTime: 0 })).toBe(false);
    expect(countsInTotals({ hasTiming: true, movingTime: Number.NaN })).toBe(false);
  });

  it('leaves a real run recorded without times out, with its distance kept', () => {
    const record = describeFixture('cerknicko-without-times.gpx');
    expect(record.distance).toBeGreaterThan(4000);
    expect(countsInTotals(record)).toBe(false);
    expect(countsInTotals(describeFixture('cerknicko-jezero.gpx'))).toBe(true);
  });
});
