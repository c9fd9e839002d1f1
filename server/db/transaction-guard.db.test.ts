/**
 * The database handle's two promises about connections, on PGlite and PostgreSQL alike: a query on
 * `db` inside one of its transactions fails at once with an error naming it (on PGlite it would wait
 * for ever, on PostgreSQL run outside the transaction), and `.stream()` hands rows out a chunk at a
 * time as the database produces them, never the whole result at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-server.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { QueryOutsideTransactionError } from './transaction-guard.ts';

let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ fresh: true });
  database = await openDatabase({
    databaseUrl: testDatabase.databaseUrl,
    pgliteTemplate: testDatabase.pgliteTemplate,
  });
});

afterAll(async () => {
  await database.close();
  await testDatabase.destroy();
});

/** Rows of numbers 1…`count` through a volatile function: the sequence tells how many were produced. */
function numbered(count: number) {
  return database.db
    .selectFrom(sql<{ g: number }>`generate_series(1, ${count})`.as('g'))
    .select(sql<string>`nextval('stream_probe')::text`.as('n'));
}

describe('a query on db inside a transaction', () => {
  it('fails at once with an error naming the query, and the transaction goes on', async () => {
    const { db } = database;
    const outcome = await db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      const error: unknown = await sql`select ${7}::int as n`.execute(db).then(
        () => null,
        (failure: unknown) => failure,
      );
      const { rows } = await sql<{ n: number }>`select ${8}::int as n`.execute(trx);
      return { error, rows };
    });
    expect(outcome.error).toBeInstanceOf(QueryOutsideTransactionError);
    expect((outcome.error as Error).message).toBe(
      'A query on db ran inside an open transaction; run it on the transaction (trx) instead: select $1::int as n',
    );
    expect(outcome.rows).toEqual([{ n: 8 }]);
  });

  it('runs as usual once the transaction has ended, even from work the transaction started', async () => {
    const { db } = database;
    const later = await db
      .transaction()
      .execute((trx) =>
        sql`select 1`.execute(trx).then(() => () => sql<{ n: number }>`select ${9}::int as n`.execute(db)),
      );
    expect((await later()).rows).toEqual([{ n: 9 }]);
  });
});

describe('a stream', () => {
  beforeAll(() => sql`create sequence stream_probe`.execute(database.db));

  it('hands out the rows produced before a failure further on, a chunk at a time', async () => {
    const failing = database.db
      .selectFrom(sql<{ g: number }>`generate_series(1, 10000)`.as('g'))
      .select(sql<number>`case when g = 5000 then 1 / (g - 5000) else g end`.as('n'));
    const received: number[] = [];
    const error: unknown = await (async () => {
      for await (const row of failing.stream(100)) {
        received.push(Number(row.n));
      }
    })().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect((error as Error).message).toBe('division by zero');
    expect(received).toEqual(Array.from({ length: 4900 }, (_, index) => index + 1));
    // The connection is free and out of the failed stream's transaction.
    expect((await sql<{ n: number }>`select ${1}::int as n`.execute(database.db)).rows).toEqual([{ n: 1 }]);
  });

  it('makes the database produce only the chunks read: a reader that stops early costs no more', async () => {
    await sql`select setval('stream_probe', 1, false)`.execute(database.db);
    const read: string[] = [];
    for await (const row of numbered(100_000).stream(100)) {
      read.push(row.n);
      if (read.length === 150) {
        break;
      }
    }
    expect(read).toEqual(Array.from({ length: 150 }, (_, index) => String(index + 1)));
    const { rows } = await sql<{ produced: string }>`select last_value::text as produced from stream_probe`.execute(
      database.db,
    );
    expect(rows).toEqual([{ produced: '200' }]);
  });

  it('streams inside a transaction on its connection, which goes on after the reader stops', async () => {
    await sql`select setval('stream_probe', 1, false)`.execute(database.db);
    const { db } = database;
    const outcome = await db.transaction().execute(async (trx) => {
      const first: string[] = [];
      for await (const row of trx
        .selectFrom(sql<{ g: number }>`generate_series(1, 100000)`.as('g'))
        .select(sql<string>`nextval('stream_probe')::text`.as('n'))
        .stream(50)) {
        first.push(row.n);
        if (first.length === 50) {
          break;
        }
      }
      const { rows } = await sql<{ produced: string }>`select last_value::text as produced from stream_probe`.execute(
        trx,
      );
      return { first: first.length, rows };
    });
    expect(outcome).toEqual({ first: 50, rows: [{ produced: '50' }] });
  });
});
