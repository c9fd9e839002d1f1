/**
 * The paces a re-plan moves a training plan to (core/training/replanning.ts "faster": the runner's
 * recent best efforts give quicker paces than the plan's), as core ChosenPaces; null for the re-plans
 * that keep the plan's paces. An accepted one becomes the plan's paces.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('training_plan_versions').addColumn('paces', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('training_plan_versions').dropColumn('paces').execute();
}
