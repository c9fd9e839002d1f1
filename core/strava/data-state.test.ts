import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../activity/schemas.ts';
import { PROVIDER_CACHE_FRESH_MS } from './constants.ts';
import {
  ACTIVITY_DATA_OUTSIDE_PROVIDER,
  isFresh,
  isMockActivity,
  isProviderSyncDue,
  isQuotaError,
  mockActivities,
  networkStatus,
} from './data-state.ts';
import { ACTIVITY_ERROR_TEXTS } from './messages.ts';

const NOW = Date.parse('2025-06-14T12:00:00Z');

function activity(id: string, overrides: Partial<ActivitySummary> = {}): ActivitySummary {
  const base: Omit<ActivitySummary, 'stravaId'> = {
    id,
    name: `Run ${id}`,
    type: 'run',
    source: 'upload',
    hasTiming: true,
    startDate: '2025-06-10T07:00:00.000Z',
    startDateLocal: '2025-06-10T09:00:00',
    timezone: 'Europe/Paris',
    distance: 5000,
    movingTime: 1500,
    strideMovingTime: 1500,
    timerTime: null,
    elapsedTime: 1550,
    elevationGain: 20,
    averageSpeed: 3.33,
    maxSpeed: 4,
    averageHeartrate: null,
    maxHeartrate: null,
    averageCadence: null,
    startLatLng: null,
    endLatLng: null,
    hasTrack: false,
    fileType: 'gpx',
    originalFilename: 'run.gpx',
    flagged: false,
    flagReason: null,
    flagConfirmedAt: null,
    countedOverride: null,
    counted: true,
  };
  return Object.assign({ stravaId: null }, base, overrides);
}

describe('networkStatus (spec §4)', () => {
  it.each([
    [{ online: true }, 'online'],
    [{ online: true, effectiveType: '4g' }, 'online'],
    [{ online: true, effectiveType: '3g' }, 'online'],
    [{ online: true, effectiveType: '2g' }, 'slow'],
    [{ online: true, effectiveType: 'slow-2g' }, 'slow'],
    [{ online: true, effectiveType: null }, 'online'],
    [{ online: false, effectiveType: '4g' }, 'offline'],
    [{ online: false, effectiveType: 'slow-2g' }, 'offline'],
  ] as const)('%o → %s', (report, expected) => {
    expect(networkStatus(report)).toBe(expected);
  });
});

describe('freshness (spec §9)', () => {
  it('isFresh is true strictly inside the age and false when never stamped', () => {
    expect(isFresh(NOW, NOW, 1000)).toBe(true);
    expect(isFresh(NOW - 999, NOW, 1000)).toBe(true);
    expect(isFresh(NOW - 1000, NOW, 1000)).toBe(false);
    expect(isFresh(null, NOW, 1000)).toBe(false);
  });

  it('asks the server for a sync when the last one finished 15 minutes ago or more, or never', () => {
    expect(PROVIDER_CACHE_FRESH_MS).toBe(15 * 60 * 1000);
    const lastSyncAt = new Date(NOW).toISOString();
    expect(isProviderSyncDue(lastSyncAt, NOW + PROVIDER_CACHE_FRESH_MS - 1)).toBe(false);
    expect(isProviderSyncDue(lastSyncAt, NOW + PROVIDER_CACHE_FRESH_MS)).toBe(true);
    expect(isProviderSyncDue(null, NOW)).toBe(true);
    expect(isProviderSyncDue('not a date', NOW)).toBe(true);
  });

  it('waits 15 minutes after a failed sync too, so a failing sync is not asked for on every load', () => {
    const failedAt = new Date(NOW).toISOString();
    expect(isProviderSyncDue(null, NOW + 1000, failedAt)).toBe(false);
    expect(isProviderSyncDue(new Date(NOW - 60 * 60 * 1000).toISOString(), NOW + 1000, failedAt)).toBe(false);
    expect(isProviderSyncDue(null, NOW + PROVIDER_CACHE_FRESH_MS, failedAt)).toBe(true);
  });
});

describe('isQuotaError (spec §8)', () => {
  it('recognises an exhausted quota however the service words it', () => {
    expect(isQuotaError('Quota exceeded for this project')).toBe(true);
    expect(isQuotaError('RESOURCE_EXHAUSTED')).toBe(true);
    expect(isQuotaError(ACTIVITY_ERROR_TEXTS.network)).toBe(false);
  });
});

describe('mockActivities (spec §8)', () => {
  it('are two runs: 5 km in 30 minutes and 8 km in 45 minutes, one and two days back, newest first', () => {
    const [first, second] = mockActivities(NOW);
    expect(mockActivities(NOW)).toHaveLength(2);
    expect(first).toMatchObject({ type: 'run', source: 'mock', distance: 5000, movingTime: 1800, elapsedTime: 1800 });
    expect(second).toMatchObject({ type: 'run', source: 'mock', distance: 8000, movingTime: 2700, elapsedTime: 2700 });
    expect(first?.startDate).toBe('2025-06-13T12:00:00.000Z');
    expect(first?.startDateLocal).toBe('2025-06-13T12:00:00');
    expect(second?.startDate).toBe('2025-06-12T12:00:00.000Z');
    expect(first?.averageSpeed).toBeCloseTo(5000 / 1800);
    expect(first && isMockActivity(first)).toBe(true);
    expect(isMockActivity(activity('a'))).toBe(false);
  });
});

describe('the data hook outside its provider (spec §8)', () => {
  it('says it must be used within its provider', () => {
    expect(ACTIVITY_DATA_OUTSIDE_PROVIDER).toBe('useActivityData must be used within an ActivityDataProvider');
  });
});
