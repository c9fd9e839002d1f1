/**
 * SQL for the mail Stride sends to runners: who gets it (address, preferences, units, time zone),
 * the sent log that makes each mail go once (migration 0034), and the medals a mail names.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { MailPreference } from '../../core/mailings/mail-preferences.ts';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';

/** What a mail is, for the sent log: its kind and the period it covers. */
export interface MailKey {
  userId: string;
  kind: 'weekly-report' | 'medal' | 'strava-connection' | 'data-export';
  period: string;
}

/** The sent log's row of this mail. */
const rowOf = (key: MailKey) => (eb: ExpressionBuilder<Database, 'mailSentLog'>) =>
  eb.and({ userId: key.userId, kind: key.kind, period: key.period });

export interface MailRecipient {
  userId: string;
  email: string;
  emailNotifications: boolean;
  weeklyReport: boolean;
  unitSystem: 'imperial' | 'metric';
  /** The runner's zone: their newest active plan's, else their newest activity's, else UTC. */
  timeZone: string;
}

/** The runner's time zone (see {@link MailRecipient.timeZone}) as SQL over `profiles`. */
const runnerTimeZone = sql<string>`coalesce(
  (select tp.time_zone from training_plans tp where tp.user_id = profiles.user_id and tp.status = 'active'
    order by tp.created_at desc, tp.id desc limit 1),
  (select a.timezone from activities a where a.user_id = profiles.user_id
    order by a.start_date desc, a.id desc limit 1),
  'UTC')`;

function recipients(db: Db) {
  return db
    .selectFrom('profiles')
    .innerJoin('authUsers', 'authUsers.id', 'profiles.userId')
    .select([
      'profiles.userId',
      'authUsers.email',
      'profiles.emailNotifications',
      'profiles.weeklyReport',
      'profiles.unitSystem',
      runnerTimeZone.as('timeZone'),
    ]);
}

export function findMailRecipient(db: Db, userId: string): Promise<MailRecipient | undefined> {
  return recipients(db).where('profiles.userId', '=', userId).executeTakeFirst();
}

/** Every runner with the weekly report on, with their time zone. */
export function weeklyReportRecipients(db: Db): Promise<{ userId: string; timeZone: string }[]> {
  return db
    .selectFrom('profiles')
    .select(['profiles.userId', runnerTimeZone.as('timeZone')])
    .where('profiles.weeklyReport', '=', true)
    .execute();
}

/** Turns one mail preference off; false when the runner has no profile. */
export async function turnMailPreferenceOff(
  db: Db,
  userId: string,
  preference: MailPreference,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ [preference]: false, updatedAt: now })
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type MailClaim = 'claimed' | 'sent' | 'busy';

/**
 * Claims the mail for one sender until `until`: 'claimed' when nobody sent it and no other claim
 * holds, 'sent' when it went already, 'busy' while another sender's claim holds.
 */
export async function claimMail(db: Db, key: MailKey, now: Date, until: Date): Promise<MailClaim> {
  const claimed = await db
    .insertInto('mailSentLog')
    .values({ userId: key.userId, kind: key.kind, period: key.period, claimedUntil: until, sentAt: null })
    .onConflict((conflict) =>
      conflict
        .columns(['userId', 'kind', 'period'])
        .doUpdateSet({ claimedUntil: until })
        .where('mailSentLog.sentAt', 'is', null)
        .where('mailSentLog.claimedUntil', '<=', now),
    )
    .returning('userId')
    .executeTakeFirst();
  if (claimed) {
    return 'claimed';
  }
  return (await wasMailSent(db, key)) ? 'sent' : 'busy';
}

export async function markMailSent(db: Db, key: MailKey, now: Date): Promise<void> {
  await db.updateTable('mailSentLog').set({ sentAt: now }).where(rowOf(key)).execute();
}

/** Gives a claim up after a failed send, so the retry may claim it at once. */
export async function releaseMailClaim(db: Db, key: MailKey, now: Date): Promise<void> {
  await db
    .updateTable('mailSentLog')
    .set({ claimedUntil: now })
    .where(rowOf(key))
    .where('sentAt', 'is', null)
    .execute();
}

/** Whether this mail was sent already. */
export async function wasMailSent(db: Db, key: MailKey): Promise<boolean> {
  const row = await db.selectFrom('mailSentLog').select('sentAt').where(rowOf(key)).executeTakeFirst();
  return Boolean(row?.sentAt);
}

/** The runner's medals earned since `since` that no medal mail has gone out for. */
export function unmailedMedalsSince(db: Db, userId: string, since: Date): Promise<{ medalId: string }[]> {
  return db
    .selectFrom('userMedals')
    .select('userMedals.medalId')
    .where('userMedals.userId', '=', userId)
    .where('userMedals.earnedAt', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mailSentLog')
            .select('mailSentLog.period')
            .whereRef('mailSentLog.userId', '=', 'userMedals.userId')
            .where('mailSentLog.kind', '=', 'medal')
            .where('mailSentLog.sentAt', 'is not', null)
            .whereRef('mailSentLog.period', '=', 'userMedals.medalId'),
        ),
      ),
    )
    .execute();
}

export function findUserMedal(
  db: Db,
  userId: string,
  medalId: string,
): Promise<{ title: string; description: string } | undefined> {
  return db
    .selectFrom('userMedals')
    .select(['title', 'description'])
    .where('userId', '=', userId)
    .where('medalId', '=', medalId)
    .executeTakeFirst();
}

/** The medals earned in [from, to). */
export function medalsEarnedBetween(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ title: string; description: string }[]> {
  return db
    .selectFrom('userMedals')
    .select(['title', 'description'])
    .where('userId', '=', userId)
    .where('earnedAt', '>=', from)
    .where('earnedAt', '<', to)
    .orderBy('earnedAt')
    .orderBy('medalId')
    .execute();
}
