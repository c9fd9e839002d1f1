import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../../core/strava/api.ts';
import { activityCountText, formatRelativeTime, lastSyncText, syncProgressText, syncResultText } from './sync-text.ts';
import { setReaderLocale } from '../lib/format.ts';

// The app's texts in an en-US browser (the reader's locale decides how dates and times are written).
beforeAll(() => setReaderLocale('en-US'));
afterAll(() => setReaderLocale(undefined));

// The web project runs with TZ=UTC (vitest.config.ts), so "the reader's zone" is UTC here.
function progress(fields: Partial<SyncProgress>): SyncProgress {
  return {
    kind: 'full',
    state: 'running',
    pages: 0,
    activities: 0,
    imported: 0,
    startedAt: '2025-06-14T12:00:00.000Z',
    finishedAt: null,
    resumesAt: null,
    error: null,
    ...fields,
  };
}

describe('the line under the progress bar', () => {
  it('says the sync started before the first page', () => {
    expect(syncProgressText(progress({ state: 'queued' }))).toBe('Syncing your Strava activities…');
    expect(syncProgressText(progress({ state: 'running' }))).toBe('Syncing your Strava activities…');
  });

  it('counts pages and activities', () => {
    expect(syncProgressText(progress({ pages: 3, activities: 250 }))).toBe('Page 3 · 250 activities');
    expect(syncProgressText(progress({ pages: 1, activities: 1 }))).toBe('Page 1 · 1 activity');
    expect(syncProgressText(progress({ pages: 13, activities: 1234 }))).toBe('Page 13 · 1,234 activities');
  });

  it('says the spec’s rate-limit sentence and when the sync goes on, on the reader’s clock', () => {
    const waiting = progress({ state: 'waiting', pages: 3, resumesAt: '2025-06-14T14:05:00.000Z' });
    expect(syncProgressText(waiting)).toBe(
      'Rate limit exceeded. Please try again in a moment. The sync goes on by itself at 2:05 PM.',
    );
    setReaderLocale('en-GB');
    expect(syncProgressText(waiting)).toBe(
      'Rate limit exceeded. Please try again in a moment. The sync goes on by itself at 14:05.',
    );
    setReaderLocale('en-US');
    expect(syncProgressText(progress({ state: 'waiting', resumesAt: null }))).toBe(
      'Rate limit exceeded. Please try again in a moment.',
    );
  });
});

describe('the result of a finished sync', () => {
  it('is up to date when nothing was new', () => {
    expect(syncResultText(progress({ state: 'done' }))).toBe('Up to date.');
    expect(syncResultText(progress({ state: 'done', activities: 250 }))).toBe('Up to date: 250 activities checked.');
    expect(syncResultText(progress({ state: 'done', activities: 1 }))).toBe('Up to date: 1 activity checked.');
  });

  it('counts what was imported', () => {
    expect(syncResultText(progress({ state: 'done', activities: 250, imported: 1 }))).toBe(
      '1 new or changed activity imported.',
    );
    expect(syncResultText(progress({ state: 'done', activities: 2000, imported: 1500 }))).toBe(
      '1,500 new or changed activities imported.',
    );
  });

  it('counts activities', () => {
    expect(activityCountText(0)).toBe('0 activities');
    expect(activityCountText(1)).toBe('1 activity');
    expect(activityCountText(12345)).toBe('12,345 activities');
  });
});

describe('times', () => {
  const now = Date.parse('2025-06-14T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('says how long ago, then the date beyond a week', () => {
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5 * MINUTE), now)).toBe('just now');
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * MINUTE + 59_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(DAY), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(6 * DAY), now)).toBe('6 days ago');
    expect(formatRelativeTime(ago(7 * DAY), now)).toBe('Jun 7, 2025');
  });

  it('shows a text that is not a time as it is', () => {
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});

describe("the card's last sync", () => {
  const now = Date.parse('2025-06-14T12:00:00.000Z');

  it('tells how long ago the last sync finished, even while another runs', () => {
    expect(lastSyncText('2025-06-14T11:55:00.000Z', false, now)).toBe('5 minutes ago');
    expect(lastSyncText('2025-06-14T11:55:00.000Z', true, now)).toBe('5 minutes ago');
  });

  it('says a first sync is in progress, or that there was none yet', () => {
    expect(lastSyncText(null, true, now)).toBe('In progress');
    expect(lastSyncText(null, false, now)).toBe('Not yet');
  });
});
