import { describe, expect, it } from 'vitest';
import { subscriptionRequiredMessage } from '../../../core/subscription.ts';
import { ApiError } from '../api/client.ts';
import { subscriptionGateMessage } from '../lib/subscription-gate.ts';

describe('subscriptionGateMessage', () => {
  it('reads the server’s sentence from the gate’s 403', () => {
    const message = subscriptionRequiredMessage('readiness-insights');
    const error = new ApiError(403, { type: 'permission_error', message, code: 'subscription-required' });
    expect(subscriptionGateMessage(error)).toBe(message);
  });

  it('is null for any other failure', () => {
    expect(
      subscriptionGateMessage(new ApiError(403, { type: 'permission_error', message: 'Account disabled' })),
    ).toBeNull();
    expect(
      subscriptionGateMessage(new ApiError(500, { type: 'api_error', message: 'x', code: 'subscription-required' })),
    ).toBeNull();
    expect(subscriptionGateMessage(new Error('Network'))).toBeNull();
    expect(subscriptionGateMessage(null)).toBeNull();
  });
});
