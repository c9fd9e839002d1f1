/**
 * The screens' theme the runner chose in Account (core/theme.ts THEMES): dark, light, or the
 * system's. Every profile starts dark, the spec's theme.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('theme', 'text', (col) =>
      col
        .notNull()
        .defaultTo('dark')
        .check(sql`theme in ('dark', 'light', 'system')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('theme').execute();
}
