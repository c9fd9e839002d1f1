/**
 * Activities (spec §3 Activity / Detailed activity), their tracks stored compactly (core's track
 * codec, one bytea per activity) and the original uploaded files (gzip). Everything a user owns
 * cascades from auth_users, so deleting an account deletes it all.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('start_date', 'timestamptz', (col) => col.notNull())
    .addColumn('start_date_local', 'text', (col) => col.notNull())
    .addColumn('timezone', 'text', (col) => col.notNull())
    .addColumn('distance', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('moving_time', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('elapsed_time', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('elevation_gain', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('average_speed', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('max_speed', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('average_heartrate', 'double precision')
    .addColumn('max_heartrate', 'double precision')
    .addColumn('average_cadence', 'double precision')
    .addColumn('calories', 'double precision')
    .addColumn('start_lat', 'double precision')
    .addColumn('start_lng', 'double precision')
    .addColumn('end_lat', 'double precision')
    .addColumn('end_lng', 'double precision')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('device_name', 'text')
    .addColumn('sport_label', 'text')
    .addColumn('laps', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('splits_metric', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('splits_standard', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('original_filename', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('file_type', 'text')
    .addColumn('file_sha256', 'text')
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The list: newest first per user, keyset-paginated on (start_date, id).
  await sql`create index activities_user_start_idx on activities (user_id, start_date desc, id desc)`.execute(db);
  // Imports are idempotent: one activity per user and file content.
  await sql`create unique index activities_user_file_key on activities (user_id, file_sha256) where file_sha256 is not null`.execute(
    db,
  );

  await db.schema
    .createTable('activity_tracks')
    .addColumn('activity_id', 'text', (col) => col.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('point_count', 'integer', (col) => col.notNull())
    .addColumn('data', 'bytea', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('activity_files')
    .addColumn('activity_id', 'text', (col) => col.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('content_encoding', 'text', (col) => col.notNull())
    .addColumn('data', 'bytea', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['activity_files', 'activity_tracks', 'activities']) {
    await db.schema.dropTable(table).execute();
  }
}
