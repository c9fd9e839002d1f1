/**
 * Builds the one context every domain's wiring takes (WiringContext, declared in
 * service-context.ts; the wiring modules are listed by services.ts): the service context (database,
 * live events, logger, clock, the "activities changed" seam, the units of work) and what the root
 * builds once for all (configuration, job queue, import pool, mailer, read and session caches).
 *
 * Caches follow the writes: every use case a domain returns runs as a unit of work (useCases
 * below), every job of the queue as one of its runner, and a live event first drops what the unit
 * wrote so far, so a page told to read again reads fresh answers.
 */
import type { Logger } from 'pino';
import { SESSION_LIFETIME_S, SESSION_UPDATE_AGE_S } from '../../auth/auth.ts';
import type { PasswordHashing } from '../../auth/password-hashing.ts';
import { createLocalInvalidationBus, type InvalidationBus } from '../../cache/invalidation-bus.ts';
import { createReadCache } from '../../cache/read-cache.ts';
import { createSessionCache } from '../../cache/session-cache.ts';
import { createUnitsOfWork, type UnitsOfWork } from '../../cache/unit-of-work.ts';
import { REAL_CLOCK, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { foreignKeyDependents } from '../../db/touched-tables.ts';
import type { EventHub } from '../../events/event-hub.ts';
import type { JobQueue, QueueDefinition } from '../../jobs/job-queue.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { ImportPool } from '../import-pool.ts';
import { createServiceContext, type WiringContext } from '../service-context.ts';

export interface ServiceDeps {
  db: Db;
  events: EventHub;
  logger: Logger;
  /** Time for every service (medals, analytics, imports, sign-in throttle, samples). */
  clock: Clock;
  /** Only the Strava client's waits (retries, spacing); defaults to `clock`. Tests shorten them. */
  stravaClock?: Clock;
  config: Config;
  /** Worker threads that parse uploaded files and re-derive stored ones. */
  importPool: ImportPool;
  /** The general background job queue (server/jobs/job-queue.ts); services declare their queues on it. */
  jobs: JobQueue;
  /**
   * What the caches must forget, shared by every app server (LISTEN/NOTIFY, server/cache/); without
   * one the caches are invalidated within this process only.
   */
  invalidations?: InvalidationBus;
  /** The time session expiry is judged by: better-auth's, the machine's (tests move it). */
  sessionClock?: Clock;
  /** Test servers only: passwords hashed at a test's scrypt cost instead of better-auth's. */
  passwordHashing?: PasswordHashing;
}

/** The runner a use case's first argument names: a user id, or a session's user; none otherwise. */
function runnerOf(first: unknown): string | null {
  if (typeof first === 'string') {
    return first;
  }
  const id = (first as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/** The job's runner: its data's `userId`, when it has one. */
function jobRunner(data: object): string | null {
  const { userId } = data as { userId?: unknown };
  return typeof userId === 'string' ? userId : null;
}

const PUBLIC = new WeakSet<object>();

/** A use case whose string argument is a token, a name or an address, not a runner's id. */
export function publicUseCase<F extends (...args: never[]) => unknown>(useCase: F): F {
  PUBLIC.add(useCase);
  return useCase;
}

/**
 * The domain's use cases, each run as a unit of work of the runner its first argument names (none
 * for a public one): what it writes drops exactly the cached reads of those tables as it ends.
 */
export function useCases<T extends object>(units: UnitsOfWork, domain: T): T {
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(domain)) {
    if (typeof value === 'function') {
      const useCase = value as (...args: unknown[]) => unknown;
      const isPublic = PUBLIC.has(useCase);
      bound[name] = (...args: unknown[]) => units.run(isPublic ? null : runnerOf(args[0]), () => useCase(...args));
    } else {
      bound[name] = value;
    }
  }
  return bound as T;
}

/** Work started now that goes on in the background (a start-up pass): one unit of work of no runner. */
export function inBackgroundUnit<R extends { done: Promise<void> }>(units: UnitsOfWork, start: () => R): R {
  let runner: R | undefined;
  const done = units.run(null, () => {
    runner = start();
    return runner.done;
  });
  return { ...(runner as unknown as R), done };
}

/** Live events that first drop what the current unit of work wrote so far. */
function flushingEvents(events: EventHub, units: UnitsOfWork): EventHub {
  return {
    publish: async (userId, event) => {
      await units.flush();
      await events.publish(userId, event);
    },
    subscribe: (userId, listener, onEnd) => events.subscribe(userId, listener, onEnd),
    endSubscriptions: () => events.endSubscriptions(),
    close: () => events.close(),
  };
}

/** The job queue whose every job runs as a unit of work of the runner its data names. */
function jobsInUnits(jobs: JobQueue, units: UnitsOfWork): JobQueue {
  return {
    define: <T extends object>(definition: QueueDefinition<T>) =>
      jobs.define<T>({
        ...definition,
        handler: (data: T, context) => units.run(jobRunner(data), () => definition.handler(data, context)),
      }),
    prepare: () => jobs.prepare(),
    start: () => jobs.start(),
    send: (name, data, options) => jobs.send(name, data, options),
    stop: () => jobs.stop(),
  };
}

export function createWiringContext(deps: ServiceDeps): WiringContext {
  const { db, logger, clock, config } = deps;
  const bus = deps.invalidations ?? createLocalInvalidationBus();
  const reads = createReadCache({
    bus,
    now: () => clock.now(),
    maxBytes: config.readCacheMaxBytes,
    enabled: config.readCache,
  });
  const sessionClock = deps.sessionClock ?? REAL_CLOCK;
  const sessions = createSessionCache({
    bus,
    now: () => sessionClock.now(),
    lifetimeMs: SESSION_LIFETIME_S * 1000,
    updateAgeMs: SESSION_UPDATE_AGE_S * 1000,
  });
  const units = createUnitsOfWork(reads, () => foreignKeyDependents(db), sessions);
  const context = createServiceContext({ db, events: flushingEvents(deps.events, units), logger, clock, units });
  return Object.assign(context, {
    config,
    jobs: jobsInUnits(deps.jobs, units),
    importPool: deps.importPool,
    mailer: createMailer(config.mail, logger),
    reads,
    sessions,
    sessionClock,
    stravaClock: deps.stravaClock ?? clock,
    passwordHashing: deps.passwordHashing,
  });
}

/**
 * The key of a read that depends on the time: it names the time zone and the current span of
 * `spanMs` (the quarter hour for today's tasks, the minute for the readiness, whose reminder starts
 * at a chosen minute).
 */
export const timeKey = (
  ctx: Pick<WiringContext, 'clock'>,
  name: string,
  timeZone: string | undefined,
  spanMs: number,
) => `${name}:${timeZone ?? ''}:${Math.floor(ctx.clock.now() / spanMs)}`;
