/**
 * Test databases on the PostgreSQL server in TEST_DATABASE_URL: uniquely named, created (empty, or
 * as a copy of a template database) and dropped again. Used by the test servers and by the global
 * setup that migrates the template (server/test-support/database-template.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('STRIDE_TEST_DB=postgres needs TEST_DATABASE_URL=postgres://user:password@host:port/database');
  }
  return url;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh name: lowercase letters, digits and underscores only, so it needs no quoting. */
function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** The connection string of database `name` on the server in TEST_DATABASE_URL. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a uniquely named database and returns its name: a copy of `template` when given (which
 * must have no open connection), otherwise an empty one.
 */
export async function createPostgresDatabase(options: { prefix: string; template?: string }): Promise<string> {
  const name = uniqueName(options.prefix);
  const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : '';
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}${template}`));
  return name;
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  // Ends the test's own leftover connections, then drops. Not `WITH (FORCE)`: that must also end an
  // autovacuum worker busy on the database, which a role without pg_signal_backend may not; a plain
  // DROP DATABASE asks autovacuum to stop by itself.
  await withAdminClient(async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND usename = current_user',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
  });
}
