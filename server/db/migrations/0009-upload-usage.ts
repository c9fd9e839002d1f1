/**
 * Upload usage: one row per accepted upload batch (how many files, how many bytes), so the per-user
 * limits (files a minute, bytes an hour) hold across every app server sharing the database. Rows
 * older than the longest window are deleted as new ones are written.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_usage')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('files', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('upload_usage_user_time')
    .on('upload_usage')
    .columns(['user_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_usage').execute();
}
