/** What a backup's manifest says of the database, and what a restore checks against it. */
import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Rows per table of Stride's own schema (`public`), by table name in order. pg-boss's queue
 * (schema `pgboss`) is in the backup but not counted: its jobs come and go by themselves.
 */
export async function countRowsPerTable(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(name)}`.execute(db);
    counts[name] = result.rows[0]?.count ?? 0;
  }
  return counts;
}

/** Whether the database holds no table of Stride's nor pg-boss's yet (a restore's target on PostgreSQL). */
export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from information_schema.tables
    where table_schema in ('public', 'pgboss')`.execute(db);
  return (rows[0]?.count ?? 0) === 0;
}

/** PostgreSQL: exports the open (repeatable read) transaction's snapshot for pg_dump --snapshot. */
export async function exportSnapshot(db: Db): Promise<string> {
  const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(db);
  return rows[0]?.snapshot ?? '';
}
