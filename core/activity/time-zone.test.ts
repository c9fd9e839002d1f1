import { describe, expect, it } from 'vitest';
import { resolveTimeZone, timeZoneAt } from './position-time-zone.ts';
import { FALLBACK_TIME_ZONE, isValidTimeZone, localDateTime } from './time-zone.ts';

describe('time zone at a position (offline lookup)', () => {
  it('finds the zone of a city', () => {
    expect(timeZoneAt(46.0569, 14.5058)).toBe('Europe/Ljubljana');
    expect(timeZoneAt(35.6812, 139.7671)).toBe('Asia/Tokyo');
    expect(timeZoneAt(40.7829, -73.9654)).toBe('America/New_York');
    expect(timeZoneAt(-33.8568, 151.2153)).toBe('Australia/Sydney');
  });

  it('gives a nautical zone at sea', () => {
    expect(timeZoneAt(0, -30)).toBe('Etc/GMT+2');
  });

  it('refuses coordinates out of range', () => {
    expect(() => timeZoneAt(91, 0)).toThrow(RangeError);
    expect(() => timeZoneAt(0, Number.NaN)).toThrow(RangeError);
  });
});

describe('resolving the activity time zone', () => {
  it("prefers the track's start over the browser's zone", () => {
    expect(resolveTimeZone({ lat: 35.6812, lng: 139.7671 }, 'Europe/London')).toBe('Asia/Tokyo');
  });

  it("falls back to the uploader's browser zone when the track has no position", () => {
    expect(resolveTimeZone(null, 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(resolveTimeZone({ lat: Number.NaN, lng: 0 }, 'Europe/Paris')).toBe('Europe/Paris');
  });

  it('falls back to UTC when the browser zone is missing or not a zone', () => {
    expect(resolveTimeZone(null)).toBe('UTC');
    expect(resolveTimeZone(null, 'Mars/Olympus_Mons')).toBe(FALLBACK_TIME_ZONE);
    expect(isValidTimeZone('Europe/Ljubljana')).toBe(true);
    expect(isValidTimeZone('not a zone')).toBe(false);
  });
});

describe('local wall-clock time (startDateLocal)', () => {
  it('formats YYYY-MM-DDTHH:mm:ss, zero-padded, without an offset', () => {
    expect(localDateTime(Date.UTC(2024, 0, 1, 4, 3, 5), 'Europe/Ljubljana')).toBe('2024-01-01T05:03:05');
    expect(localDateTime(Date.UTC(2024, 0, 1, 4, 3, 5), 'UTC')).toBe('2024-01-01T04:03:05');
  });

  it('follows daylight saving time', () => {
    expect(localDateTime(Date.UTC(2024, 6, 1, 3, 59, 59), 'Europe/Ljubljana')).toBe('2024-07-01T05:59:59');
    expect(localDateTime(Date.UTC(2024, 6, 1, 10, 0, 0), 'America/New_York')).toBe('2024-07-01T06:00:00');
  });

  it('writes midnight as 00, never 24', () => {
    expect(localDateTime(Date.UTC(2024, 2, 9, 23, 0, 0), 'Europe/Ljubljana')).toBe('2024-03-10T00:00:00');
  });

  it('an early run in Tokyo is early in Tokyo, whatever the uploader’s zone (Early Bird)', () => {
    const start = Date.UTC(2024, 4, 1, 20, 30, 0);
    expect(localDateTime(start, resolveTimeZone({ lat: 35.6812, lng: 139.7671 }, 'Europe/London'))).toBe(
      '2024-05-02T05:30:00',
    );
  });

  it('New Year: 23:30 UTC on 31 December is already 1 January in Ljubljana', () => {
    expect(localDateTime(Date.UTC(2024, 11, 31, 23, 30, 0), 'Europe/Ljubljana')).toBe('2025-01-01T00:30:00');
  });

  it('truncates fractional seconds, and copes with old dates', () => {
    expect(localDateTime(Date.UTC(2024, 4, 1, 5, 0, 0) + 999.7, 'UTC')).toBe('2024-05-01T05:00:00');
    expect(localDateTime(Date.UTC(1901, 11, 13, 20, 45, 52), 'UTC')).toBe('1901-12-13T20:45:52');
  });
});
