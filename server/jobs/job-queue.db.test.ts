/**
 * The general job queue on the real database (PGlite, and PostgreSQL in CI): pg-boss creates its
 * schema, a job is handled once even with two queues (two app servers) on one database, a follow-up
 * runs after its job, a failing job is tried again, a job sent while a transaction is open on PGlite
 * waits for it instead of landing inside it, a prepared queue takes jobs before its workers start
 * (one after another), handlers run as background work, and stop() ends the job in hand and leaves
 * nothing open.
 */
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { isBackgroundWork } from '../db/query-priority.ts';
import { waitUntil } from '../test-support/strava.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-server.ts';
import { createJobQueue, type JobQueue, type QueueDefinition } from './job-queue.ts';

const logger = pino({ level: 'silent' });
const open: { queues: JobQueue[]; handles: DatabaseHandle[] } = { queues: [], handles: [] };

/** One database for the file (each test its own queue); opening one is the slow part. */
let shared: TestDatabase;
let sharedHandle: DatabaseHandle;

beforeAll(async () => {
  shared = await createTestDatabase();
  sharedHandle = await openDatabase({
    databaseUrl: shared.databaseUrl,
    pgliteDir: shared.pgliteDir ?? undefined,
    pgliteTemplate: shared.pgliteTemplate,
  });
}, 120_000);

afterEach(async () => {
  for (const queue of open.queues.splice(0)) {
    await queue.stop();
  }
  for (const handle of open.handles.splice(0)) {
    await handle.close();
  }
});

afterAll(async () => {
  await sharedHandle?.close();
  await shared?.destroy();
});

async function handleOn(target: TestDatabase): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir ?? undefined });
  open.handles.push(handle);
  return handle;
}

function queueOn(handle: DatabaseHandle): JobQueue {
  const queue = createJobQueue({ database: handle, logger, pollIntervalMs: 100 });
  open.queues.push(queue);
  return queue;
}

function definition<T extends object>(
  handler: QueueDefinition<T>['handler'],
  overrides: Partial<QueueDefinition<T>> = {},
): QueueDefinition<T> {
  return {
    name: 'test-queue',
    policy: 'standard',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 60,
    handler,
    ...overrides,
  };
}

