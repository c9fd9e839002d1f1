import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../../../core/activity/schemas.ts';
import { ACTIVITY_ERROR_TEXTS } from '../../../core/strava/messages.ts';
import { deriveActivityData, filtersQuery, type ActivityQueryState } from './activity-data.ts';

const NOW = Date.parse('2025-06-14T12:00:00Z');
const run = { id: 'a1', name: 'Morning run' } as ActivitySummary;

function query(overrides: Partial<ActivityQueryState>): ActivityQueryState {
  return { data: undefined, error: null, isFetching: false, dataUpdatedAt: 0, errorUpdatedAt: 0, ...overrides };
}

describe('the activity data status derived from the list query', () => {
  it('is loading and not initialised while the first fetch runs', () => {
    const { activities, status } = deriveActivityData(query({ isFetching: true }), 'online', true);
    expect(activities).toEqual([]);
    expect(status).toEqual({ loading: true, initialised: false, lastError: null, lastSync: null, network: 'online' });
  });

  it('is initialised with the list and the time of the fetch once it arrived', () => {
    const { activities, status } = deriveActivityData(
      query({ data: { items: [run] }, dataUpdatedAt: NOW }),
      'slow',
      true,
    );
    expect(activities).toEqual([run]);
    expect(status).toEqual({ loading: false, initialised: true, lastError: null, lastSync: NOW, network: 'slow' });
  });

  it('refreshes in the background without showing as loading', () => {
    const { status } = deriveActivityData(
      query({ data: { items: [run] }, dataUpdatedAt: NOW, isFetching: true }),
      'online',
      true,
    );
    expect(status.loading).toBe(false);
  });

  it('classifies a failure, and keeps the cached list beneath it', () => {
    const failed = query({
      data: { items: [run] },
      dataUpdatedAt: NOW - 1000,
      error: new Error('Failed to fetch'),
      errorUpdatedAt: NOW,
    });
    const { activities, status } = deriveActivityData(failed, 'online', true);
    expect(activities).toEqual([run]);
    expect(status.lastError).toBe(ACTIVITY_ERROR_TEXTS.network);
    expect(status.initialised).toBe(true);
  });

  it('clears the error and shows as loading while asking again after a failure', () => {
    const retrying = query({ error: new Error('Failed to fetch'), errorUpdatedAt: NOW, isFetching: true });
    const { status } = deriveActivityData(retrying, 'online', true);
    expect(status.lastError).toBeNull();
    expect(status.loading).toBe(true);
  });

  it('shows an unclassified message as it is', () => {
    const { status } = deriveActivityData(
      query({ error: new Error('Disk full'), errorUpdatedAt: NOW }),
      'online',
      true,
    );
    expect(status.lastError).toBe('Disk full');
  });

  it('uses the two mock runs when the quota is exhausted and nothing is cached', () => {
    const { activities } = deriveActivityData(
      query({ error: new Error('Quota exceeded'), errorUpdatedAt: NOW }),
      'online',
      true,
    );
    expect(activities.map((activity) => [activity.name, activity.source])).toEqual([
      ['5 km run', 'mock'],
      ['8 km run', 'mock'],
    ]);
    expect(activities[0]?.startDate).toBe('2025-06-13T12:00:00.000Z');
  });

  it('is initialised and empty with nobody signed in', () => {
    const { activities, status } = deriveActivityData(query({}), 'offline', false);
    expect(activities).toEqual([]);
    expect(status).toEqual({ loading: false, initialised: true, lastError: null, lastSync: null, network: 'offline' });
  });
});

describe('the filters as the server list query takes them', () => {
  it('passes the type and the inclusive date range, and leaves out what is not set', () => {
    expect(filtersQuery({ type: 'run', from: '2025-06-01', to: '2025-06-30' })).toEqual({
      type: 'run',
      from: '2025-06-01',
      to: '2025-06-30',
    });
    expect(filtersQuery({ type: null, from: '2025-06-01', to: null })).toEqual({ from: '2025-06-01' });
  });

  it('leaves out a type the server does not know', () => {
    expect(filtersQuery({ type: 'unicycle', from: null, to: null })).toEqual({});
  });
});
