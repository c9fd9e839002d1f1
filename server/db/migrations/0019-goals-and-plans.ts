/**
 * Goals and training plans (spec §3 "Goal", "Training plan").
 * - A goal keeps its kind-specific fields (window, target) as JSON checked by core's schema, its
 *   order, and the status and progress last worked out, in the runner's time zone saved with it.
 * - A plan belongs to a race goal (deleted with it), keeps its generated schedule, the request it
 *   came from, `daily_progress` keyed "YYYY-MM-DD", and a secret token for its private calendar feed.
 * - `activities.plan_matched_at`: when a run was offered to the runner's plans to tick a task; null
 *   for runs still to offer. Runs stored before plans existed are marked, so none ticks afterwards.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('definition', 'jsonb', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index goals_user_order_idx on goals (user_id, "order", created_at)`.execute(db);

  await db.schema
    .createTable('training_plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('goal_id', 'text', (col) => col.notNull().references('goals.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('request', 'jsonb', (col) => col.notNull())
    .addColumn('schedule', 'jsonb', (col) => col.notNull())
    .addColumn('daily_progress', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('calendar_token', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index training_plans_user_created_idx on training_plans (user_id, created_at desc, id)`.execute(db);
  await sql`create index training_plans_goal_idx on training_plans (goal_id)`.execute(db);

  await db.schema.alterTable('activities').addColumn('plan_matched_at', 'timestamptz').execute();
  await sql`update activities set plan_matched_at = now()`.execute(db);
  await sql`create index activities_plan_match_todo_idx on activities (user_id) where plan_matched_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activities_plan_match_todo_idx`.execute(db);
  await db.schema.alterTable('activities').dropColumn('plan_matched_at').execute();
  await db.schema.dropTable('training_plans').execute();
  await db.schema.dropTable('goals').execute();
}
