/**
 * PGlite's one connection: requests before background work, background work never starved for
 * longer than BACKGROUND_MOST_WAIT_MS, and a transaction never entered by anyone else. On a real
 * in-memory PGlite; the background wait's clock is stepped by hand.
 */
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-open.ts';
import { BACKGROUND_MOST_WAIT_MS, PgliteDialect } from './pglite-dialect.ts';
import { isBackgroundWork, runInBackground } from './query-priority.ts';

/** PGlite's start is a guard here, not a budget: a loaded machine takes seconds. */
const START_TIMEOUT_MS = 120_000;
let database: Kysely<Record<string, never>>;
let now = 0;

beforeAll(async () => {
  database = new Kysely({ dialect: new PgliteDialect(await openPglite({}), { now: () => now }) });
}, START_TIMEOUT_MS);

beforeEach(() => {
  now = 0;
});

afterAll(() => database.destroy());

/** One query that says who asked it, in the order the connection was handed out. */
function query(who: string, order: string[]): Promise<void> {
  return sql`select 1`.execute(database).then(() => {
    order.push(who);
  });
}

/** A transaction held open until `release` is called, once it has the connection. */
function heldTransaction() {
  let release = () => {};
  let started = () => {};
  const holding = new Promise<void>((resolve) => (started = resolve));
  const done = database.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    started();
    await new Promise<void>((resolve) => (release = resolve));
  });
  return { holding, done, release: () => release() };
}

describe('the PGlite connection, handed out in turn', () => {
  it('serves a request asked for after background work first', async () => {
    const order: string[] = [];
    const background = runInBackground(() => query('background', order));
    const request = query('request', order);
    await Promise.all([background, request]);
    expect(order).toEqual(['request', 'background']);
  });

  /**
   * Background work and two requests queued behind a held transaction, the background work having
   * waited `waitedMs` when the transaction ends: the order they were served in.
   */
  async function orderAfterTransaction(waitedMs: number): Promise<string[]> {
    const order: string[] = [];
    const held = heldTransaction();
    await held.holding;
    const background = runInBackground(() => query('background', order));
    const first = query('first request', order);
    const second = query('second request', order);
    now += waitedMs;
    held.release();
    await Promise.all([held.done, background, first, second]);
    return order;
  }

  it('serves requests waiting behind a transaction before background work that waited less than the most', async () => {
    expect(await orderAfterTransaction(BACKGROUND_MOST_WAIT_MS - 1)).toEqual([
      'first request',
      'second request',
      'background',
    ]);
  });

  it('serves background work that waited the most before the requests still waiting', async () => {
    expect(await orderAfterTransaction(BACKGROUND_MOST_WAIT_MS)).toEqual([
      'background',
      'first request',
      'second request',
    ]);
  });

  it('lets no request into a background transaction', async () => {
    await sql`create table steps (step text)`.execute(database);
    const order: string[] = [];
    let inside = () => {};
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = runInBackground(() =>
      database.transaction().execute(async (trx) => {
        await sql`insert into steps values ('one')`.execute(trx);
        inside();
        await new Promise<void>((resolve) => setImmediate(resolve));
        await sql`insert into steps values ('two')`.execute(trx);
        order.push('transaction committed');
      }),
    );
    await entered;
    const seen = sql<{ count: number }>`select count(*)::int as count from steps`.execute(database).then(({ rows }) => {
      order.push(`request saw ${rows[0]?.count}`);
    });
    await Promise.all([transaction, seen]);
    expect(order).toEqual(['transaction committed', 'request saw 2']);
  });

  it('tells background work from a request’s', async () => {
    expect(isBackgroundWork()).toBe(false);
    await expect(runInBackground(() => Promise.resolve(isBackgroundWork()))).resolves.toBe(true);
  });
});
