/**
 * A multisport file (a triathlon) is one activity per leg: the legs share `multisport_id` and are
 * numbered by `leg_index` (0, 1, 2… in time order); both are null on an ordinary activity. Imports
 * stay idempotent per file, now per leg: the legs of one file may share its sha256, a second
 * upload of it still finds them.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('multisport_id', 'text')
    .addColumn('leg_index', 'integer')
    .execute();
  await sql`drop index activities_user_file_key`.execute(db);
  await sql`create unique index activities_user_file_key on activities (user_id, file_sha256, coalesce(leg_index, 0)) where file_sha256 is not null`.execute(
    db,
  );
  // The other legs of an activity's event, for its detail page.
  await sql`create index activities_multisport_idx on activities (user_id, multisport_id) where multisport_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activities_multisport_idx`.execute(db);
  await sql`delete from activities where leg_index > 0`.execute(db);
  await sql`drop index activities_user_file_key`.execute(db);
  await sql`create unique index activities_user_file_key on activities (user_id, file_sha256) where file_sha256 is not null`.execute(
    db,
  );
  await db.schema.alterTable('activities').dropColumn('leg_index').dropColumn('multisport_id').execute();
}
