import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS_PER_ATHLETE, WEBHOOK_WINDOW_MS } from './constants.ts';
import {
  admitWebhookEvent,
  parseWebhookEvent,
  WEBHOOK_DEDUPE_MS,
  type AthleteWebhookWindow,
  type WebhookEvent,
} from './webhook-gate.ts';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const base = { object_type: 'activity', object_id: 555, aspect_type: 'create', owner_id: 42, subscription_id: 9 };

const activity = (objectId: string, aspect: 'create' | 'update' | 'delete' = 'create'): WebhookEvent => ({
  objectType: 'activity',
  aspect,
  objectId,
  ownerId: '42',
  subscriptionId: '9',
});

describe('parseWebhookEvent', () => {
  it('reads an activity event as Strava sends it', () => {
    expect(parseWebhookEvent({ ...base, event_time: 1, updates: {} })).toEqual(activity('555'));
  });

  it('reads a deauthorisation of the athlete by themselves', () => {
    expect(
      parseWebhookEvent({
        ...base,
        object_type: 'athlete',
        object_id: 42,
        aspect_type: 'update',
        updates: { authorized: 'false' },
      }),
    ).toEqual({ objectType: 'athlete', aspect: 'deauthorize', objectId: '42', ownerId: '42', subscriptionId: '9' });
  });

  it.each([
    ['a body that is not an object', 'hello'],
    ['an unknown object type', { ...base, object_type: 'route' }],
    ['an unknown aspect', { ...base, aspect_type: 'rename' }],
    ['a missing owner', { ...base, owner_id: undefined }],
    ['a negative id', { ...base, object_id: -5 }],
    ['an id that is not a number', { ...base, object_id: '12; drop table' }],
    ['a missing subscription', { ...base, subscription_id: null }],
    [
      'an athlete event about another athlete',
      { ...base, object_type: 'athlete', object_id: 43, aspect_type: 'update', updates: { authorized: 'false' } },
    ],
    [
      'an athlete update that is not a deauthorisation',
      { ...base, object_type: 'athlete', object_id: 42, aspect_type: 'update', updates: { title: 'x' } },
    ],
  ])('drops %s', (_label, raw) => {
    expect(parseWebhookEvent(raw)).toBeNull();
  });
});

describe('admitWebhookEvent', () => {
  function admitMany(count: number, now = T0, window?: AthleteWebhookWindow) {
    let current = window;
    const admitted: boolean[] = [];
    for (let index = 0; index < count; index += 1) {
      const decision = admitWebhookEvent(current, activity(String(1000 + index)), now);
      current = decision.window;
      admitted.push(decision.admitted);
    }
    return { admitted, window: current };
  }

  it(`follows up ${WEBHOOK_EVENTS_PER_ATHLETE} events of an athlete per window, then drops the rest`, () => {
    expect(WEBHOOK_EVENTS_PER_ATHLETE).toBe(20);
    const { admitted } = admitMany(25);
    expect(admitted.filter(Boolean)).toHaveLength(20);
    expect(admitted.slice(20)).toEqual([false, false, false, false, false]);
  });

  it('admits again once the window has moved on', () => {
    const { window } = admitMany(20);
    expect(admitWebhookEvent(window, activity('9'), T0 + WEBHOOK_WINDOW_MS - 1).admitted).toBe(false);
    expect(admitWebhookEvent(window, activity('9'), T0 + WEBHOOK_WINDOW_MS).admitted).toBe(true);
  });

  it('coalesces the same object and aspect within a minute into one follow-up', () => {
    const first = admitWebhookEvent(undefined, activity('7', 'update'), T0);
    const again = admitWebhookEvent(first.window, activity('7', 'update'), T0 + WEBHOOK_DEDUPE_MS - 1);
    expect(first.admitted).toBe(true);
    expect(again).toMatchObject({ admitted: false, reason: 'duplicate' });
    expect(admitWebhookEvent(first.window, activity('7', 'delete'), T0 + 1).admitted).toBe(true);
    expect(admitWebhookEvent(again.window, activity('7', 'update'), T0 + WEBHOOK_DEDUPE_MS).admitted).toBe(true);
  });

  it('does not count dropped duplicates against the budget', () => {
    let window: AthleteWebhookWindow | undefined;
    for (let index = 0; index < 100; index += 1) {
      window = admitWebhookEvent(window, activity('7'), T0 + index).window;
    }
    expect(window?.admittedAt).toHaveLength(1);
  });
});
