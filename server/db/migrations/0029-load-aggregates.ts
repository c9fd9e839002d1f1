/**
 * The stored figures the readiness and the Charts load lines read, so no request re-reads a
 * runner's whole history: each charted, timed activity's training load on its own local day (an
 * index on (user_id, day) sums any window of days cheaply), and per runner the extent of their
 * charted history (first local day, highest heart rate recorded) with the maximum heart rate the
 * stored loads were worked out with. Both are kept by the "activities changed" path and the heart-rate
 * setting (server/services/load-aggregates.ts); a runner without an extent row yet (data from before
 * this migration) has both worked out on their first read.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_loads')
    .addColumn('activity_id', 'text', (col) => col.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('load', 'double precision', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_loads_user_day').on('activity_loads').columns(['user_id', 'day']).execute();
  await db.schema
    .createTable('load_extents')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('first_day', 'text')
    .addColumn('max_heartrate', 'double precision')
    .addColumn('load_max_heart_rate', 'double precision', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('load_extents').execute();
  await db.schema.dropTable('activity_loads').execute();
}
