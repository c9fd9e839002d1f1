/**
 * The subscription API of Stride's server as TanStack Query hooks: the runner's subscription (the
 * live `subscription-changed` event reloads it), Checkout and the Billing Portal, each of which
 * sends the browser to Stripe.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '../../../core/subscription.ts';
import { api, unwrap } from '../api/client.ts';
import { SUBSCRIPTION_QUERY_KEY } from '../lib/query-keys.ts';

export function useSubscription(options: { enabled?: boolean; pollMs?: number | false } = {}) {
  return useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: () => unwrap(api.subscription.$get()),
    enabled: options.enabled ?? true,
    refetchInterval: options.pollMs ?? false,
  });
}

/** Leaves for Stripe: the mutation stays pending so its button keeps the spinner until the page goes. */
async function goTo(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => undefined);
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: async (plan: SubscriptionPlan) =>
      goTo((await unwrap(api.subscription.checkout.$post({ json: { plan } }))).url),
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => goTo((await unwrap(api.subscription.portal.$post())).url),
  });
}
