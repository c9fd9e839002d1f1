/**
 * The runner's time zone, chosen in Account (an IANA name): the web app writes instants and counts
 * the runner's days in it. Null keeps the browser's zone.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('time_zone').execute();
}
