/**
 * Opens the database: PGlite (PostgreSQL in WASM, in-process, data in DATA_DIR/pglite) by default,
 * PostgreSQL when DATABASE_URL is set. One schema and one migration history serve both.
 */
import path from 'node:path';
import {
  CamelCasePlugin,
  CompiledQuery,
  type Kysely,
  Migrator,
  sql,
  PostgresDialect,
  type Dialect,
  type KyselyPlugin,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import type { DatabaseKind } from '../config.ts';
import { ensurePrivateDirectory } from '../security/private-directory.ts';
import { REAL_CLOCK, type Clock } from '../clock.ts';
import { PgliteDialect } from './pglite-dialect.ts';
import { openPglite } from './pglite-open.ts';
import { withCursorStreams } from './cursor-stream.ts';
import { GuardedKysely } from './transaction-guard.ts';
import { tableRecorder } from './touched-tables.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Refreshes the query planner's statistics where nothing else does (PGlite has no autovacuum). */
  maintain(): Promise<void>;
  /**
   * LISTEN on a channel: PGlite delivers in-process, PostgreSQL through a dedicated connection, so
   * a NOTIFY from any app server reaches every listener. Returns the function that stops listening.
   * On PostgreSQL a LISTEN connection the database ends is opened again (after 0.5 s, doubling up to
   * 30 s); `onResumed` is then called, since what was notified in between never arrived.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  /**
   * NOTIFY on a channel, heard by every listener of every app server. PGlite lives in this process
   * and the data folder's lock keeps every other server out, so there it is handed to this
   * process's listeners at once, without the database.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Raw SQL for code that brings its own (the job queue, server/jobs/job-queue.ts): rows exactly as
   * the database names them. Without values the text may hold several statements. It takes the
   * same connection as Kysely's queries, so on PGlite (one connection, handed out in turn) it never
   * lands inside another request's open transaction; the rows are those of the last statement.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * PGlite only: one consistent image of the data folder (a tar, what `loadDataDir` takes). `read`
   * runs first on the one connection, which stays held until the image is taken, so no other query
   * or transaction comes in between; a CHECKPOINT then writes every changed page to the files, and
   * PGlite's `dumpDataDir` reads them all into the tar in one synchronous pass (the whole folder is
   * in memory for that moment). PostgreSQL has pg_dump for this (server/db/pg-dump.ts).
   */
  snapshot?: <T>(read: (db: Kysely<Database>) => Promise<T>) => Promise<{ image: Blob; read: T }>;
  close(): Promise<void>;
}

export type QueryListener = (sql: string, parameters: readonly unknown[], durationMs: number) => void;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without one PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * Tests: a PGlite data folder dumped by `dumpDataDir()` (an already migrated template) to start
   * from instead of an empty database; the folder, when given, must not hold a database yet.
   */
  pgliteTemplate?: Blob | undefined;
  /**
   * PostgreSQL: a connection the database server ended (a restart, a failover, an administrator),
   * from the pool (the pool drops it and opens another for the next query) or the LISTEN connection.
   */
  onConnectionError?: (error: Error, connection: 'pool' | 'listen') => void;
  /**
   * Tests and benchmarks: hears every query run through Kysely once it has run, with its parameters
   * and how long it took (how many queries a request makes; which ones a bench explains).
   */
  onQuery?: QueryListener;
  /** Tests: Kysely plugins after the camelCase one (which module builds each query). */
  queryPlugins?: readonly KyselyPlugin[];
  /** Times the LISTEN connection's reconnect back-off (REAL_CLOCK otherwise). */
  clock?: Clock;
}

/** The first wait before a LISTEN connection is opened again, doubled after each failure up to the most. */
export const LISTEN_RETRY_FIRST_MS = 500;
export const LISTEN_RETRY_MOST_MS = 30_000;

/** How Stride's connections name themselves to PostgreSQL (pg_stat_activity.application_name). */
export const POOL_APPLICATION_NAME = 'stride';
export const LISTEN_APPLICATION_NAME = 'stride listen';

