/**
 * A request refused because the feature needs an active subscription (403, code
 * `subscription-required`): the screens show the server's sentence with a way to Account instead
 * of an error or nothing.
 */
import { SUBSCRIPTION_REQUIRED_CODE } from '../../../core/subscription.ts';

/** The server's sentence when `error` is the subscription gate's refusal, otherwise null. */
export function subscriptionGateMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) {
    return null;
  }
  const { status, details } = error as { status?: unknown; details?: { code?: unknown; message?: unknown } };
  return status === 403 && details?.code === SUBSCRIPTION_REQUIRED_CODE && typeof details.message === 'string'
    ? details.message
    : null;
}
