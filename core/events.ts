/** What the server pushes on GET /api/events (Server-Sent Events, event name = `type`). */
import type { MedalCard } from './medals/api.ts';
import type { SyncProgress } from './strava/api.ts';

export type ServerEvent =
  | { type: 'medals-awarded'; medals: MedalCard[]; unseenCount: number }
  | { type: 'analytics-updated' }
  | { type: 'activities-changed' }
  /** The Strava sync moved on: a page arrived, it paused for the rate limit, finished or failed. */
  | { type: 'strava-sync'; progress: SyncProgress }
  /** The Strava connection changed elsewhere (another tab, or Strava's deauthorisation webhook). */
  | { type: 'strava-connection' };

/**
 * Sent on a stream the server closes because the same user opened more than the per-user limit
 * elsewhere. The page then stays closed until it is shown again, so two tabs never take the last
 * place from each other in a loop.
 */
export const STREAM_SUPERSEDED_EVENT = 'superseded';
