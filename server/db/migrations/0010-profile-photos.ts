/**
 * Profile photos are uploads kept in the database and served by Stride. Photo addresses on other
 * sites, which every visitor's browser fetched, are cleared.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_photos')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update profiles set photo_url = '' where photo_url <> '' and photo_url not like '/api/profile-photos/%'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_photos').execute();
}
