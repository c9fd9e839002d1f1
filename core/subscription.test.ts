import { describe, expect, it } from 'vitest';
import {
  featureUnlocked,
  isSubscriptionActive,
  replacesStoredState,
  subscriptionRequiredMessage,
} from './subscription.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('isSubscriptionActive (spec §4)', () => {
  it('is active only when the status is active and the period ends after now', () => {
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: NOW + 1 }, NOW)).toBe(true);
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: NOW }, NOW)).toBe(false);
    expect(isSubscriptionActive({ status: 'active', currentPeriodEnd: NOW - 1 }, NOW)).toBe(false);
    for (const status of ['trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'paused']) {
      expect(isSubscriptionActive({ status, currentPeriodEnd: NOW + 86_400_000 }, NOW)).toBe(false);
    }
  });

  it('is not active without a record', () => {
    expect(isSubscriptionActive(null, NOW)).toBe(false);
    expect(isSubscriptionActive(undefined, NOW)).toBe(false);
  });
});

describe('replacesStoredState', () => {
  it('takes any state when nothing is stored, a newer one always, an older one never', () => {
    expect(replacesStoredState(null, { stateAt: 10, status: 'active' })).toBe(true);
    expect(replacesStoredState({ stateAt: 10, status: 'canceled' }, { stateAt: 11, status: 'active' })).toBe(true);
    expect(replacesStoredState({ stateAt: 10, status: 'active' }, { stateAt: 9, status: 'canceled' })).toBe(false);
    expect(replacesStoredState({ stateAt: 10, status: 'past_due' }, { stateAt: 9, status: 'active' })).toBe(false);
  });

  it('in the same second lets nothing follow a final status', () => {
    expect(replacesStoredState({ stateAt: 10, status: 'active' }, { stateAt: 10, status: 'past_due' })).toBe(true);
    expect(replacesStoredState({ stateAt: 10, status: 'active' }, { stateAt: 10, status: 'canceled' })).toBe(true);
    expect(replacesStoredState({ stateAt: 10, status: 'canceled' }, { stateAt: 10, status: 'active' })).toBe(false);
    expect(
      replacesStoredState({ stateAt: 10, status: 'incomplete_expired' }, { stateAt: 10, status: 'canceled' }),
    ).toBe(true);
  });
});

describe('featureUnlocked', () => {
  it('gates a listed feature only on a server that takes payments', () => {
    expect(featureUnlocked('plan-generation', ['plan-generation'], true, false)).toBe(false);
    expect(featureUnlocked('plan-generation', ['plan-generation'], true, true)).toBe(true);
    expect(featureUnlocked('plan-generation', ['readiness-insights'], true, false)).toBe(true);
    expect(featureUnlocked('plan-generation', [], true, false)).toBe(true);
    expect(featureUnlocked('plan-generation', ['plan-generation'], false, false)).toBe(true);
  });

  it('names the feature in its refusal', () => {
    expect(subscriptionRequiredMessage('readiness-insights')).toBe(
      'Readiness insights needs an active subscription. Subscribe on the Account page.',
    );
  });
});
