/**
 * What the Strava screens say about a sync and a connection's times: the progress line under the
 * bar ("Page 3 · 250 activities"), the rate-limit pause, and relative times ("5 minutes ago").
 */
import { STRAVA_TEXTS } from '../../../core/strava/api.ts';
import { ACTIVITY_ERROR_TEXTS } from '../../../core/strava/messages.ts';
import type { SyncProgress } from '../../../core/strava/api.ts';
import { formatDate, formatNumber, formatRelative, formatTime } from '../lib/format.ts';

const count = (value: number, one: string, many: string) => `${formatNumber(value)} ${value === 1 ? one : many}`;

/** The line under the progress bar of a sync that is not finished. */
export function syncProgressText(progress: SyncProgress): string {
  if (progress.state === 'waiting') {
    // Spec §8's rate-limit sentence, and when the sync goes on by itself.
    const resumes = progress.resumesAt ? ` The sync goes on by itself at ${formatTime(progress.resumesAt)}.` : '';
    return `${ACTIVITY_ERROR_TEXTS.rateLimit}${resumes}`;
  }
  if (progress.pages === 0) {
    return STRAVA_TEXTS.syncStarted;
  }
  return `Page ${formatNumber(progress.pages)} · ${count(progress.activities, 'activity', 'activities')}`;
}

/** After a finished sync: what it brought. */
export function syncResultText(progress: SyncProgress): string {
  if (progress.imported === 0) {
    return progress.activities === 0
      ? 'Up to date.'
      : `Up to date: ${count(progress.activities, 'activity', 'activities')} checked.`;
  }
  return `${count(progress.imported, 'new or changed activity', 'new or changed activities')} imported.`;
}

/** The card's "Last sync": when the last sync finished, else whether one is under way. */
export function lastSyncText(lastSyncAt: string | null, syncActive: boolean, now: number): string {
  if (lastSyncAt) {
    return formatRelativeTime(lastSyncAt, now);
  }
  return syncActive ? 'In progress' : 'Not yet';
}

/** Shown when a sync failed without a sentence of its own. */
export const SYNC_FAILED_FALLBACK = 'The last sync did not finish.';

export function activityCountText(activities: number): string {
  return count(activities, 'activity', 'activities');
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "just now", "5 minutes ago", "yesterday"; a date beyond a week. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) {
    return iso;
  }
  const elapsed = now - at;
  if (elapsed < MINUTE_MS) {
    return 'just now';
  }
  if (elapsed < HOUR_MS) {
    return formatRelative(-Math.floor(elapsed / MINUTE_MS), 'minute');
  }
  if (elapsed < DAY_MS) {
    return formatRelative(-Math.floor(elapsed / HOUR_MS), 'hour');
  }
  if (elapsed < 7 * DAY_MS) {
    return formatRelative(-Math.floor(elapsed / DAY_MS), 'day');
  }
  return formatDate(at);
}
