/**
 * The general job queue: background work with retries that is not the Strava sync (which keeps its
 * own leased job table, DESIGN.md "Background jobs"). pg-boss keeps the jobs in the app's own
 * database, on PostgreSQL and on PGlite alike, through the `db` adapter it accepts: every query goes
 * through DatabaseHandle.executeSql, which takes the same connection as Kysely, so on PGlite a job
 * query never lands inside another request's open transaction. pg-boss's tables live in its own
 * schema (`pgboss`), created by pg-boss itself on first start; several app servers on one
 * PostgreSQL database share the jobs (a job is handed to one server, `FOR UPDATE SKIP LOCKED`).
 *
 * Each queue is declared with its handler before prepare() or start(). A handler gets the job's data and a
 * signal that aborts when the server stops; it may name one follow-up job, sent once the job is
 * marked done (so a queue that keeps one waiting job per key can chain slices of work). A handler
 * that throws fails the job, which pg-boss retries as the queue says. The worker loop is Stride's
 * own (pg-boss `fetch` / `complete` / `fail`), so a stop waits for the job in hand and for pg-boss's
 * last queries, and leaves no timer behind.
 */
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { REAL_CLOCK, type Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { runInBackground } from '../db/query-priority.ts';

/** pg-boss's policies: 'short' keeps at most one waiting job per singleton key (sends beyond it are dropped). */
export type QueuePolicy = 'standard' | 'short';

export interface SendOptions {
  /** With the 'short' policy: one waiting job per key. */
  singletonKey?: string;
  /** Not before this many milliseconds from now. */
  startAfterMs?: number;
}

export interface FollowUp<T> {
  data: T;
  options?: SendOptions;
}

export interface JobContext {
  /** Aborts when the server stops: the handler ends its work in hand and returns or throws. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<FollowUp<T> | undefined>;

export interface QueueDefinition<T> {
  name: string;
  policy: QueuePolicy;
  /** Tries after the first that fail, spaced `retryDelaySeconds` (doubling with `retryBackoff`). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff?: boolean;
  /** A job still active this long after it started (its server died) is failed and retried. */
  expireInSeconds: number;
  handler: JobHandler<T>;
}

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'executeSql'>;
  logger: Logger;
  /** How often an idle queue asks the database for due jobs (jobs sent on this server wake it at once). */
  pollIntervalMs?: number;
  /** Times the idle queues' waits (REAL_CLOCK otherwise). */
  clock?: Clock;
}

export interface JobQueue {
  /** Declares a queue and the handler of its jobs; before prepare() and start(). */
  define<T extends object>(definition: QueueDefinition<T>): void;
  /** Creates pg-boss's schema when missing and the declared queues: jobs can be sent from then on. */
  prepare(): Promise<void>;
  /**
   * Prepares (once), then starts one worker per queue, each after the one before has had its first
   * look for jobs and the event loop a turn: a worker's first look plans pg-boss's query on a fresh
   * database connection (tens of milliseconds on PGlite), and requests go in between those looks
   * instead of waiting for all of them. Resolves once every worker runs.
   */
  start(): Promise<void>;
  /** Queues a job; returns false when the queue's policy dropped it as a repeat. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<boolean>;
  /** Stops the workers (the job in hand sees its signal abort), then waits for pg-boss's last queries. */
  stop(): Promise<void>;
}

const DEFAULT_POLL_INTERVAL_MS = 5000;
const QUEUE_CREATE_ATTEMPTS = 5;

