import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateActivityData } from './query-keys.ts';

/** Queries as the app's modules key them: what follows the activities, and what does not. */
const KEYS = {
  list: ['activities', 'list', { limit: 20 }],
  totals: ['activities', 'totals'],
  detail: ['activities', 'detail', 'a1'],
  bestEfforts: ['activities', 'detail', 'a1', 'best-efforts'],
  weather: ['activities', 'detail', 'a1', 'weather'],
  track: ['activities', 'track', 'a1'],
  otherDetail: ['activities', 'detail', 'a2'],
  otherTrack: ['activities', 'track', 'a2'],
  charts: ['activities', 'charts', 'week', 'run'],
  training: ['activities', 'training', 'goals'],
  profile: ['profile'],
  trophyCase: ['medals', 'trophy-case'],
  analytics: ['analytics', 'record'],
  session: ['session'],
  routes: ['routes'],
  wellbeing: ['wellbeing', 'overview'],
  stravaStatus: ['strava', 'status'],
  heartRate: ['heart-rate'],
} as const;

let queryClient: QueryClient;

function invalidated(): string[] {
  return Object.entries(KEYS)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

beforeEach(() => {
  queryClient = new QueryClient();
  for (const key of Object.values(KEYS)) {
    queryClient.setQueryData(key, {});
  }
});

afterEach(() => queryClient.clear());

describe('invalidateActivityData', () => {
  it('marks every activity query, the profile, the medals and the analytics stale, and nothing else', async () => {
    await invalidateActivityData(queryClient);
    expect(invalidated()).toEqual([
      'list',
      'totals',
      'detail',
      'bestEfforts',
      'weather',
      'track',
      'otherDetail',
      'otherTrack',
      'charts',
      'training',
      'profile',
      'trophyCase',
      'analytics',
    ]);
  });

  it("leaves the excepted activity's own queries alone (a deleted one would answer 404)", async () => {
    await invalidateActivityData(queryClient, { except: 'a1' });
    expect(invalidated()).toEqual([
      'list',
      'totals',
      'otherDetail',
      'otherTrack',
      'charts',
      'training',
      'profile',
      'trophyCase',
      'analytics',
    ]);
  });
});
