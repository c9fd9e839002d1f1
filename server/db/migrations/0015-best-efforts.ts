/**
 * Best efforts: the fastest stretch of each standard distance (400 m … marathon) in each run, from
 * its track or from Strava's own best efforts. `best_efforts_at` on an activity says they were
 * worked out (even when it has none); the start-up pass fills those still missing, in batches, so
 * it resumes where a restart left it. The index serves the ranking and progression per distance.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('best_efforts')
    .addColumn('activity_id', 'text', (col) => col.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('distance_id', 'text', (col) => col.notNull())
    .addColumn('seconds', 'double precision', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('best_efforts_pkey', ['activity_id', 'distance_id'])
    .execute();
  await sql`create index best_efforts_ranking_idx on best_efforts (user_id, distance_id, seconds)`.execute(db);
  await db.schema.alterTable('activities').addColumn('best_efforts_at', 'timestamptz').execute();
  await sql`create index activities_best_efforts_todo_idx on activities (created_at, id) where best_efforts_at is null and type = 'run'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activities_best_efforts_todo_idx`.execute(db);
  await db.schema.alterTable('activities').dropColumn('best_efforts_at').execute();
  await db.schema.dropTable('best_efforts').execute();
}
