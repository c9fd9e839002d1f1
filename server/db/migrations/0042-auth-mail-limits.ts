/**
 * Two sign-in guards that must hold across app servers. Per two-factor account, the last TOTP time
 * step a code was accepted for (a code, or an older one, is not accepted again). Mail requests
 * counted per window (core/mail-limits.ts): per recipient and kind of mail (an HMAC of the address,
 * never the address) by the hour and the day, and for the whole server by the hour.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_two_factors').addColumn('last_totp_step', 'bigint').execute();

  await db.schema
    .createTable('auth_mail_counts')
    .addColumn('counter', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('auth_mail_counts_pkey', ['counter', 'window_start'])
    .execute();
  await db.schema.createIndex('auth_mail_counts_window').on('auth_mail_counts').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_mail_counts').execute();
  await db.schema.alterTable('auth_two_factors').dropColumn('last_totp_step').execute();
}
