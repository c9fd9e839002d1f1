/**
 * Imports of a whole export archive (core/activity/archive-rules.ts). `archive_imports` holds one
 * row per archive: its file under DATA_DIR, its state ('queued', 'running', 'done', 'failed'), the
 * counts the live progress shows, and the lease of the app server working on it (a server that died
 * leaves it to the next after the lease). At most one unfinished import per runner (the partial
 * unique index). `archive_import_entries` is the per-file report and the resume point: one row per
 * entry handled, keyed by the entry's position and name in the archive, so after a crash the import
 * goes on from the first entry without a row and never handles one twice.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive_imports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_path', 'text', (col) => col.notNull())
    .addColumn('file_size', 'double precision', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('leased_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`
    create unique index archive_imports_one_unfinished_idx on archive_imports (user_id)
    where status in ('queued', 'running')
  `.execute(db);
  await db.schema
    .createIndex('archive_imports_user_idx')
    .on('archive_imports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('archive_import_entries')
    .addColumn('import_id', 'text', (col) => col.notNull().references('archive_imports.id').onDelete('cascade'))
    .addColumn('entry_key', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('activity_id', 'text')
    .addPrimaryKeyConstraint('archive_import_entries_pk', ['import_id', 'entry_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archive_import_entries').execute();
  await db.schema.dropTable('archive_imports').execute();
}
