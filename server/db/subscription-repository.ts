/**
 * The subscription tables (migrations 0027 and 0043): a runner's Stripe customer, their §3 subscription
 * record, and the ids of Stripe events already processed.
 */
import { SUBSCRIPTION_PLANS, type SubscriptionRecord } from '../../core/subscription.ts';
import type { Db } from './db.ts';

/** The stored record and the creation time (epoch seconds) of the event that reported it. */
export interface StoredSubscription extends SubscriptionRecord {
  stateAt: number;
}

export async function findCustomerId(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('stripeCustomers')
    .select('stripeCustomerId')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.stripeCustomerId;
}

export async function findUserIdByCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('stripeCustomers')
    .select('userId')
    .where('stripeCustomerId', '=', customerId)
    .executeTakeFirst();
  return row?.userId;
}

/** Keeps the runner's customer; a runner who has one keeps theirs (the first one wins a race). */
export async function saveCustomerId(db: Db, userId: string, customerId: string, now: Date): Promise<string> {
  await db
    .insertInto('stripeCustomers')
    .values({ userId, stripeCustomerId: customerId, createdAt: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return (await findCustomerId(db, userId)) ?? customerId;
}

export async function findSubscription(db: Db, userId: string): Promise<StoredSubscription | undefined> {
  const row = await db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).executeTakeFirst();
  return row && toStored(row);
}

/** The record of the runner, locked until the transaction ends (two events of one runner queue). */
/**
 * Whether the account still exists, holding it (FOR KEY SHARE) until the transaction ends: an account
 * deletion under way commits first, and then the account is gone; one that starts later waits.
 */
export async function holdAccount(trx: Db, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('authUsers').select('id').where('id', '=', userId).forKeyShare().executeTakeFirst();
  return row !== undefined;
}

export async function lockSubscription(trx: Db, userId: string): Promise<StoredSubscription | undefined> {
  const row = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row && toStored(row);
}

export async function writeSubscription(trx: Db, record: StoredSubscription): Promise<void> {
  const values = {
    stripeSubscriptionId: record.stripeSubscriptionId,
    status: record.status,
    currentPeriodEnd: new Date(record.currentPeriodEnd),
    plan: record.plan,
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    endedAt: record.endedAt === null ? null : new Date(record.endedAt),
    stateAt: record.stateAt,
    updatedAt: new Date(record.updatedAt),
  };
  await trx
    .insertInto('subscriptions')
    .values({ userId: record.userId, ...values })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
    .execute();
}

/** Records a Stripe event as processed; false when it was already (a replay). */
export async function claimStripeEvent(trx: Db, id: string, type: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('stripeEvents')
    .values({ id, type, receivedAt: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

function toStored(row: {
  userId: string;
  stripeSubscriptionId: string;
  status: string;
  currentPeriodEnd: Date;
  plan: string | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  stateAt: string | number;
  updatedAt: Date;
}): StoredSubscription {
  return {
    userId: row.userId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd.getTime(),
    plan: SUBSCRIPTION_PLANS.find((plan) => plan === row.plan) ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endedAt: row.endedAt?.getTime() ?? null,
    updatedAt: row.updatedAt.getTime(),
    stateAt: Number(row.stateAt),
  };
}
