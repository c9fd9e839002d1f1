/**
 * Shoes and gear (core/gear.ts): each runner's gear, the default gear per sport, and the gear of
 * each activity. `gear_chosen`: the runner (or Strava) chose the activity's gear, so a re-type keeps
 * it; `gear_pending`: a new or re-typed activity still to be given its sport's default gear (the
 * "gear defaults" reaction). Activities stored before gear existed are not pending.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gear')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('model', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('start_date', 'text')
    .addColumn('starting_distance', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('retirement_distance', 'double precision')
    .addColumn('retired', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('strava_gear_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('added', 'serial', (col) => col.notNull())
    .execute();
  await sql`create index gear_user_idx on gear (user_id, added)`.execute(db);
  await sql`create unique index gear_strava_idx on gear (user_id, strava_gear_id) where strava_gear_id is not null`.execute(
    db,
  );
  await db.schema
    .createTable('gear_defaults')
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('activity_type', 'text', (col) => col.notNull())
    .addColumn('gear_id', 'text', (col) => col.notNull().references('gear.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('gear_defaults_pkey', ['user_id', 'activity_type'])
    .execute();
  await db.schema
    .alterTable('activities')
    .addColumn('gear_id', 'text', (col) => col.references('gear.id').onDelete('set null'))
    .addColumn('gear_chosen', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('gear_pending', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // Only activities stored from now on wait for a default gear.
  await sql`alter table activities alter column gear_pending set default true`.execute(db);
  await sql`create index activities_gear_idx on activities (gear_id) where gear_id is not null`.execute(db);
  await sql`create index activities_gear_pending_idx on activities (user_id) where gear_pending`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .dropColumn('gear_pending')
    .dropColumn('gear_chosen')
    .dropColumn('gear_id')
    .execute();
  await db.schema.dropTable('gear_defaults').execute();
  await db.schema.dropTable('gear').execute();
}
