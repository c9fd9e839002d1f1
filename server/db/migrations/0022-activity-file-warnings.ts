/**
 * What could not be read of an uploaded activity's file (part of it was unreadable, it ends early),
 * kept with the activity so its page can say so, not only the upload. Existing activities have
 * none until the start-up re-derive pass reads their original files again.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('file_warnings', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('file_warnings').execute();
}
