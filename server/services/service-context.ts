/**
 * The context every service shares (database, live events, logger, clock), and on it the one seam
 * for "activities changed".
 *
 * Every writer of activities (an upload, a manual entry, an edit, a confirmation, a deletion, the
 * samples, an undone deletion, a re-derive pass, a Strava sync, webhook, back-fill or disconnection) announces its
 * change on `changes` once its own transaction has committed. The reactions the composition root
 * registered (services.ts) then follow one after the other, in the order they were registered. A
 * writer knows none of them; a new reaction is one registered line.
 */
import type { Logger } from 'pino';
import type { UnitsOfWork } from '../cache/unit-of-work.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { EventHub } from '../events/event-hub.ts';

/** Who changed the activities: the writer, not the reactions, names it. */
export type ActivityChangeSource =
  | 'upload'
  | 'manual'
  | 'edit'
  | 'confirm'
  | 'delete'
  | 'restore'
  | 'samples'
  | 'rederive'
  | 'strava-sync'
  | 'strava-webhook'
  | 'strava-backfill'
  | 'strava-disconnect';

export interface ActivitiesChange {
  userId: string;
  source: ActivityChangeSource;
  /**
   * The activities the writer added, updated or removed, where it knows them one by one. A bulk
   * change (a sync, a disconnection, a re-derive pass) names none: the reactions work from what is
   * pending in the stored rows either way.
   */
  added?: readonly string[];
  updated?: readonly string[];
  removed?: readonly string[];
  /** The runner's time zone, when the change came from their browser (the medals' "today"). */
  timeZone?: string | undefined;
  /**
   * A page of a sync still running: only the reactions marked `duringSync` follow at once (the
   * totals and open pages grow with the list); the rest come with the sync's own change at its end.
   */
  partial?: boolean;
  /**
   * Only texts changed (a name, a description, private notes): no figure, type, date, gear or
   * counting that anything is worked out from. Only the reactions marked `followsTexts` follow.
   */
  textsOnly?: boolean;
}

export interface ActivityReaction {
  /** Names it in the log when it fails, and in {@link ActivityChanges.reactions}. */
  name: string;
  /** Also follows each page of a sync still running ({@link ActivitiesChange.partial}). */
  duringSync?: boolean;
  /** Also follows a change of texts alone ({@link ActivitiesChange.textsOnly}): it shows them. */
  followsTexts?: boolean;
  /**
   * Its failure fails the change (the writer's caller sees it: totals never go stale silently).
   * Any other reaction's failure is logged, never shown, and the next reaction still runs.
   */
  required?: boolean;
  run(context: ServiceContext, change: ActivitiesChange): Promise<void>;
}

export interface ActivityChanges {
  /** Adds a reaction after those registered before it. */
  register(reaction: ActivityReaction): void;
  /** The registered reactions' names, in the order they run. */
  reactions(): string[];
  /** Runs the reactions for one change, in order. */
  changed(change: ActivitiesChange): Promise<void>;
}

export interface ServiceContext {
  db: Db;
  events: EventHub;
  logger: Logger;
  clock: Clock;
  /**
   * The units of work (server/cache/unit-of-work.ts): what a use case or job writes drops the cached
   * reads of those tables as it ends. A context built without them (a test's pass) drops nothing.
   */
  units: UnitsOfWork;
  /** The "activities changed" seam. */
  changes: ActivityChanges;
}

/** One context for all services, with an empty seam the composition root then registers into. */
export function createServiceContext(
  base: Omit<ServiceContext, 'changes' | 'units'> & { units?: UnitsOfWork },
): ServiceContext {
  const registered: ActivityReaction[] = [];
  const context: ServiceContext = {
    ...base,
    units: base.units ?? NO_UNITS,
    changes: {
      register: (reaction) => void registered.push(reaction),
      reactions: () => registered.map((reaction) => reaction.name),
      changed: async (change) => {
        for (const reaction of [...registered]) {
          if ((change.partial && !reaction.duringSync) || (change.textsOnly && !reaction.followsTexts)) {
            continue;
          }
          if (reaction.required) {
            await reaction.run(context, change);
            continue;
          }
          try {
            await reaction.run(context, change);
          } catch (error) {
            context.logger.warn(
              { err: error, userId: change.userId, source: change.source },
              `${reaction.name} after an activity change failed`,
            );
          }
        }
      },
    },
  };
  return context;
}

/** Units of work that record nothing and drop nothing: a context without caches. */
const NO_UNITS: UnitsOfWork = {
  run: (_userId, work) => work(),
  flush: () => Promise.resolve(),
  settled: () => Promise.resolve(),
};

/**
 * The cached reads that read a table the change's unit of work wrote so far are dropped, here and
 * on every other app server. Registered after every reaction that writes, so nothing they write can
 * be read back stale, and before the open pages hear of the change, so what they read again is
 * fresh; it follows each page of a sync too.
 */
export const readCacheReaction: ActivityReaction = {
  name: 'read cache',
  duringSync: true,
  followsTexts: true,
  run: (context) => context.units.flush(),
};

/** Open pages hear of the change (their lists, totals and charts refetch): registered last. */
export const livePublishReaction: ActivityReaction = {
  name: 'live publish',
  duringSync: true,
  followsTexts: true,
  run: (context, change) => context.events.publish(change.userId, { type: 'activities-changed' }),
};
