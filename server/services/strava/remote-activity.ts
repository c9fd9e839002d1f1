/**
 * A Strava activity's details and streams, fetched when the runner opens it (spec §7) and kept for
 * 24 hours (spec §9). The streams become the activity's stored track, so the page draws the same
 * map, charts and splits as for an uploaded file. When Strava cannot answer, the cached copy (even
 * an old one) is served; only when there is none does the page hear the spec's message.
 */
import type { Updateable } from 'kysely';
import { computeSplits } from '../../../core/activity/splits.ts';
import { encodeTrack } from '../../../core/activity/track-codec.ts';
import { DETAIL_CACHE_MS, STREAMS_CACHE_MS } from '../../../core/strava/constants.ts';
import { isFresh } from '../../../core/strava/data-state.ts';
import { normalizeStravaDetail, STREAM_KEYS, streamsToTrack } from '../../../core/strava/detail.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import { hasTrack, saveTrack } from '../../db/activity-track-repository.ts';
import { markStreamsCached, saveStravaDetail } from '../../db/strava-activity-repository.ts';
import type { ActivitiesTable, ActivityRow } from '../../db/schema.ts';
import { upstreamFailed } from '../../errors.ts';
import type { StravaClient } from '../../integrations/strava/strava-client.ts';
import { StravaError } from '../../integrations/strava/strava-error.ts';
import type { WiringContext } from '../service-context.ts';

export type RemoteActivityDeps = Pick<WiringContext, 'db' | 'logger' | 'clock'> & {
  client: StravaClient;
  /** Calls Strava with the runner's token (connection.ts withToken). */
  withToken<T>(userId: string, call: (token: string) => Promise<T>): Promise<T>;
  /** How long a page may wait on Strava in all (token refresh, queueing, retries, the requests). */
  deadlineMs: number;
};

const fresh = (cachedAt: Date | null, lifetimeMs: number, now: number) =>
  isFresh(cachedAt?.getTime() ?? null, now, lifetimeMs);

/**
 * The columns a fetched DetailedActivity fills, wherever it was fetched (an opened page, a webhook
 * event), stamped `now`. Its best efforts may be new: the track figures are worked out again.
 */
export function stravaDetailColumns(
  raw: Record<string, unknown>,
  type: string,
  now: Date,
): Updateable<ActivitiesTable> {
  const detail = normalizeStravaDetail(raw, type);
  return {
    description: detail.description,
    deviceName: detail.deviceName,
    // Strava's summary has no calories; a detail without them keeps what is stored.
    ...(detail.calories === null ? {} : { calories: detail.calories }),
    laps: JSON.stringify(detail.laps),
    // Strava splits only runs; the splits computed from a ride's or walk's streams stay.
    ...(detail.splitsMetric.length > 0
      ? {
          splitsMetric: JSON.stringify(detail.splitsMetric),
          splitsStandard: JSON.stringify(detail.splitsStandard),
        }
      : {}),
    stravaDetail: JSON.stringify(detail.extras),
    detailCachedAt: now,
    trackFiguresAt: null,
  };
}

export function createRemoteActivities(deps: RemoteActivityDeps) {
  const { db, client, logger, clock } = deps;

  /**
   * Runs a call to Strava that someone waits for under one deadline: the signal ends the limiter
   * wait, the retries and the request, and the answer comes at the deadline even if a step (the
   * token refresh) does not listen to it. A hanging Strava answered after 74 s before.
   */
  async function withinDeadline<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const expired = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
    });
    const cancelDeadline = clock.after(deps.deadlineMs, () =>
      controller.abort(new StravaError(STRAVA_MESSAGES.detailUnavailable, 'timeout')),
    );
    const running = work(controller.signal);
    // Whichever loses the race still settles; its rejection is not an unhandled one.
    running.catch(() => undefined);
    expired.catch(() => undefined);
    try {
      return await Promise.race([running, expired]);
    } finally {
      cancelDeadline();
    }
  }

  /**
   * Brings a Strava activity's details up to date (at most once a day). Returns the row to show and,
   * when Strava could not be asked and nothing is cached, the spec's message for the page.
   */
  async function withDetail(row: ActivityRow): Promise<{ row: ActivityRow; error: string | null }> {
    if (row.source !== 'strava' || row.stravaId === null || fresh(row.detailCachedAt, DETAIL_CACHE_MS, clock.now())) {
      return { row, error: null };
    }
    try {
      const stravaId = row.stravaId;
      const raw = await withinDeadline((signal) =>
        deps.withToken(row.userId, (token) => client.getActivity(token, stravaId, { signal })),
      );
      const updated = await saveStravaDetail(db, row.id, stravaDetailColumns(raw, row.type, new Date(clock.now())));
      return { row: updated ?? row, error: null };
    } catch (error) {
      logger.warn({ err: error, activityId: row.id }, 'Strava activity detail not fetched');
      return { row, error: row.detailCachedAt === null ? STRAVA_MESSAGES.detailUnavailable : null };
    }
  }

  /**
   * Makes sure a Strava activity's track is stored and under a day old. Throws the spec's "No streams
   * data received" message when Strava sends nothing usable and no track is cached.
   */
  async function ensureTrack(row: ActivityRow): Promise<void> {
    if (row.source !== 'strava' || row.stravaId === null || fresh(row.streamsCachedAt, STREAMS_CACHE_MS, clock.now())) {
      return;
    }
    const cached = await hasTrack(db, row.id);
    try {
      const stravaId = row.stravaId;
      const streams = await withinDeadline((signal) =>
        deps.withToken(row.userId, (token) => client.getStreams(token, stravaId, STREAM_KEYS, { signal })),
      );
      const track = streamsToTrack(streams, row.startDate.getTime(), row.type);
      if (track === null) {
        throw new Error(STRAVA_MESSAGES.noStreams);
      }
      // Strava sends splits with a run's detail; for anything else they are computed as for uploads.
      const splits =
        row.splitsMetric.length > 0
          ? {}
          : {
              splitsMetric: JSON.stringify(computeSplits(track, 'metric')),
              splitsStandard: JSON.stringify(computeSplits(track, 'standard')),
            };
      await db.transaction().execute(async (trx) => {
        await saveTrack(trx, row.id, { pointCount: track.lat.length, data: encodeTrack(track) });
        await markStreamsCached(trx, row.id, {
          streamsCachedAt: new Date(clock.now()),
          trackFiguresAt: null,
          ...splits,
        });
      });
    } catch (error) {
      logger.warn({ err: error, activityId: row.id }, 'Strava streams not fetched');
      if (!cached) {
        throw upstreamFailed(STRAVA_MESSAGES.noStreams);
      }
    }
  }

  return { withDetail, ensureTrack };
}

export type RemoteActivities = ReturnType<typeof createRemoteActivities>;