/**
 * A LISTEN on its own PostgreSQL connection that outlives the connection: when the database ends it
 * (a restart, a failover, an administrator), a new one is opened with back-off and LISTENs again.
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed: (() => void) | undefined,
  onConnectionError: DatabaseOptions['onConnectionError'],
  clock: Clock,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let cancelRetry: () => void = () => undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: LISTEN_APPLICATION_NAME });
    client.on('error', (error) => onConnectionError?.(error, 'listen'));
    client.on('end', () => {
      if (current === client) {
        current = undefined;
        reconnectLater();
      }
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        onPayload(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
  };

  const reconnectLater = () => {
    if (stopped) {
      return;
    }
    const wait = Math.min(LISTEN_RETRY_MOST_MS, LISTEN_RETRY_FIRST_MS * 2 ** failures);
    cancelRetry = clock.after(wait, () => {
      connect().then(
        () => {
          failures = 0;
          if (!stopped) {
            onResumed?.();
          }
        },
        (error: unknown) => {
          failures += 1;
          onConnectionError?.(error instanceof Error ? error : new Error(String(error)), 'listen');
          reconnectLater();
        },
      );
    });
  };

  await connect();
  return async () => {
    stopped = true;
    cancelRetry();
    const client = current;
    current = undefined;
    await client?.end();
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let kind: DatabaseKind;
  let listen: DatabaseHandle['listen'];
  /** PGlite's in-process hand-over; PostgreSQL's is a NOTIFY (below, once `db` is open). */
  let notify: DatabaseHandle['notify'] | undefined;
  let embedded: PGlite | undefined;
  const { databaseUrl } = options;
  if (databaseUrl) {
    kind = 'postgres';
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, application_name: POOL_APPLICATION_NAME });
    // Unheard, an 'error' event of an idle connection would end the whole process.
    pool.on('error', (error) => options.onConnectionError?.(error, 'pool'));
    dialect = withCursorStreams(new PostgresDialect({ pool }));
    listen = (channel, onPayload, onResumed) =>
      listenOnPostgres(
        databaseUrl,
        channel,
        onPayload,
        onResumed,
        options.onConnectionError,
        options.clock ?? REAL_CLOCK,
      );
  } else {
    kind = 'pglite';
    if (options.pgliteDir) {
      // The data folder and PGlite's own: the files PGlite writes inside (0644) stay out of reach.
      ensurePrivateDirectory(path.dirname(options.pgliteDir));
      ensurePrivateDirectory(options.pgliteDir);
    }
    const pglite = await openPglite(options);
    dialect = new PgliteDialect(pglite);
    const inProcess = new Map<string, Set<(payload: string) => void>>();
    listen = async (channel, onPayload) => {
      const heard = inProcess.get(channel) ?? new Set();
      inProcess.set(channel, heard.add(onPayload));
      // A NOTIFY from SQL itself (a trigger's) still comes through PGlite.
      const stop = await pglite.listen(channel, onPayload);
      return async () => {
        heard.delete(onPayload);
        await stop();
      };
    };
    notify = (channel, payload) => {
      for (const onPayload of inProcess.get(channel) ?? []) {
        onPayload(payload);
      }
      return Promise.resolve();
    };
    embedded = pglite;
  }
  // Column names are snake_case in SQL and camelCase here; keys inside JSON values (spec §3 split
  // fields, a user's athleteProfile) are data and stay exactly as stored.
  const { onQuery } = options;
  const db = new GuardedKysely<Database>({
    dialect,
    plugins: [
      new CamelCasePlugin({ maintainNestedObjectKeys: true }),
      // After the camelCase plugin: it records SQL's table names (server/cache/unit-of-work.ts).
      tableRecorder,
      ...(options.queryPlugins ?? []),
    ],
    ...(onQuery
      ? {
          log: (event) =>
            void (
              event.level === 'query' && onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis)
            ),
        }
      : {}),
  });
  // Without the camelCase plugin: raw SQL's rows keep the names their authors gave them.
  const raw = db.withoutPlugins();
  const executeSql: DatabaseHandle['executeSql'] = async (text, values = []) => {
    if (values.length > 0) {
      const result = await raw.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...values]));
      return { rows: [...result.rows] };
    }
    const pglite = embedded;
    // Several statements, on one connection held throughout: PGlite's `query` takes one, so they go
    // to its `exec`; node-postgres sends a text without parameters as a simple query, which may hold
    // several. A failing statement skips the rest of the text, its COMMIT included, and would leave
    // the connection in an aborted transaction for whoever comes next: it is rolled back here (a
    // ROLLBACK outside a transaction is only a warning).
    return raw.connection().execute(async (connection) => {
      try {
        if (pglite) {
          return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
        }
        const result = await connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text));
        return { rows: [...result.rows] };
      } catch (error) {
        await (pglite ? pglite.exec('rollback') : sql`rollback`.execute(connection)).catch(() => undefined);
        throw error;
      }
    });
  };
  const maintain = async () => {
    if (kind === 'pglite') {
      await sql`analyze`.execute(db);
    }
  };
  const pglite = embedded;
  const snapshot: DatabaseHandle['snapshot'] = pglite
    ? (read) =>
        db.connection().execute(async (connection) => {
          const value = await read(connection);
          await sql`checkpoint`.execute(connection);
          return { image: await pglite.dumpDataDir('none'), read: value };
        })
    : undefined;
  notify ??= async (channel, payload) => {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  };
  return {
    db,
    kind,
    maintain,
    listen,
    notify,
    executeSql,
    ...(snapshot ? { snapshot } : {}),
    close: () => db.destroy(),
  };
}