/** pg-boss's database interface over the app's own connection, counting the queries in flight. */
function bossDb(database: Pick<DatabaseHandle, 'executeSql'>) {
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
      const query = database.executeSql(text, values ?? []);
      inFlight.add(query);
      const forget = () => inFlight.delete(query);
      query.then(forget, forget);
      return query;
    },
    /** Settles once every query pg-boss started has (pg-boss does not await each one itself). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}

/** The settings Stride gives a queue, all equal in the stored queue and the declared one. */
function sameSettings(stored: PgBoss.Queue, declared: PgBoss.Queue): boolean {
  return (
    stored.policy === declared.policy &&
    stored.retryLimit === declared.retryLimit &&
    stored.retryDelay === declared.retryDelay &&
    stored.retryBackoff === declared.retryBackoff &&
    stored.expireInSeconds === declared.expireInSeconds
  );
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const logger = options.logger.child({ module: 'jobs' });
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const clock = options.clock ?? REAL_CLOCK;
  const db = bossDb(options.database);
  // No cron schedules yet (`schedule: false` keeps pg-boss's clock monitor off); maintenance
  // (expiring jobs of servers that died, archiving, deleting) runs on one server at a time.
  const boss = new PgBoss({ db, schedule: false, supervise: true });
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  const definitions = new Map<string, QueueDefinition<object>>();
  const stopping = new AbortController();
  const wakers = new Map<string, () => void>();
  const loops: Promise<void>[] = [];
  let started = false;
  let prepared: Promise<void> | undefined;
  let workersStarted: Promise<void> | undefined;

  /** Resolves after `ms` by the clock, at once when the queue is woken or the queue stops. */
  function idle(name: string, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      // An abort before the listener is added never fires it: a stop during the last look ends here.
      if (stopping.signal.aborted) {
        resolve();
        return;
      }
      const done = () => {
        cancel();
        wakers.delete(name);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const cancel = clock.after(ms, done);
      wakers.set(name, done);
      stopping.signal.addEventListener('abort', done, { once: true });
    });
  }

  async function runOne(definition: QueueDefinition<object>, looked?: () => void): Promise<boolean> {
    const [job] = await boss.fetch<object>(definition.name, { batchSize: 1 });
    looked?.();
    if (!job) {
      return false;
    }
    let followUp: FollowUp<object> | undefined;
    try {
      followUp = await definition.handler(job.data, { signal: stopping.signal });
    } catch (error) {
      logger.warn({ err: error, queue: definition.name, jobId: job.id }, 'job failed; pg-boss retries it');
      await boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
      return true;
    }
    await boss.complete(definition.name, job.id);
    if (followUp) {
      await send(definition.name, followUp.data, followUp.options);
    }
    return true;
  }

  /** A worker's loop; `looked` hears the end of its first look for jobs (found, empty or failed). */
  async function work(definition: QueueDefinition<object>, looked?: () => void): Promise<void> {
    let firstLook = looked;
    while (!stopping.signal.aborted) {
      let worked = false;
      try {
        worked = await runOne(definition, firstLook);
      } catch (error) {
        firstLook?.();
        if (stopping.signal.aborted) {
          return;
        }
        logger.warn({ err: error, queue: definition.name }, 'job queue worker could not fetch or finish a job');
      }
      firstLook = undefined;
      if (!worked) {
        await idle(definition.name, pollIntervalMs);
      }
    }
    firstLook?.();
  }

  async function send(name: string, data: object, sendOptions: SendOptions = {}): Promise<boolean> {
    const definition = definitions.get(name);
    if (!definition) {
      throw new Error(`No job queue named ${name}`);
    }
    const id = await boss.send(name, data, {
      ...(sendOptions.singletonKey === undefined ? {} : { singletonKey: sendOptions.singletonKey }),
      // In seconds from the database's own now(), the time pg-boss hands jobs out by.
      ...(sendOptions.startAfterMs ? { startAfter: sendOptions.startAfterMs / 1000 } : {}),
    });
    if (id !== null && !sendOptions.startAfterMs) {
      wakers.get(name)?.();
    }
    return id !== null;
  }

  /**
   * Creates the queue, or brings an existing one's settings in line (a write only when one differs,
   * so a start on a database whose queues are up to date only reads them). Another app server starting at
   * the same moment may be creating it too: then one of the two fails (a duplicate, or PostgreSQL
   * ending one side of a deadlock between the two partition tables), and the next look finds the
   * queue the other made once its transaction has committed.
   */
  async function ensureQueue(name: string, queue: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const existing = await boss.getQueue(name);
      if (existing) {
        if (!sameSettings(existing, queue)) {
          await boss.updateQueue(name, queue);
        }
        return;
      }
      try {
        await boss.createQueue(name, queue);
        return;
      } catch (error) {
        if (attempt === QUEUE_CREATE_ATTEMPTS) {
          throw error;
        }
        logger.debug({ err: error, queue: name }, 'job queue created by another server at the same time');
      }
    }
  }

  function prepare(): Promise<void> {
    prepared ??= (async () => {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const queue = {
          name: definition.name,
          policy: definition.policy,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: definition.retryBackoff ?? false,
          expireInSeconds: definition.expireInSeconds,
        };
        await ensureQueue(definition.name, queue);
      }
    })();
    return prepared;
  }

  async function startWorkers(): Promise<void> {
    await prepare();
    for (const definition of definitions.values()) {
      if (stopping.signal.aborted) {
        return;
      }
      let looked: () => void = () => undefined;
      const firstLook = new Promise<void>((resolve) => (looked = resolve));
      // Jobs are background work: on PGlite their queries give way to requests' (db/query-priority.ts).
      loops.push(runInBackground(() => work(definition, looked)));
      await firstLook;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  return {
    define(definition) {
      if (started) {
        throw new Error('Job queues are declared before the queue starts');
      }
      // The queue's name ties its jobs' data to this handler's type (jobs are JSON in the database).
      definitions.set(definition.name, definition as unknown as QueueDefinition<object>);
    },
    prepare,
    start() {
      workersStarted ??= startWorkers();
      return workersStarted;
    },
    send,
    async stop() {
      stopping.abort(new Error('Stride is stopping'));
      await workersStarted?.catch(() => undefined);
      await Promise.all(loops);
      if (started) {
        await boss.stop({ graceful: false, close: false, wait: true });
      }
      await db.settled();
    },
  };
}
