/**
 * What Stripe says of a subscription beyond its status and period: the plan of its price, whether it
 * ends at the period's end instead of renewing, and when it ended. Existing records get them with
 * the next event Stripe sends for them.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('plan', 'text')
    .addColumn('cancel_at_period_end', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('ended_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('plan')
    .dropColumn('cancel_at_period_end')
    .dropColumn('ended_at')
    .execute();
}
