/**
 * Which derivation rules an activity's figures come from (core/activity/derivation.ts). Existing
 * activities are version 0: the server re-derives the uploads among them from their original files
 * (server/services/activity-rederive.ts). The index serves its batches, lowest version and oldest
 * upload first.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('derivation_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index activities_rederive_idx on activities (derivation_version, created_at, id) where source = 'upload'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activities_rederive_idx`.execute(db);
  await db.schema.alterTable('activities').dropColumn('derivation_version').execute();
}