/** The migrations the migrator runs: the product's list, or (tests) a list of their own. */
export type MigrationList = Readonly<Record<string, Migration>>;

function providerOf(list: MigrationList): MigrationProvider {
  return { getMigrations: () => Promise.resolve({ ...list }) };
}

/** A migration that failed at start-up: its name and why, in one sentence; the database is as it was before it. */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly reason: string,
  ) {
    super(
      `Migration ${migration} failed: ${reason.replace(/\.+$/, '')}. The database is as it was before this migration; Stride did not start.`,
    );
    this.name = 'MigrationError';
  }
}

/** Applies every pending migration; returns the name of the newest one applied to this database. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string> {
  return (await applyPendingMigrations(db)).migration;
}

/**
 * Applies every pending migration, each in its own transaction (forward only: a migration is never
 * undone): the newest one applied to this database, and how many this call applied (0 on a
 * database already up to date). A failing migration is rolled back whole and throws
 * {@link MigrationError}; those before it stay applied.
 */
export async function applyPendingMigrations(
  db: Kysely<Database>,
  list: MigrationList = migrations,
): Promise<{ migration: string; applied: number }> {
  // The usual start, on a database already up to date: one read of the applied names, instead of
  // the migrator's table checks, lock and transaction.
  const names = Object.keys(list);
  const applied = await appliedMigrationNames(db);
  if (applied !== null && names.every((name) => applied.has(name))) {
    return { migration: names.at(-1) ?? 'none', applied: 0 };
  }
  // Migrations name their tables in snake_case themselves, so they run without the camelCase plugin.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: providerOf(list) });
  let ran = 0;
  for (;;) {
    // One migration a call, in its transaction (and under the migrator's lock).
    const { error, results = [] } = await migrator.migrateUp();
    if (error) {
      const failed = results.find((result) => result.status === 'Error');
      const reason = error instanceof Error ? error.message : JSON.stringify(error);
      throw new MigrationError(failed?.migrationName ?? '(unknown)', reason);
    }
    const done = results.filter((result) => result.status === 'Success').length;
    if (done === 0) {
      break;
    }
    ran += done;
  }
  return { migration: await currentMigration(db, list), applied: ran };
}

/** The names of the migrations applied to this database; null before the migrator's table exists. */
async function appliedMigrationNames(db: Kysely<Database>): Promise<Set<string> | null> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db.withoutPlugins());
    return new Set(rows.map((row) => row.name));
  } catch {
    return null;
  }
}

export async function currentMigration(db: Kysely<Database>, list: MigrationList = migrations): Promise<string> {
  const applied = await new Migrator({ db: db.withoutPlugins(), provider: providerOf(list) }).getMigrations();
  return applied.filter((migration) => migration.executedAt !== undefined).at(-1)?.name ?? 'none';
}
