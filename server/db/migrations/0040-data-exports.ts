/**
 * "Download my data" (core/data-export.ts): one row per export a runner asked for. While `building`
 * the general job queue writes the ZIP under DATA_DIR; `ready` rows name its size and when the
 * download expires (7 days after it was built), after which the file is deleted and the row kept
 * as expired. One export builds at a time per runner: a unique index over the building rows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('size_bytes', 'bigint')
    .addColumn('file_deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('data_exports_one_building')
    .on('data_exports')
    .column('user_id')
    .unique()
    .where(sql.ref('state'), '=', 'building')
    .execute();
  await db.schema.createIndex('data_exports_user').on('data_exports').columns(['user_id', 'requested_at']).execute();
  await db.schema
    .createIndex('data_exports_expiring')
    .on('data_exports')
    .column('expires_at')
    .where(sql.ref('file_deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
}
