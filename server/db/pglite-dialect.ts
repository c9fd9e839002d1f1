/**
 * Kysely on PGlite: one in-process connection, handed to one user at a time, requests before
 * background work (query-priority.ts). A request waits at most for the query or transaction in hand;
 * background work takes the connection only on a turn of the event loop with no request waiting (so
 * a request that has just arrived, or the next query of one under way, goes first), and never waits
 * more than BACKGROUND_MOST_WAIT_MS while requests keep it busy, so an import still moves under load.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { streamThroughCursor } from './cursor-stream.ts';
import { isBackgroundWork } from './query-priority.ts';

/** The longest a background query waits behind requests before it is served among them. */
export const BACKGROUND_MOST_WAIT_MS = 50;

export interface PgliteDialectOptions {
  /** Milliseconds, for the background wait (tests step it by hand). */
  now?: () => number;
}

class PgliteConnection implements DatabaseConnection {
  /** Set by the driver between BEGIN and COMMIT or ROLLBACK. */
  inTransaction = false;

  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(compiled.sql, [...compiled.parameters]);
    return result.affectedRows === undefined
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }

  /** A chunk at a time through a cursor (cursor-stream.ts): memory holds one chunk, not the result. */
  streamQuery<R>(compiled: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    return streamThroughCursor<R>(this, compiled, chunkSize, this.inTransaction);
  }
}

type Grant = (connection: DatabaseConnection) => void;

class PgliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: PgliteConnection;
  readonly #now: () => number;
  #busy = false;
  #turnPending = false;
  readonly #requests: Grant[] = [];
  readonly #background: { grant: Grant; since: number }[] = [];

  constructor(client: PGlite, options: PgliteDialectOptions) {
    this.#client = client;
    this.#connection = new PgliteConnection(client);
    this.#now = options.now ?? (() => performance.now());
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (isBackgroundWork()) {
      return new Promise((grant) => {
        this.#background.push({ grant, since: this.#now() });
        this.#offerBackgroundTurn();
      });
    }
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((grant) => this.#requests.push(grant));
  }

  releaseConnection(): Promise<void> {
    this.#handOn();
    return Promise.resolve();
  }

  /** The connection to whoever is next: background work that waited the most, else a request, else a turn. */
  #handOn(): void {
    const oldest = this.#background[0];
    if (oldest && this.#now() - oldest.since >= BACKGROUND_MOST_WAIT_MS) {
      this.#background.shift();
      oldest.grant(this.#connection);
      return;
    }
    const request = this.#requests.shift();
    if (request) {
      request(this.#connection);
      return;
    }
    this.#busy = false;
    this.#offerBackgroundTurn();
  }

  /** On the next turn of the event loop, the connection to the first background query if no request took it. */
  #offerBackgroundTurn(): void {
    if (this.#turnPending || this.#busy || this.#background.length === 0) {
      return;
    }
    this.#turnPending = true;
    setImmediate(() => {
      this.#turnPending = false;
      if (this.#busy) {
        return;
      }
      const next = this.#background.shift();
      if (next) {
        this.#busy = true;
        next.grant(this.#connection);
      }
    });
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    await connection.executeQuery(CompiledQuery.raw(begin));
    this.#connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#connection.inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#connection.inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

export class PgliteDialect implements Dialect {
  constructor(
    private readonly client: PGlite,
    private readonly options: PgliteDialectOptions = {},
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.client, this.options);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
