/**
 * The figures read from each activity's track, worked out once per activity (core/running/
 * track-figures.ts): a run's best efforts (Strava's own when the detail has them, else from the
 * stored track) and the heart-rate histogram behind the zones; an upload's come with it. Best
 * efforts are read as the runner's personal bests, their progression and one activity's places.
 * Activities still to do are found by the database (track_figures_at is null), so the start-up
 * backfill resumes where a restart left it, and every read first finishes the reader's own.
 */
import type { Track } from '../../core/activity/track.ts';
import { trackEffortsStand } from '../../core/activity/activity-corrections.ts';
import { decodeTrack } from '../../core/activity/track-codec.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import type { ActivityBestEfforts, PersonalBests } from '../../core/running/best-efforts-api.ts';
import {
  bestEffortDistance,
  effortsFromStravaDetail,
  rankText,
  whyNoEfforts,
} from '../../core/running/activity-best-efforts.ts';
import { BEST_EFFORT_DISTANCES } from '../../core/running/best-efforts.ts';
import { effortsFromItsTrack, trackFigures } from '../../core/running/track-figures.ts';
import { findActivity } from '../db/activity-repository.ts';
import { findTrackData } from '../db/activity-track-repository.ts';
import {
  activityBestEffortRanks,
  bestEffortProgression,
  findPendingTrackFigures,
  saveTrackFigures,
  topBestEfforts,
  type PendingTrackFigures,
} from '../db/best-effort-repository.ts';
import type { ActivityReaction, WiringContext } from './service-context.ts';
import { countStravaRunsRead } from '../db/strava-efforts-backfill-repository.ts';
import { notFound } from '../errors.ts';
import { streamsPending } from '../../core/strava/detail.ts';

/** What working out track figures needs of the service context. */
export type TrackFiguresContext = Pick<WiringContext, 'db' | 'clock' | 'logger'>;

const BATCH = 25;
/** A reader's own activities still to do are finished before reading, up to this many. */
export const PENDING_TRACK_FIGURES_READ = 200;
const TOP = 3;

async function workOut(context: TrackFiguresContext, activity: PendingTrackFigures): Promise<void> {
  // A track whose distance or times the runner corrected no longer measures the run's efforts.
  const fromStrava = effortsFromItsTrack(activity.type, activity.overrides)
    ? effortsFromStravaDetail(activity.stravaDetail)
    : [];
  // Strava's efforts need no track; the heart rate does, when the activity recorded one.
  const needsTrack = fromStrava.length === 0 || activity.maxHeartrate !== null;
  const data = needsTrack ? await findTrackData(context.db, activity.userId, activity.id) : null;
  const fromTrack = data
    ? trackFigures(activity.type, activity.overrides, decodeTrack(data), { efforts: fromStrava.length === 0 })
    : null;
  await saveTrackFigures(
    context.db,
    activity,
    {
      efforts: fromStrava.length > 0 ? fromStrava : (fromTrack?.efforts ?? []),
      source: fromStrava.length > 0 ? 'strava' : 'track',
      heartRateSecondsAtMost: fromTrack?.heartRateSecondsAtMost ?? null,
    },
    new Date(context.clock.now()),
  );
}

/**
 * Works out the track figures of up to `limit` pending activities (one user's, or anyone's; of the
 * given activities only, when given); returns how many.
 */
export async function computePendingTrackFigures(
  context: TrackFiguresContext,
  limit: number,
  userId?: string,
  activityIds?: readonly string[],
): Promise<number> {
  if (activityIds?.length === 0) {
    return 0;
  }
  const pending = await findPendingTrackFigures(context.db, limit, userId, activityIds);
  for (const activity of pending) {
    try {
      await workOut(context, activity);
    } catch (error) {
      // A track that cannot be read has no figures; stamped, so no pass stumbles on it again.
      context.logger.warn({ err: error, activityId: activity.id }, 'track figures not worked out');
      await saveTrackFigures(
        context.db,
        activity,
        { efforts: [], source: 'track', heartRateSecondsAtMost: null },
        new Date(context.clock.now()),
      );
    }
  }
  return pending.length;
}

