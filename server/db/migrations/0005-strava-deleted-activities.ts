/**
 * A Strava activity the runner deleted in Stride stays deleted: its Strava id (and nothing else) is
 * remembered so that a full sync or a webhook does not bring it back.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('strava_deleted_activities')
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('strava_id', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('strava_deleted_activities_pkey', ['user_id', 'strava_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('strava_deleted_activities').execute();
}
