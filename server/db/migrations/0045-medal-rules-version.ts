/**
 * Each held medal keeps the medal rules' version it was awarded under (core/medals/catalogue.ts
 * MEDAL_RULES_VERSION): medals held before versions were kept are version 1, and a medal whose rule
 * changed since is re-derived at start (server/services/medal-service.ts rederiveMedals).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_medals')
    .addColumn('rules_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('user_medals_rules_version').on('user_medals').column('rules_version').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_medals_rules_version').execute();
  await db.schema.alterTable('user_medals').dropColumn('rules_version').execute();
}
