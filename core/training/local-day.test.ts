import { describe, expect, it } from 'vitest';
import { localDayAt, localDayRangeUtc, localDayStartUtc, zoneOffsetMs } from './local-day.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('localDayRangeUtc', () => {
  it('runs from local 00:00:00.000 to 23:59:59.999 on an ordinary day', () => {
    const range = localDayRangeUtc('2026-06-01', 'Asia/Kolkata');
    expect(iso(range.startMs)).toBe('2026-05-31T18:30:00.000Z');
    expect(iso(range.endMs)).toBe('2026-06-01T18:29:59.999Z');
  });

  it('is 23 hours long on the day London springs forward', () => {
    const range = localDayRangeUtc('2026-03-29', 'Europe/London');
    expect(iso(range.startMs)).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(range.endMs)).toBe('2026-03-29T22:59:59.999Z');
    expect(range.endMs + 1 - range.startMs).toBe(23 * HOUR);
  });

  it('is 25 hours long on the day London falls back', () => {
    const range = localDayRangeUtc('2026-10-25', 'Europe/London');
    expect(iso(range.startMs)).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(range.endMs)).toBe('2026-10-25T23:59:59.999Z');
    expect(range.endMs + 1 - range.startMs).toBe(25 * HOUR);
  });

  it('starts at 01:00 where midnight is skipped (Santiago, 8 September 2024)', () => {
    const start = localDayStartUtc('2024-09-08', 'America/Santiago');
    expect(iso(start)).toBe('2024-09-08T04:00:00.000Z');
    expect(localDayAt(start, 'America/Santiago')).toBe('2024-09-08');
    expect(localDayAt(start - 1, 'America/Santiago')).toBe('2024-09-07');
  });

  it('starts at the first of two midnights where midnight repeats (Santiago, 6 April 2024)', () => {
    const range = localDayRangeUtc('2024-04-06', 'America/Santiago');
    expect(iso(range.startMs)).toBe('2024-04-06T03:00:00.000Z');
    expect(range.endMs + 1 - range.startMs).toBe(25 * HOUR);
  });

  it('puts an instant just before and after the edges on the neighbouring days', () => {
    const { startMs, endMs } = localDayRangeUtc('2026-11-23', 'America/New_York');
    expect(localDayAt(startMs - 1, 'America/New_York')).toBe('2026-11-22');
    expect(localDayAt(endMs + 1, 'America/New_York')).toBe('2026-11-24');
    expect(zoneOffsetMs(startMs, 'America/New_York')).toBe(-5 * HOUR);
  });

  it('refuses a date that does not exist', () => {
    expect(() => localDayRangeUtc('2026-02-30', 'UTC')).toThrow(RangeError);
  });
});
