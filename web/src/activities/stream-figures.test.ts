/**
 * A Strava activity's splits and best efforts computed from its streams: the page says they are
 * being computed, never that there are none, and reads them again once the track has come.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { BEST_EFFORT_STATUS_TEXT } from '../../../core/running/best-efforts-api.ts';
import { activityDetailQueryKey, activityTrackQueryKey } from '../lib/query-keys.ts';
import { SPLITS_TEXTS, splitsNote } from '../lib/activity-format.ts';
import { afterTrackRead } from './activities-api.ts';

describe('while the streams are fetched', () => {
  it('the splits and best efforts say "computing…", not "none"', () => {
    expect(splitsNote(0, true)).toBe('Computing splits from this activity’s track…');
    expect(BEST_EFFORT_STATUS_TEXT.pending).toBe('Computing best efforts from this run’s track…');
    expect(splitsNote(0, false)).toBe(SPLITS_TEXTS.none);
    expect(splitsNote(5, true)).toBeNull();
  });
});

describe('once the track has come', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  function cached(streamsPending: boolean) {
    queryClient = new QueryClient();
    queryClient.setQueryData(activityDetailQueryKey('a1'), { id: 'a1', streamsPending });
    queryClient.setQueryData([...activityDetailQueryKey('a1'), 'best-efforts'], { status: 'pending', efforts: [] });
    queryClient.setQueryData(activityTrackQueryKey('a1'), { pointCount: 2 });
  }
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

  it('the detail and its best efforts are read again when they were pending, the track is not', async () => {
    cached(true);
    await afterTrackRead(queryClient, 'a1');
    expect(invalidated(activityDetailQueryKey('a1'))).toBe(true);
    expect(invalidated([...activityDetailQueryKey('a1'), 'best-efforts'])).toBe(true);
    expect(invalidated(activityTrackQueryKey('a1'))).toBe(false);
  });

  it('nothing is read again for an activity whose figures were not pending', async () => {
    cached(false);
    await afterTrackRead(queryClient, 'a1');
    expect(invalidated(activityDetailQueryKey('a1'))).toBe(false);
    expect(invalidated([...activityDetailQueryKey('a1'), 'best-efforts'])).toBe(false);
  });
});
