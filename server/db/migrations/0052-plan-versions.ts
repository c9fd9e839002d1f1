/**
 * The versions of a training plan (core/training/replanning.ts): each re-plan is kept with its
 * reason, the weeks it changes and the schedule it proposes, and whether the runner accepted it or
 * kept the plan as it was (an accepted one also keeps the schedule it replaced). At most one is
 * waiting for the runner's answer per plan; `made_on` (the plan's local day) makes the weekly
 * re-plan once a week.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('training_plan_versions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // The order they were made in, also within one instant.
    .addColumn('seq', 'serial', (col) => col.notNull())
    .addColumn('plan_id', 'text', (col) => col.notNull().references('training_plans.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('proposed', 'accepted', 'kept', 'superseded', 'unchanged')`),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('changes', 'jsonb', (col) => col.notNull())
    .addColumn('schedule', 'jsonb', (col) => col.notNull())
    .addColumn('replaced_schedule', 'jsonb')
    .addColumn('made_on', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await sql`create index training_plan_versions_plan_idx on training_plan_versions (plan_id, seq desc)`.execute(db);
  await sql`create unique index training_plan_versions_one_proposed on training_plan_versions (plan_id) where status = 'proposed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('training_plan_versions').execute();
}
