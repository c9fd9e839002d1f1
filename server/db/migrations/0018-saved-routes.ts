/**
 * Saved routes of the planner: a runner's named routes, each the waypoints as placed and the line
 * drawn through them (JSON arrays of {lat, lng}), with the line's length in metres for the list.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_routes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('waypoints', 'jsonb', (col) => col.notNull())
    .addColumn('line', 'jsonb', (col) => col.notNull())
    .addColumn('distance', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create index saved_routes_user_idx on saved_routes (user_id, updated_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_routes').execute();
}