describe('the general job queue', () => {
  it(
    'creates its schema and hands each job to exactly one of two queues on one database',
    { timeout: 120_000 },
    async () => {
      // PostgreSQL: a second connection pool, as a second app server has; PGlite: one database, one process.
      const first = sharedHandle;
      const second = shared.kind === 'postgres' ? await handleOn(shared) : first;
      const handled: { by: string; n: number; background: boolean }[] = [];
      const queues = [queueOn(first), queueOn(second)];
      queues.forEach((queue, index) =>
        queue.define<{ n: number }>(
          definition(async (job) => {
            handled.push({ by: `server-${index}`, n: job.n, background: isBackgroundWork() });
            return Promise.resolve(undefined);
          }),
        ),
      );
      await Promise.all(queues.map((queue) => queue.start()));
      for (let n = 0; n < 20; n += 1) {
        expect(await (queues[n % 2] as JobQueue).send('test-queue', { n })).toBe(true);
      }
      await waitUntil(() => handled.length >= 20, 'twenty jobs handled');
      expect(handled.map((entry) => entry.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      // Each job is marked done just after its handler returned.
      const completed = async () =>
        (
          await first.executeSql(
            `select count(*)::int as done from pgboss.job where name = 'test-queue' and state = 'completed'`,
          )
        ).rows[0]?.done;
      await waitUntil(async () => Number(await completed()) === 20, 'twenty jobs marked done');
      expect(handled).toHaveLength(20);
      // Handlers run as background work: on PGlite their queries give way to requests'.
      expect(handled.every((entry) => entry.background)).toBe(true);
    },
  );

  it(
    'runs a follow-up after its job, keeps one waiting job per key with the short policy, and retries a failure',
    { timeout: 60_000 },
    async () => {
      const handle = sharedHandle;
      const queue = queueOn(handle);
      const seen: string[] = [];
      let failures = 0;
      queue.define<{ step: number; key: string }>(
        definition(
          async (job) => {
            if (job.key === 'flaky' && failures === 0) {
              failures += 1;
              throw new Error('Strava is down');
            }
            seen.push(`${job.key}:${job.step}`);
            return Promise.resolve(
              job.step < 3
                ? { data: { step: job.step + 1, key: job.key }, options: { singletonKey: job.key } }
                : undefined,
            );
          },
          { name: 'chained', policy: 'short', retryLimit: 1, retryDelaySeconds: 0 },
        ),
      );
      await queue.start();
      expect(await queue.send('chained', { step: 1, key: 'a' }, { singletonKey: 'a', startAfterMs: 300 })).toBe(true);
      // A second waiting job for the same key is dropped by the short policy.
      expect(await queue.send('chained', { step: 1, key: 'a' }, { singletonKey: 'a' })).toBe(false);
      expect(await queue.send('chained', { step: 3, key: 'flaky' }, { singletonKey: 'flaky' })).toBe(true);
      await waitUntil(() => seen.length >= 4, 'the chain and the retried job');
      expect(seen.filter((entry) => entry.startsWith('a:'))).toEqual(['a:1', 'a:2', 'a:3']);
      expect(seen).toContain('flaky:3');
      expect(failures).toBe(1);
    },
  );

  it('never lands inside another request’s open transaction', { timeout: 60_000 }, async () => {
    const handle = sharedHandle;
    const queue = queueOn(handle);
    const handled: number[] = [];
    queue.define<{ n: number }>(
      definition(
        async (job) => {
          handled.push(job.n);
          return Promise.resolve(undefined);
        },
        { name: 'beside-transaction' },
      ),
    );
    await queue.start();
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A request's transaction that is still open when the job is sent, and then rolls back.
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      inside();
      await released;
      throw new Error('rolled back');
    });
    await entered;
    const sent = queue.send('beside-transaction', { n: 7 });
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await sent).toBe(true);
    await waitUntil(() => handled.includes(7), 'the job sent beside the transaction');
  });

  it(
    'on a start where its queue exists with the same settings, only reads it; changed settings are written',
    { timeout: 60_000 },
    async () => {
      const settings = { name: 'settled', retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 90 };
      const first = queueOn(sharedHandle);
      first.define(definition(async () => Promise.resolve(undefined), settings));
      await first.start();

      const statements: string[] = [];
      const recording = {
        executeSql: (text: string, values?: unknown[]) => {
          statements.push(text);
          return sharedHandle.executeSql(text, values);
        },
      };
      const restarted = createJobQueue({ database: recording, logger, pollIntervalMs: 100 });
      open.queues.push(restarted);
      restarted.define(definition(async () => Promise.resolve(undefined), settings));
      await restarted.start();
      expect(statements.filter((text) => /update\s+pgboss\.queue/i.test(text))).toEqual([]);

      statements.length = 0;
      const changed = createJobQueue({ database: recording, logger, pollIntervalMs: 100 });
      open.queues.push(changed);
      changed.define(definition(async () => Promise.resolve(undefined), { ...settings, retryLimit: 4 }));
      await changed.start();
      expect(statements.filter((text) => /update\s+pgboss\.queue/i.test(text))).toHaveLength(1);
      const stored = await sharedHandle.executeSql(`select retry_limit from pgboss.queue where name = 'settled'`);
      expect(stored.rows).toEqual([{ retry_limit: 4 }]);
    },
  );

  it(
    'takes jobs once prepared and looks for them only once started, one worker after another',
    { timeout: 60_000 },
    async () => {
      // Every look for jobs (pg-boss's fetch), as it begins and ends, with the queue it is for; the
      // first look's answer is held back until the test lets it through.
      const looks: string[] = [];
      let firstBegan!: () => void;
      const firstBegun = new Promise<void>((resolve) => (firstBegan = resolve));
      let letThrough!: () => void;
      const heldBack = new Promise<void>((resolve) => (letThrough = resolve));
      const recording = {
        executeSql: async (text: string, values?: unknown[]) => {
          const look = /for update skip locked/i.test(text) ? String(values?.[0]) : undefined;
          if (!look) {
            return sharedHandle.executeSql(text, values);
          }
          looks.push(`begin ${look}`);
          const result = await sharedHandle.executeSql(text, values);
          if (looks.length === 1) {
            firstBegan();
            await heldBack;
          }
          looks.push(`end ${look}`);
          return result;
        },
      };
      const queue = createJobQueue({ database: recording, logger, pollIntervalMs: 60_000 });
      open.queues.push(queue);
      const handled: string[] = [];
      for (const name of ['prepared-first', 'prepared-second']) {
        queue.define<{ n: number }>(
          definition(
            async (job) => {
              handled.push(`${name}:${job.n}`);
              return Promise.resolve(undefined);
            },
            { name },
          ),
        );
      }
      await queue.prepare();
      expect(await queue.send('prepared-second', { n: 1 })).toBe(true);
      expect(looks).toEqual([]);
      expect(handled).toEqual([]);

      const started = queue.start();
      await firstBegun;
      // Turns of the event loop while the first look is unanswered: the second worker waits.
      for (let turn = 0; turn < 10; turn += 1) {
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      expect(looks).toEqual(['begin prepared-first']);
      letThrough();
      await started;
      expect(looks.slice(0, 3)).toEqual(['begin prepared-first', 'end prepared-first', 'begin prepared-second']);
      await waitUntil(() => handled.length === 1, 'the job sent before the workers started');
      expect(handled).toEqual(['prepared-second:1']);
    },
  );

  it('stops with the job in hand: its signal aborts and stop() waits for it', { timeout: 60_000 }, async () => {
    const handle = sharedHandle;
    const queue = queueOn(handle);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let ended = false;
    queue.define<{ n: number }>(
      definition(
        async (_job, { signal }) => {
          started();
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
          ended = true;
          return undefined;
        },
        { name: 'stopping' },
      ),
    );
    await queue.start();
    await queue.send('stopping', { n: 1 });
    await running;
    open.queues.splice(open.queues.indexOf(queue), 1);
    await queue.stop();
    expect(ended).toBe(true);
    // The database is still usable and pg-boss left no query behind.
    expect((await handle.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('stops at once when the stop comes while a worker looks for jobs', { timeout: 60_000 }, async () => {
    // The first look's answer is held back until the stop has begun; the queue then waits an hour
    // between looks, so a worker that went idle after the stop would keep stop() waiting that long.
    let looking!: () => void;
    const lookBegun = new Promise<void>((resolve) => (looking = resolve));
    let letThrough!: () => void;
    const heldBack = new Promise<void>((resolve) => (letThrough = resolve));
    const recording = {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!/for update skip locked/i.test(text)) {
          return sharedHandle.executeSql(text, values);
        }
        looking();
        await heldBack;
        return sharedHandle.executeSql(text, values);
      },
    };
    const queue = createJobQueue({ database: recording, logger, pollIntervalMs: 3_600_000 });
    queue.define<{ n: number }>(definition(async () => Promise.resolve(undefined), { name: 'stopped-looking' }));
    const started = queue.start();
    await lookBegun;
    const stopped = queue.stop();
    letThrough();
    await started;
    await stopped;
    expect((await sharedHandle.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
