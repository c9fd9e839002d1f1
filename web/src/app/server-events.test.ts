import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../../core/events.ts';
import type { ArchiveImport, ArchiveProgress } from '../../../core/activity/archive-api.ts';
import type { MedalCard } from '../../../core/medals/api.ts';
import type { StravaStatus, SyncProgress } from '../../../core/strava/api.ts';
import { applyServerEvent, refreshAfterReconnect } from './server-events.ts';

/** The queries the events touch, as the app's modules key them. */
const KEYS = {
  trophyCase: ['medals', 'trophy-case'],
  unseen: ['medals', 'unseen'],
  analytics: ['analytics', 'record'],
  activities: ['activities', 'list', { limit: 1 }],
  profile: ['profile'],
  stravaStatus: ['strava', 'status'],
  subscription: ['subscription'],
  archiveImport: ['archive-import'],
} as const;

const progress: SyncProgress = {
  kind: 'full',
  state: 'running',
  pages: 1,
  activities: 100,
  imported: 100,
  startedAt: '2026-11-20T07:00:00.000Z',
  finishedAt: null,
  resumesAt: null,
  error: null,
};

const status: StravaStatus = {
  configured: true,
  serverConfigured: true,
  ownApp: null,
  connected: true,
  athleteId: '1',
  athleteName: 'Ada',
  connectedAt: '2026-11-01T07:00:00.000Z',
  disconnectedAt: null,
  lastSyncAt: '2026-11-19T07:00:00.000Z',
  sync: null,
  activityCount: 100,
};

let queryClient: QueryClient;
const celebrate = vi.fn<(medals: MedalCard[]) => void>();

function invalidated(): string[] {
  return Object.entries(KEYS)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

beforeEach(() => {
  vi.useFakeTimers();
  celebrate.mockReset();
  queryClient = new QueryClient();
  for (const key of Object.values(KEYS)) {
    queryClient.setQueryData(key, {});
  }
  queryClient.setQueryData(KEYS.unseen, { unseenCount: 0 });
  queryClient.setQueryData(KEYS.stravaStatus, status);
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

function apply(event: ServerEvent) {
  applyServerEvent(event, queryClient, celebrate);
}

describe('applyServerEvent', () => {
  it('celebrates awarded medals, sets the unseen count and reloads the trophy case', () => {
    const medals = [{ medalId: '5k-hero' } as MedalCard];
    apply({ type: 'medals-awarded', medals, unseenCount: 3 });
    expect(celebrate).toHaveBeenCalledWith(medals);
    expect(queryClient.getQueryData(KEYS.unseen)).toEqual({ unseenCount: 3 });
    expect(invalidated()).toEqual(['trophyCase']);
  });

  it('reloads the analytics 1 s after they changed (spec §4)', () => {
    apply({ type: 'analytics-updated' });
    vi.advanceTimersByTime(999);
    expect(invalidated()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(invalidated()).toEqual(['analytics']);
  });

  it('reloads the lists, the totals, the calendar and the medals when activities changed', () => {
    apply({ type: 'activities-changed' });
    expect(invalidated()).toEqual(['trophyCase', 'unseen', 'analytics', 'activities', 'profile']);
    expect(celebrate).not.toHaveBeenCalled();
  });

  it('moves the progress bar while a sync runs, and reloads nothing', () => {
    apply({ type: 'strava-sync', progress });
    expect(queryClient.getQueryData<StravaStatus>(KEYS.stravaStatus)?.sync).toEqual(progress);
    expect(invalidated()).toEqual([]);
  });

  it.each(['done', 'failed'] as const)('reloads the status and the activity data when a sync is %s', (state) => {
    const finished = { ...progress, state, finishedAt: '2026-11-20T07:05:00.000Z' };
    apply({ type: 'strava-sync', progress: finished });
    expect(queryClient.getQueryData<StravaStatus>(KEYS.stravaStatus)?.sync).toEqual(finished);
    expect(invalidated()).toEqual(['trophyCase', 'unseen', 'analytics', 'activities', 'profile', 'stravaStatus']);
  });

  it('reloads the status and the activity data when the connection changed elsewhere', () => {
    apply({ type: 'strava-connection' });
    expect(invalidated()).toEqual(['trophyCase', 'unseen', 'analytics', 'activities', 'profile', 'stravaStatus']);
  });

  it('reloads the subscription, and what it unlocks, when a Stripe webhook changed it', () => {
    apply({ type: 'subscription-changed' });
    expect(invalidated()).toEqual(['trophyCase', 'unseen', 'analytics', 'activities', 'profile', 'subscription']);
  });
});

describe('archive-import events', () => {
  const archive: ArchiveImport = {
    id: 'a1',
    fileName: 'export.zip',
    status: 'running',
    total: 3812,
    done: 1000,
    imported: 990,
    duplicates: 7,
    refused: 3,
    message: null,
    entries: [],
  };
  const moved: ArchiveProgress = { ...archive, done: 1240, imported: 1230 };
  delete (moved as Partial<ArchiveImport>).entries;

  it('moves the counts at once and reads the report again while the import runs, leaving the lists', () => {
    queryClient.setQueryData(KEYS.archiveImport, archive);
    apply({ type: 'archive-import', progress: moved });
    expect(queryClient.getQueryData<ArchiveImport>(KEYS.archiveImport)).toEqual({ ...moved, entries: [] });
    expect(invalidated()).toEqual(['archiveImport']);
  });

  it.each(['done', 'failed'] as const)('reloads the activity data too when the import is %s', (state) => {
    queryClient.setQueryData(KEYS.archiveImport, archive);
    apply({ type: 'archive-import', progress: { ...moved, status: state } });
    expect(queryClient.getQueryData<ArchiveImport>(KEYS.archiveImport)?.status).toBe(state);
    expect(invalidated()).toEqual(['trophyCase', 'unseen', 'analytics', 'activities', 'profile', 'archiveImport']);
  });
});

describe('refreshAfterReconnect', () => {
  it('reloads the Strava status, the subscription and the activity data (medals, analytics, lists) the lost events would have changed', () => {
    refreshAfterReconnect(queryClient);
    expect(invalidated()).toEqual([
      'trophyCase',
      'unseen',
      'analytics',
      'activities',
      'profile',
      'stravaStatus',
      'subscription',
    ]);
  });
});
