/**
 * The log of mail sent to runners (server/services/mailings/): one row per runner, kind of mail and
 * period (the reported week's Monday, the medal, the end of a Strava connection), so each is sent
 * once however many app servers and retries try. A server claims the row before it sends
 * (`claimed_until`) and sets `sent_at` after; a failed send gives the claim up for the retry.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_sent_log')
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('mail_sent_log_pkey', ['user_id', 'kind', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_sent_log').execute();
}
