/**
 * FIT files the SDK stops reading early, read whole: a record written a byte short (as the Strava
 * Android app does) is left out and reading goes on after it, records stamped with an impossible
 * time are ignored, and when the records end before the activity did the session's totals give
 * its distance and time. Each time the activity says that part of the file could not be read.
 */
import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-record.ts';
import { straightRun } from './activity-file-builders.test-support.ts';
import { FIT_READING_WARNINGS } from './fit-file-types.ts';
import { stravaAppFit } from './fit-file-builders.test-support.ts';
import { parseActivityFile } from './parse-activity-file.ts';

const context = { fallbackTimeZone: 'UTC', now: new Date(Date.UTC(2026, 0, 1)) };
const points = straightRun({ points: 2000, speed: 3, interval: 1, start: Date.UTC(2021, 8, 27, 14, 13, 10) });
const sessionDistance = (points.at(-1)?.distance ?? 0) - (points[0]?.distance ?? 0);

function sdkReading(bytes: Uint8Array) {
  const { messages, errors } = new Decoder(Stream.fromByteArray(bytes)).read();
  return { records: (messages.recordMesgs ?? []).length, errors: errors.length };
}

function readFile(bytes: Uint8Array) {
  const parsed = parseActivityFile('fit', bytes);
  return { parsed, record: describeActivity(parsed, context) };
}

describe('a FIT file the SDK stops reading early', () => {
  it('records written a byte short are left out and the rest of the file is read', () => {
    const bytes = stravaAppFit(points, { shortRecords: new Set([700, 1400]) });
    // The SDK stops at the first short record: it reads 701 records, the last one garbled.
    expect(sdkReading(bytes)).toEqual({ records: 701, errors: 1 });
    const { parsed, record } = readFile(bytes);
    expect(parsed.track.time).toHaveLength(1998);
    expect(parsed.warnings).toEqual([FIT_READING_WARNINGS.partlyUnreadable]);
    expect(FIT_READING_WARNINGS.partlyUnreadable).toBe(
      'Part of the file could not be read; Stride imported the rest of it.',
    );
    expect(record.distance).toBeCloseTo(sessionDistance, 6);
    expect(record.elapsedTime).toBe(1999);
    expect(record.flag).toBeNull();
  });

  it('records stamped decades away or with a relative time are ignored, not a run of 23,000 days', () => {
    const fitTime = (ms: number) => Math.round(ms / 1000) - 631_065_600;
    const bytes = stravaAppFit(points, {
      times: new Map([
        [500, fitTime(Date.UTC(2085, 11, 21, 16, 46, 58))],
        [900, 100],
      ]),
    });
    const { parsed, record } = readFile(bytes);
    expect(parsed.track.time).toHaveLength(1998);
    expect(parsed.warnings).toEqual([FIT_READING_WARNINGS.partlyUnreadable]);
    expect(record.elapsedTime).toBe(1999);
    expect(record.distance).toBeCloseTo(sessionDistance, 6);
    expect(record.flag).toBeNull();
  });

  it('a file whose records all carry relative times (a device without a clock) keeps them', () => {
    const bytes = stravaAppFit(points, { times: new Map(points.map((_, i) => [i, 1000 + i])) });
    const { parsed } = readFile(bytes);
    expect(parsed.track.time).toHaveLength(2000);
    expect(parsed.warnings).toBeUndefined();
  });

  it("records that end early: the session's totals are the activity's distance and time", () => {
    const whole = stravaAppFit(points);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const { parsed, record } = readFile(cut);
    expect(parsed.track.time.length).toBeLessThan(1100);
    expect(parsed.warnings).toEqual([FIT_READING_WARNINGS.endsEarly]);
    expect(record.distance).toBeCloseTo(sessionDistance, 6);
    expect(record.movingTime).toBe(1999);
    expect(record.elapsedTime).toBe(1999);
    expect(record.averageSpeed).toBeCloseTo(sessionDistance / 1999, 9);
  });
});
