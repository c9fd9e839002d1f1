/**
 * Page views (core/page-views.ts): one count per runner and screen (its route pattern), deleted
 * with the account. No time, address or query string of a visit is kept.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().check(sql`count > 0`))
    .addPrimaryKeyConstraint('page_views_pkey', ['user_id', 'path'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_views').execute();
}
