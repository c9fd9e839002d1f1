/**
 * Which Strava webhook events may cost a Strava API call. Push events carry no signature: anyone
 * who learns the subscription id can post them, and each one used to be followed by a request to
 * Strava, so a flood spent the whole rate-limit budget of the server. An event is followed up only
 * when it is well formed (object and aspect types Strava sends), names its own athlete, is not a
 * repeat of one followed up moments ago, and its athlete has not used up WEBHOOK_EVENTS_PER_ATHLETE
 * in the window. Everything else is answered 200 and dropped; polling stays the fallback.
 */
import { WEBHOOK_EVENTS_PER_ATHLETE, WEBHOOK_WINDOW_MS } from './constants.ts';

/** The same object and aspect again within this long is the same news: one fetch serves both. */
export const WEBHOOK_DEDUPE_MS = 60_000;

export type WebhookAspect = 'create' | 'update' | 'delete';

export type WebhookEvent =
  | { objectType: 'activity'; aspect: WebhookAspect; objectId: string; ownerId: string; subscriptionId: string }
  /** The athlete revoked Stride's access on strava.com (`updates.authorized: "false"`). */
  | { objectType: 'athlete'; aspect: 'deauthorize'; objectId: string; ownerId: string; subscriptionId: string };

const ASPECTS: readonly string[] = ['create', 'update', 'delete'];

/** Strava's ids are positive integers; sent as numbers, but a string of digits is accepted. */
function id(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
    return String(value);
  }
  return typeof value === 'string' && /^[1-9]\d{0,19}$/.test(value) ? value : null;
}

/**
 * A push event as Strava documents it (developers.strava.com "Webhook Events API"), or null for
 * anything else: unknown object or aspect types, missing ids, and athlete events other than a
 * deauthorisation of the athlete's own record.
 */
export function parseWebhookEvent(raw: unknown): WebhookEvent | null {
  if (typeof raw !== 'object' || raw === null) {
    return null;
  }
  const body = raw as Record<string, unknown>;
  const objectId = id(body.object_id);
  const ownerId = id(body.owner_id);
  const subscriptionId = id(body.subscription_id);
  if (objectId === null || ownerId === null || subscriptionId === null || typeof body.aspect_type !== 'string') {
    return null;
  }
  if (body.object_type === 'activity' && ASPECTS.includes(body.aspect_type)) {
    return {
      objectType: 'activity',
      aspect: body.aspect_type as WebhookAspect,
      objectId,
      ownerId,
      subscriptionId,
    };
  }
  const updates = typeof body.updates === 'object' && body.updates !== null ? body.updates : {};
  const authorized = (updates as Record<string, unknown>).authorized;
  if (
    body.object_type === 'athlete' &&
    body.aspect_type === 'update' &&
    objectId === ownerId &&
    String(authorized) === 'false'
  ) {
    return { objectType: 'athlete', aspect: 'deauthorize', objectId, ownerId, subscriptionId };
  }
  return null;
}

/** One athlete's recent follow-ups: when each was admitted, and when each object and aspect was last. */
export interface AthleteWebhookWindow {
  readonly admittedAt: readonly number[];
  readonly lastByKey: ReadonlyMap<string, number>;
}

export interface WebhookGateLimits {
  perAthlete: number;
  windowMs: number;
  dedupeMs: number;
}

export const WEBHOOK_GATE_LIMITS: WebhookGateLimits = {
  perAthlete: WEBHOOK_EVENTS_PER_ATHLETE,
  windowMs: WEBHOOK_WINDOW_MS,
  dedupeMs: WEBHOOK_DEDUPE_MS,
};

export type WebhookGateDecision =
  | { admitted: true; window: AthleteWebhookWindow }
  | { admitted: false; reason: 'duplicate' | 'athlete-limit'; window: AthleteWebhookWindow };

const EMPTY_WINDOW: AthleteWebhookWindow = { admittedAt: [], lastByKey: new Map() };

/** The key two events share when one fetch answers both. */
export function webhookEventKey(event: WebhookEvent): string {
  return `${event.objectType}:${event.objectId}:${event.aspect}`;
}

/**
 * Whether an event of a known, connected athlete is followed up now (`window` is that athlete's
 * state, undefined at first). The caller stores the returned window; only admitted events count.
 */
export function admitWebhookEvent(
  window: AthleteWebhookWindow | undefined,
  event: WebhookEvent,
  now: number,
  limits: WebhookGateLimits = WEBHOOK_GATE_LIMITS,
): WebhookGateDecision {
  const current = window ?? EMPTY_WINDOW;
  const admittedAt = current.admittedAt.filter((at) => at > now - limits.windowMs);
  const lastByKey = new Map([...current.lastByKey].filter(([, at]) => at > now - limits.dedupeMs));
  const key = webhookEventKey(event);
  if (lastByKey.has(key)) {
    return { admitted: false, reason: 'duplicate', window: { admittedAt, lastByKey } };
  }
  if (admittedAt.length >= limits.perAthlete) {
    return { admitted: false, reason: 'athlete-limit', window: { admittedAt, lastByKey } };
  }
  lastByKey.set(key, now);
  return { admitted: true, window: { admittedAt: [...admittedAt, now], lastByKey } };
}
