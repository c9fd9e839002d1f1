/**
 * What a runner shares on their public profile: the profile itself on or off and whether it shows
 * their location (both on, as every profile was reachable before — spec §1, §2), and their privacy
 * zones: places (home, work) whose surroundings are cut out of every map the profile shows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('public_profile', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('show_location', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('privacy_zones')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lon', 'double precision', (col) => col.notNull())
    .addColumn('radius', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // The order zones were added in, also when two share a timestamp.
    .addColumn('added', 'serial', (col) => col.notNull())
    .execute();
  await sql`create index privacy_zones_user_idx on privacy_zones (user_id, added)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_zones').execute();
  await db.schema.alterTable('profiles').dropColumn('public_profile').dropColumn('show_location').execute();
}
