import { describe, expect, it } from 'vitest';
import { filterParams, pageRange, readActivityListUrl } from './activity-list-url.ts';

describe('the activity list URL', () => {
  it('reads the filters, and queries only whole days and known types and sources', () => {
    const url = readActivityListUrl(new URLSearchParams('type=run&source=strava&from=2025-06-01&to=2025-06'));
    expect(url.query).toEqual({
      type: 'run',
      source: 'strava',
      from: '2025-06-01',
      to: undefined,
      cursor: undefined,
      limit: 50,
    });
    expect(url.to).toBe('2025-06');
    expect(url.filtered).toBe(true);
    expect(url.page).toBe(1);

    const unknown = readActivityListUrl(new URLSearchParams('type=unicycle&source=garmin'));
    expect([unknown.type, unknown.source, unknown.filtered]).toEqual([undefined, undefined, false]);
  });

  it('counts a page with a cursor from 2, whatever the URL claims', () => {
    expect(readActivityListUrl(new URLSearchParams('cursor=abc&page=4')).page).toBe(4);
    expect(readActivityListUrl(new URLSearchParams('cursor=abc&page=1')).page).toBe(2);
    expect(readActivityListUrl(new URLSearchParams('cursor=abc&page=x')).page).toBe(2);
    expect(readActivityListUrl(new URLSearchParams('page=3')).page).toBe(1);
  });

  it('marks a range whose start is after its end', () => {
    expect(readActivityListUrl(new URLSearchParams('from=2025-06-30&to=2025-06-01')).rangeReversed).toBe(true);
    expect(readActivityListUrl(new URLSearchParams('from=2025-06-01&to=2025-06-01')).rangeReversed).toBe(false);
  });

  it('applies filter changes to the current URL and drops the cursor and empty values', () => {
    const current = new URLSearchParams('type=run&from=2025-06-01&cursor=abc&page=2');
    expect(filterParams(current, { type: undefined, to: '2025-06-30' })).toEqual({
      from: '2025-06-01',
      to: '2025-06-30',
    });
    expect(filterParams(current, { from: '' })).toEqual({ type: 'run' });
  });

  it('numbers the rows of a page across pages', () => {
    expect(pageRange(1, 50)).toEqual({ first: 1, last: 50 });
    expect(pageRange(3, 7)).toEqual({ first: 101, last: 107 });
  });
});
