/**
 * The sentence of a subscription's plan and dates on the Account page and /success: "Yearly plan ·
 * Renews on 29 November 2027", "Monthly plan · Ends on 28 December 2026", "Cancelled today".
 */
import {
  SUBSCRIPTION_DATE_LABELS,
  SUBSCRIPTION_PLAN_LABELS,
  subscriptionDates,
  type SubscriptionView,
} from '../../../core/subscription.ts';
import { formatDate } from '../lib/format.ts';

export function subscriptionDatesText(
  subscription: NonNullable<SubscriptionView['subscription']>,
  nowMs: number = Date.now(),
): string {
  const today = formatDate(nowMs, 'long');
  const dates = subscriptionDates(subscription, (iso) => formatDate(iso, 'long') === today, nowMs);
  const label = SUBSCRIPTION_DATE_LABELS[dates.kind];
  const when = 'at' in dates ? `${label} ${formatDate(dates.at, 'long')}` : label;
  return subscription.plan ? `${SUBSCRIPTION_PLAN_LABELS[subscription.plan]} plan · ${when}` : when;
}
