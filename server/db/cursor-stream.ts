/**
 * Kysely's `.stream()` on both databases: the query runs behind a server-side cursor (DECLARE …
 * CURSOR, FETCH FORWARD n), so the database produces and hands over one chunk of rows at a time and
 * memory holds at most one chunk, however large the result. A cursor lives in a transaction: inside
 * one it uses it (and closes the cursor when the reader stops), outside it opens its own around the
 * stream. PGlite's connection (pglite-dialect.ts) streams this way; on PostgreSQL
 * `withCursorStreams` gives node-postgres' connections the same.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Names each stream's cursor apart from the others of the session. */
let cursors = 0;

/**
 * The rows of `compiled`, `chunkSize` at a time, through a cursor on `connection`; `inTransaction`
 * says whether the connection is inside a transaction already.
 */
export async function* streamThroughCursor<R>(
  connection: Pick<DatabaseConnection, 'executeQuery'>,
  compiled: CompiledQuery,
  chunkSize: number,
  inTransaction: boolean,
): AsyncIterableIterator<QueryResult<R>> {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) {
    throw new Error(`A stream's chunk size is a positive whole number, not ${chunkSize}.`);
  }
  cursors += 1;
  const cursor = `stride_stream_${cursors}`;
  const run = (text: string) => connection.executeQuery(CompiledQuery.raw(text));
  let failed = false;
  if (!inTransaction) {
    await run('begin');
  }
  try {
    await connection.executeQuery(
      CompiledQuery.raw(`declare ${cursor} no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
    );
    for (;;) {
      const { rows } = await connection.executeQuery<R>(CompiledQuery.raw(`fetch forward ${chunkSize} from ${cursor}`));
      if (rows.length > 0) {
        yield { rows };
      }
      if (rows.length < chunkSize) {
        return;
      }
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A reader that stopped early ends here too: the cursor goes with the stream's own transaction,
    // or is closed in the caller's (which, after a failure, only a rollback can end).
    if (!inTransaction) {
      await run(failed ? 'rollback' : 'commit');
    } else if (!failed) {
      await run(`close ${cursor}`);
    }
  }
}

/** A connection whose streams go through a cursor; it knows whether it is inside a transaction. */
class CursorStreamingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    return streamThroughCursor<R>(this.inner, compiled, chunkSize, this.inTransaction);
  }
}

class CursorStreamingDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, CursorStreamingConnection>();

  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.driver.acquireConnection();
    let connection = this.#wrapped.get(inner);
    if (connection === undefined) {
      connection = new CursorStreamingConnection(inner);
      this.#wrapped.set(inner, connection);
    }
    return connection;
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection((connection as CursorStreamingConnection).inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const streaming = connection as CursorStreamingConnection;
    await this.driver.beginTransaction(streaming.inner, settings);
    streaming.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const streaming = connection as CursorStreamingConnection;
    streaming.inTransaction = false;
    await this.driver.commitTransaction(streaming.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const streaming = connection as CursorStreamingConnection;
    streaming.inTransaction = false;
    await this.driver.rollbackTransaction(streaming.inner);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

/** `dialect` (node-postgres') with its connections' streams going through a cursor. */
export function withCursorStreams(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new CursorStreamingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
