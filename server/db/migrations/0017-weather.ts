/**
 * Weather: the forecast cache shared by every app server (one row per rounded location, holding
 * the newest forecast and a short claim so that only one server fetches it at a time), each
 * runner's geocoded profile location (kept until the location text changes), and the archived
 * weather at each activity's start (stored once, only when the archive had it).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weather_forecasts')
    .addColumn('location_key', 'text', (col) => col.primaryKey())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addColumn('cache_key', 'text')
    .addColumn('forecast', 'jsonb')
    .addColumn('fetched_at', 'timestamptz')
    .addColumn('source_url', 'text')
    .addColumn('claimed_until', 'timestamptz')
    .execute();
  await db.schema
    .createTable('weather_places')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('geocoded_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('activity_weather')
    .addColumn('activity_id', 'text', (col) => col.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('hour', 'timestamptz', (col) => col.notNull())
    .addColumn('temperature', 'double precision', (col) => col.notNull())
    .addColumn('precipitation', 'double precision')
    .addColumn('wind_speed', 'double precision')
    .addColumn('weather_code', 'integer')
    .addColumn('source_url', 'text', (col) => col.notNull())
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_weather').execute();
  await db.schema.dropTable('weather_places').execute();
  await db.schema.dropTable('weather_forecasts').execute();
}
