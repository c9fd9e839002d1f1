/**
 * Error reports from the web app (core/error-reports.ts): kept for the operator, never sent on.
 * A report belongs to its runner (deleted with the account) or to nobody (signed out). The report's
 * own id makes a batch the browser sends twice (a lost answer) stored once.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('auth_users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('stack', 'text')
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('action', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('error_reports_received_at').on('error_reports').column('received_at').execute();
  await db.schema.createIndex('error_reports_user_id').on('error_reports').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('error_reports').execute();
}
