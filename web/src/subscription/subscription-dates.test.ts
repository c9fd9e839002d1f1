import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../../core/subscription.ts';
import { setReaderLocale } from '../lib/format.ts';
import { subscriptionDatesText } from './subscription-dates.ts';

beforeAll(() => setReaderLocale('en-GB'));
afterAll(() => setReaderLocale(undefined));

/** Saturday 28 November 2026, noon UTC (the web project runs with TZ=UTC). */
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const PERIOD_END = '2026-12-28T12:00:00.000Z';

function subscription(fields: Partial<NonNullable<SubscriptionView['subscription']>>) {
  return {
    status: 'active',
    currentPeriodEnd: PERIOD_END,
    updatedAt: new Date(NOW).toISOString(),
    active: true,
    plan: 'monthly' as const,
    cancelAtPeriodEnd: false,
    endedAt: null,
    ...fields,
  };
}

describe('a subscription’s plan and dates, by what Stripe says', () => {
  it('names the plan and when it renews', () => {
    expect(subscriptionDatesText(subscription({}), NOW)).toBe('Monthly plan · Renews on 28 December 2026');
    expect(subscriptionDatesText(subscription({ plan: 'yearly' }), NOW)).toBe(
      'Yearly plan · Renews on 28 December 2026',
    );
  });

  it('says when a subscription cancelled at the period’s end ends, not that it renews', () => {
    expect(subscriptionDatesText(subscription({ cancelAtPeriodEnd: true }), NOW)).toBe(
      'Monthly plan · Ends on 28 December 2026',
    );
  });

  it('says a subscription cancelled now was cancelled today, not that its future period ended', () => {
    const cancelled = subscription({
      status: 'canceled',
      active: false,
      endedAt: new Date(NOW - 60_000).toISOString(),
    });
    expect(subscriptionDatesText(cancelled, NOW)).toBe('Monthly plan · Cancelled today');
    expect(subscriptionDatesText(cancelled, NOW + 2 * 86_400_000)).toBe('Monthly plan · Cancelled on 28 November 2026');
  });

  it('words an inactive period by whether its end is past, and leaves out a plan this server does not sell', () => {
    const pastDue = subscription({ status: 'past_due', active: false, plan: null });
    expect(subscriptionDatesText(pastDue, NOW)).toBe('Period ends on 28 December 2026');
    expect(subscriptionDatesText(pastDue, Date.parse(PERIOD_END) + 1)).toBe('Period ended on 28 December 2026');
  });
});