export async function getPersonalBests(
  context: TrackFiguresContext,
  userId: string,
  query: { distance: string },
): Promise<PersonalBests> {
  await computePendingTrackFigures(context, PENDING_TRACK_FIGURES_READ, userId);
  const distances = await Promise.all(
    BEST_EFFORT_DISTANCES.map(async (distance) => ({
      distanceId: distance.id,
      label: distance.label,
      metres: distance.metres,
      efforts: (await topBestEfforts(context.db, userId, distance.id, TOP)).map((row) => ({
        rank: row.rank,
        seconds: row.seconds,
        activityId: row.activityId,
        activityName: row.activityName,
        date: row.startDateLocal.slice(0, 10),
      })),
    })),
  );
  const steps = await bestEffortProgression(context.db, userId, query.distance);
  return {
    distances,
    stravaEfforts: await countStravaRunsRead(context.db, userId),
    progression: {
      distanceId: query.distance,
      steps: steps.map((row) => ({
        date: row.startDateLocal.slice(0, 10),
        seconds: row.seconds,
        activityId: row.activityId,
      })),
    },
  };
}

/** An activity's stored track, null without one, 'unreadable' when it does not decode. */
async function storedTrack(
  context: TrackFiguresContext,
  activity: { id: string; userId: string },
): Promise<Track | null | 'unreadable'> {
  const data = await findTrackData(context.db, activity.userId, activity.id);
  if (!data) {
    return null;
  }
  try {
    return decodeTrack(data);
  } catch {
    return 'unreadable';
  }
}

export async function getActivityBestEfforts(
  context: TrackFiguresContext,
  userId: string,
  activityId: string,
): Promise<ActivityBestEfforts> {
  await computePendingTrackFigures(context, PENDING_TRACK_FIGURES_READ, userId);
  const activity = await findActivity(context.db, userId, activityId);
  if (!activity) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  if (activity.type !== 'run') {
    return { status: 'not-a-run', efforts: [] };
  }
  const ranks = await activityBestEffortRanks(context.db, userId, activityId);
  if (ranks.length > 0) {
    const order = (id: string) => BEST_EFFORT_DISTANCES.findIndex((distance) => distance.id === id);
    return {
      status: 'ranked',
      efforts: ranks
        .sort((a, b) => order(a.distanceId) - order(b.distanceId))
        .map((row) => ({
          distanceId: row.distanceId,
          label: bestEffortDistance(row.distanceId)?.label ?? row.distanceId,
          seconds: row.seconds,
          rank: row.rank,
          place: rankText(row.rank),
        })),
    };
  }
  if (activity.trackFiguresAt === null) {
    return { status: 'pending', efforts: [] };
  }
  if (!trackEffortsStand(activity.overrides)) {
    return { status: 'corrected', efforts: [] };
  }
  const why = whyNoEfforts({ metres: activity.distance, track: await storedTrack(context, activity) });
  // A Strava run's track is its streams, still to be fetched: its efforts are worked out from them then.
  return { status: why === 'no-track' && streamsPending(activity) ? 'pending' : why, efforts: [] };
}

export interface TrackFiguresBackfill {
  /** Settles when the pass has ended (finished, failed or stopped); never rejects. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The start-up pass over every runner's activities still without their track figures, a batch at
 * a time, in the background; a restart carries on with what is left.
 */
export function startTrackFiguresBackfill(context: TrackFiguresContext): TrackFiguresBackfill {
  const controller = new AbortController();
  const run = async () => {
    let total = 0;
    for (;;) {
      if (controller.signal.aborted) {
        return;
      }
      const done = await computePendingTrackFigures(context, BATCH);
      if (done === 0) {
        break;
      }
      total += done;
      context.logger.info({ activities: total }, 'track figures worked out');
    }
    if (total > 0) {
      context.logger.info({ activities: total }, 'track figures backfill finished');
    }
  };
  const done = run().catch((error: unknown) => {
    context.logger.error({ err: error }, 'track figures backfill failed; the next start carries on');
  });
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

/** The activities whose track figures a change works out at once; more wait for the next read or start. */
const TRACK_FIGURES_PER_CHANGE = 200;

/**
 * New activities get their track figures (best efforts, heart-rate zones) after a change: those it
 * added or updated when it names them (a deletion names none to work out), any of the runner's
 * pending ones after a change that names none (a sync).
 */
export const trackFiguresReaction: ActivityReaction = {
  name: 'track figures',
  run: async (context, change) => {
    const { added, updated, removed } = change;
    const named =
      added === undefined && updated === undefined && removed === undefined
        ? undefined
        : [...(added ?? []), ...(updated ?? [])];
    await computePendingTrackFigures(context, TRACK_FIGURES_PER_CHANGE, change.userId, named);
  },
};
