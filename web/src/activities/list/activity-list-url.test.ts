import { describe, expect, it } from 'vitest';
import {
  clearedParams,
  filterParams,
  pageCount,
  pageParams,
  pageRange,
  readActivityListUrl,
  sortParams,
  viewParams,
} from './activity-list-url.ts';

const read = (search: string) => readActivityListUrl(new URLSearchParams(search));

describe('the activity list URL', () => {
  it('reads the filters, and queries only whole days and known types and sources', () => {
    const url = read('type=run&source=strava&from=2025-06-01&to=2025-06');
    expect(url.query).toEqual({
      type: 'run',
      source: 'strava',
      from: '2025-06-01',
      to: undefined,
      q: undefined,
      sort: 'date',
      order: 'desc',
      page: 1,
      limit: 50,
    });
    expect(url.to).toBe('2025-06');
    expect(url.filtered).toBe(true);

    const unknown = read('type=unicycle&source=garmin');
    expect([unknown.type, unknown.source, unknown.filtered]).toEqual([undefined, undefined, false]);
  });

  it('reads the search as typed and queries it trimmed; a search alone narrows the list', () => {
    const url = read('q=%20park%20');
    expect(url.q).toBe(' park ');
    expect(url.query.q).toBe('park');
    expect(url.filtered).toBe(true);
    expect(read('q=%20%20').query.q).toBeUndefined();
  });

  it('reads the order, each column with its own first direction when none is given', () => {
    expect([read('').sort, read('').order]).toEqual(['date', 'desc']);
    expect([read('sort=pace').sort, read('sort=pace').order]).toEqual(['pace', 'asc']);
    expect([read('sort=distance').order, read('sort=distance&order=asc').order]).toEqual(['desc', 'asc']);
    expect([read('sort=heartbeat&order=up').sort, read('sort=heartbeat&order=up').order]).toEqual(['date', 'desc']);
  });

  it('reads the page, a whole number from 1', () => {
    expect(read('page=4').query.page).toBe(4);
    for (const page of ['0', '-2', '1.5', 'x', '']) {
      expect(read(`page=${page}`).page).toBe(1);
    }
  });

  it('marks a range whose start is after its end', () => {
    expect(read('from=2025-06-30&to=2025-06-01').rangeReversed).toBe(true);
    expect(read('from=2025-06-01&to=2025-06-01').rangeReversed).toBe(false);
  });

  it('applies filter changes back at the first page, keeping the order and view, dropping empty values', () => {
    const current = new URLSearchParams('type=run&from=2025-06-01&page=2&sort=pace&order=desc&q=park');
    expect(filterParams(current, { type: undefined, to: '2025-06-30' })).toEqual({
      from: '2025-06-01',
      to: '2025-06-30',
      q: 'park',
      sort: 'pace',
      order: 'desc',
    });
    expect(filterParams(current, { from: '', q: 'loop' })).toEqual({
      type: 'run',
      q: 'loop',
      sort: 'pace',
      order: 'desc',
    });
    expect(clearedParams(current)).toEqual({ sort: 'pace', order: 'desc' });
  });

  it('turns a sorted column round, starts another in its own direction, back at the first page', () => {
    const byDate = new URLSearchParams('q=park&page=3');
    expect(sortParams(byDate, 'date')).toEqual({ q: 'park', sort: 'date', order: 'asc' });
    expect(sortParams(byDate, 'distance')).toEqual({ q: 'park', sort: 'distance', order: 'desc' });
    expect(sortParams(byDate, 'pace')).toEqual({ q: 'park', sort: 'pace', order: 'asc' });
    expect(sortParams(new URLSearchParams('sort=pace&order=asc'), 'pace')).toEqual({ sort: 'pace', order: 'desc' });
  });

  it('moves between pages keeping everything else, the first page without a number', () => {
    const current = new URLSearchParams('type=run&q=park&sort=time&order=asc&page=2');
    expect(pageParams(current, 3)).toEqual({ type: 'run', q: 'park', sort: 'time', order: 'asc', page: '3' });
    expect(pageParams(current, 1)).toEqual({ type: 'run', q: 'park', sort: 'time', order: 'asc' });
  });

  it('switches between the list and a month of the calendar, keeping filters and order', () => {
    const current = new URLSearchParams('type=run&sort=pace&page=2');
    expect(viewParams(current, 'calendar', '2026-11')).toEqual({
      type: 'run',
      sort: 'pace',
      view: 'calendar',
      month: '2026-11',
    });
    const calendar = new URLSearchParams('type=run&view=calendar&month=2026-11');
    expect(read(calendar.toString())).toMatchObject({ view: 'calendar', month: '2026-11' });
    expect(viewParams(calendar, 'list')).toEqual({ type: 'run' });
    expect(read('view=calendar&month=2026-13')).toMatchObject({ view: 'calendar', month: undefined });
    expect(read('view=agenda').view).toBe('list');
  });

  it('numbers the rows of a page across pages, and counts the pages', () => {
    expect(pageRange(1, 50)).toEqual({ first: 1, last: 50 });
    expect(pageRange(3, 7)).toEqual({ first: 101, last: 107 });
    expect([pageCount(0), pageCount(50), pageCount(51), pageCount(1234)]).toEqual([1, 1, 2, 25]);
  });
});
