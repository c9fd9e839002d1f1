/**
 * Opens the database: PGlite (PostgreSQL in WASM, in-process, data in DATA_DIR/pglite) by default,
 * PostgreSQL when DATABASE_URL is set. One schema and one migration history serve both.
 */
import path from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, sql, PostgresDialect, type Dialect, type MigrationProvider } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { ensurePrivateDirectory } from '../security/private-directory.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Refreshes the query planner's statistics where nothing else does (PGlite has no autovacuum). */
  maintain(): Promise<void>;
  /**
   * LISTEN on a channel: PGlite delivers in-process, PostgreSQL through a dedicated connection, so
   * a NOTIFY from any app server reaches every listener. Returns the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without one PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let kind: DatabaseKind;
  let listen: DatabaseHandle['listen'];
  const { databaseUrl } = options;
  if (databaseUrl) {
    kind = 'postgres';
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) });
    listen = async (channel, onPayload) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) {
          onPayload(message.payload);
        }
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    };
  } else {
    kind = 'pglite';
    if (options.pgliteDir) {
      // The data folder and PGlite's own: the files PGlite writes inside (0644) stay out of reach.
      ensurePrivateDirectory(path.dirname(options.pgliteDir));
      ensurePrivateDirectory(options.pgliteDir);
    }
    const pglite = await PGlite.create(options.pgliteDir === undefined ? {} : { dataDir: options.pgliteDir });
    dialect = new PGliteDialect(pglite);
    listen = (channel, onPayload) => pglite.listen(channel, onPayload).then((stop) => () => stop());
  }
  // Column names are snake_case in SQL and camelCase here; keys inside JSON values (spec §3 split
  // fields, a user's athleteProfile) are data and stay exactly as stored.
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })] });
  const maintain = async () => {
    if (kind === 'pglite') {
      await sql`analyze`.execute(db);
    }
  };
  return { db, kind, maintain, listen, close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve({ ...migrations }) };

/** Applies every pending migration; returns the name of the newest one applied to this database. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string> {
  // Migrations name their tables in snake_case themselves, so they run without the camelCase plugin.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return currentMigration(db);
}

export async function currentMigration(db: Kysely<Database>): Promise<string> {
  const applied = await new Migrator({ db: db.withoutPlugins(), provider }).getMigrations();
  return applied.filter((migration) => migration.executedAt !== undefined).at(-1)?.name ?? 'none';
}
