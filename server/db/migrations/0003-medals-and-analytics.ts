/**
 * Medals (spec §3 Medal record: one per user and medal, plus the global award log whose id is
 * composed of user, medal type and time) and the per-user analytics record (spec §3).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_medals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('medal_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('earned_at', 'timestamptz', (col) => col.notNull())
    .addColumn('is_new', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('viewed_at', 'timestamptz')
    .addColumn('value', 'text')
    .addColumn('activity_id', 'text', (col) => col.references('activities.id').onDelete('set null'))
    .addUniqueConstraint('user_medals_user_medal_key', ['user_id', 'medal_id'])
    .execute();

  await db.schema
    .createTable('medal_awards')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('medal_type', 'text', (col) => col.notNull())
    .addColumn('earned_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_analytics')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_active', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('streak_current', 'integer', (col) => col.notNull())
    .addColumn('streak_longest', 'integer', (col) => col.notNull())
    .addColumn('streak_last_active_date', 'text')
    .addColumn('minutes_spent_planning', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('medals_earned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_medals', 'integer', (col) => col.notNull())
    .addColumn('screenshots_taken', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_sessions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_updated', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_analytics', 'medal_awards', 'user_medals']) {
    await db.schema.dropTable(table).execute();
  }
}
