/**
 * Whether an activity has timing data. A track without times (a planned route, an export without
 * timestamps) keeps its distance but has no time, pace or splits, and makes no running day.
 * Existing activities have timing data exactly when they have a moving time.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('has_timing', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await sql`update activities set has_timing = false where moving_time <= 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('has_timing').execute();
}
