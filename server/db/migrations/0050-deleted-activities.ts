/**
 * A deleted activity is kept for the undo window (core/activity/activity-undo.ts): its row and
 * every row that went with it (track, file, weather, load, best efforts), as JSON, and the medals
 * and hidden Strava copies that pointed at it. An undo puts them back as they were; a purge job
 * removes what is past the window.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_activities')
    .addColumn('activity_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('deleted_at', 'timestamptz', (col) => col.notNull())
    .addColumn('kept', 'jsonb', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deleted_activities_deleted_at').on('deleted_activities').column('deleted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_activities').execute();
}
