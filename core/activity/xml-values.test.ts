import { describe, expect, it } from 'vitest';
import { seededRandom } from './activity-file-builders.test-support.ts';
import { parseIsoTimestamp, parseXmlNumber } from './xml-values.ts';

describe('numbers in GPX and TCX text', () => {
  it('reads decimals exactly as Number does', () => {
    const random = seededRandom(11);
    const mismatches: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const text = ((random() - 0.5) * 10 ** Math.floor(random() * 8)).toFixed(Math.floor(random() * 12));
      if (!Object.is(parseXmlNumber(text), Number(text))) {
        mismatches.push(text);
      }
    }
    expect(mismatches).toEqual([]);
    expect(parseXmlNumber('46.0569033306')).toBe(46.0569033306);
    expect(parseXmlNumber('-122.391386000')).toBe(-122.391386);
    expect(parseXmlNumber('1e3')).toBe(1000);
    expect(parseXmlNumber(' 12.5 ')).toBe(12.5);
    expect(parseXmlNumber('.5')).toBe(0.5);
  });

  it('reads empty, blank and non-numeric text as NaN, not 0 (spec §5: such points are skipped)', () => {
    for (const text of ['', '   ', 'abc', '-', '1,5', '12.5.6', 'NaN']) {
      expect(parseXmlNumber(text)).toBeNaN();
    }
  });
});

describe('ISO 8601 timestamps', () => {
  it('UTC with Z, with an offset, and without a zone (read as UTC)', () => {
    expect(parseIsoTimestamp('2024-05-01T05:00:00Z')).toBe(Date.UTC(2024, 4, 1, 5, 0, 0));
    expect(parseIsoTimestamp('2024-05-01T07:00:00+02:00')).toBe(Date.UTC(2024, 4, 1, 5, 0, 0));
    expect(parseIsoTimestamp('2024-05-01T00:30:00-0430')).toBe(Date.UTC(2024, 4, 1, 5, 0, 0));
    expect(parseIsoTimestamp('2013-01-01T12:00:04')).toBe(Date.UTC(2013, 0, 1, 12, 0, 4));
    expect(parseIsoTimestamp('  2024-05-01 05:00:00Z\n')).toBe(Date.UTC(2024, 4, 1, 5, 0, 0));
  });

  it('fractional seconds of any length, microseconds included', () => {
    expect(parseIsoTimestamp('2024-05-01T05:00:00.5Z')).toBe(Date.UTC(2024, 4, 1, 5, 0, 0, 500));
    expect(parseIsoTimestamp('2024-05-01T05:00:00.123456Z')).toBeCloseTo(Date.UTC(2024, 4, 1, 5, 0, 0) + 123.456, 6);
    expect(parseIsoTimestamp('1901-12-13T20:45:52.2073437Z')).toBeCloseTo(
      Date.UTC(1901, 11, 13, 20, 45, 52) + 207.3437,
      4,
    );
  });

  it('old and very old years', () => {
    expect(parseIsoTimestamp('1901-12-13T20:45:52Z')).toBe(Date.UTC(1901, 11, 13, 20, 45, 52));
    expect(parseIsoTimestamp('0050-01-01T00:00:00Z')).toBe(Date.parse('0050-01-01T00:00:00Z'));
  });

  it('one date after another (the day cache) stays right', () => {
    expect(parseIsoTimestamp('2024-05-01T23:59:59Z')).toBe(Date.UTC(2024, 4, 1, 23, 59, 59));
    expect(parseIsoTimestamp('2024-05-02T00:00:00Z')).toBe(Date.UTC(2024, 4, 2, 0, 0, 0));
    expect(parseIsoTimestamp('2023-05-02T00:00:00Z')).toBe(Date.UTC(2023, 4, 2, 0, 0, 0));
  });

  it('NaN for anything else', () => {
    for (const text of [
      '',
      'yesterday',
      '2024-05-01',
      '2024-13-01T00:00:00Z',
      '2024-05-01T25:00:00Z',
      '2024-05-01T05:00:00.Z',
      '2024-05-01T05:00:00Q',
      '2024-05-01T05:00:00+2',
    ]) {
      expect(parseIsoTimestamp(text)).toBeNaN();
    }
  });
});
