import { describe, expect, it } from 'vitest';
import {
  parseServerEvent,
  SERVER_EVENT_TYPES,
  serverEventSchema,
  STREAM_READY_EVENT,
  STREAM_SUPERSEDED_EVENT,
  type ServerEvent,
} from './events.ts';
import type { MedalCard } from './medals/api.ts';
import type { SyncProgress } from './strava/api.ts';

const medal: MedalCard = {
  medalId: '5k-hero',
  title: '5K Hero',
  description: 'Run 5K',
  icon: 'trophy',
  type: 'bronze',
  kind: 'milestone',
  requirement: 'A run of 3.1 miles',
  earned: true,
  isNew: true,
  earnedAt: '2026-11-20T07:00:00.000Z',
  viewedAt: null,
  value: null,
  activityId: 'a1',
  activityName: 'Morning Run',
  activityFromStrava: false,
  progress: 100,
  hint: null,
};

const progress: SyncProgress = {
  kind: 'full',
  state: 'running',
  pages: 2,
  activities: 200,
  imported: 180,
  startedAt: '2026-11-20T07:00:00.000Z',
  finishedAt: null,
  resumesAt: null,
  error: null,
};

/** One valid event of every type, as the server publishes them. */
const EVENTS: ServerEvent[] = [
  { type: 'medals-awarded', medals: [medal], unseenCount: 1 },
  { type: 'analytics-updated' },
  { type: 'activities-changed' },
  { type: 'strava-sync', progress },
  { type: 'strava-connection' },
];

describe('server events', () => {
  it('names every event once, and none of them as a stream control event', () => {
    expect(SERVER_EVENT_TYPES).toEqual([
      'medals-awarded',
      'analytics-updated',
      'activities-changed',
      'strava-sync',
      'strava-connection',
      'subscription-changed',
      'archive-import',
    ]);
    expect(SERVER_EVENT_TYPES).not.toContain(STREAM_READY_EVENT);
    expect(SERVER_EVENT_TYPES).not.toContain(STREAM_SUPERSEDED_EVENT);
  });

  it.each(EVENTS.map((event) => [event.type, event] as const))(
    'reads back a %s event as it was sent',
    (type, event) => {
      expect(parseServerEvent(type, JSON.stringify(event))).toEqual({ ok: true, event });
    },
  );

  it('drops fields no schema knows', () => {
    const parsed = parseServerEvent('strava-sync', JSON.stringify({ type: 'strava-sync', progress, extra: 1 }));
    expect(parsed).toEqual({ ok: true, event: { type: 'strava-sync', progress } });
  });

  it('refuses data that is not JSON', () => {
    expect(parseServerEvent('activities-changed', '{not json')).toEqual({
      ok: false,
      problem: 'The activities-changed event is not JSON.',
    });
  });

  it("refuses another event's payload under an event's name", () => {
    expect(parseServerEvent('analytics-updated', JSON.stringify({ type: 'activities-changed' }))).toEqual({
      ok: false,
      problem: 'The analytics-updated event carries a activities-changed payload.',
    });
  });

  it('refuses a payload that breaks its schema, naming the field', () => {
    const cases: [ServerEvent['type'], unknown, string][] = [
      ['medals-awarded', { type: 'medals-awarded', medals: [medal] }, 'unseenCount'],
      ['medals-awarded', { type: 'medals-awarded', medals: [medal], unseenCount: -1 }, 'unseenCount'],
      [
        'medals-awarded',
        { type: 'medals-awarded', medals: [{ ...medal, type: 'platinum' }], unseenCount: 1 },
        'medals[0].type',
      ],
      ['strava-sync', { type: 'strava-sync', progress: { ...progress, state: 'paused' } }, 'progress.state'],
      ['strava-sync', { type: 'strava-sync' }, 'progress'],
      ['strava-connection', { kind: 'strava-connection' }, 'type'],
    ];
    for (const [type, payload, field] of cases) {
      const parsed = parseServerEvent(type, JSON.stringify(payload));
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? '' : parsed.problem).toMatch(new RegExp(`^The ${type} event does not match its schema: `));
      expect(parsed.ok ? '' : parsed.problem).toContain(`at ${field}`);
    }
  });

  it('is one discriminated union over the type', () => {
    expect(serverEventSchema.safeParse({ type: 'ready' }).success).toBe(false);
    expect(serverEventSchema.safeParse({ type: 'medals-awarded', medals: [], unseenCount: 0 }).success).toBe(true);
  });
});
