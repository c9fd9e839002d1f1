import { describe, expect, it } from 'vitest';
import type { MedalCard } from '../../../core/medals/api.ts';
import { addToCelebration, awardKey, NO_CELEBRATION, takeFreshAwards } from './award-celebration.ts';

function medal(overrides: Partial<MedalCard> = {}): MedalCard {
  return {
    medalId: 'longest-run',
    title: 'Longest Run',
    description: 'Your longest run',
    icon: 'trophy',
    type: 'gold',
    kind: 'record',
    requirement: 'Your longest run',
    earned: true,
    isNew: true,
    earnedAt: '2026-11-20T07:00:00.000Z',
    viewedAt: null,
    value: '10.0 km',
    activityId: 'a1',
    activityName: 'Morning Run',
    activityFromStrava: false,
    progress: 100,
    hint: null,
    ...overrides,
  };
}

describe('awardKey', () => {
  it('tells awards apart by medal, time and value', () => {
    expect(awardKey(medal())).toBe('longest-run|2026-11-20T07:00:00.000Z|10.0 km');
    expect(awardKey(medal({ earnedAt: null, value: null }))).toBe('longest-run||');
    // A record that moves to a new run is a new award of the same medal.
    expect(awardKey(medal({ value: '12.0 km' }))).not.toBe(awardKey(medal()));
  });
});

describe('takeFreshAwards', () => {
  it('gives each award once: the check and the live event about it celebrate it once', () => {
    const celebrated = new Set<string>();
    const first = medal();
    const second = medal({ medalId: '5k-hero', kind: 'milestone', value: null });
    expect(takeFreshAwards(celebrated, [first])).toEqual([first]);
    expect(takeFreshAwards(celebrated, [first, second])).toEqual([second]);
    expect(takeFreshAwards(celebrated, [second, first])).toEqual([]);
  });

  it('gives an award listed twice in one answer once', () => {
    expect(takeFreshAwards(new Set(), [medal(), medal()])).toEqual([medal()]);
  });
});

describe('addToCelebration', () => {
  const first = medal();
  const second = medal({ medalId: '5k-hero' });

  it('opens the toast with the new awards', () => {
    expect(addToCelebration(NO_CELEBRATION, [first])).toEqual({ open: true, medals: [first] });
  });

  it('adds awards to a toast that is still open', () => {
    expect(addToCelebration({ open: true, medals: [first] }, [second])).toEqual({
      open: true,
      medals: [first, second],
    });
  });

  it('starts afresh after the toast was closed', () => {
    expect(addToCelebration({ open: false, medals: [first] }, [second])).toEqual({ open: true, medals: [second] });
  });

  it('leaves the toast as it is when nothing is new', () => {
    const current = { open: false, medals: [first] };
    expect(addToCelebration(current, [])).toBe(current);
  });
});
