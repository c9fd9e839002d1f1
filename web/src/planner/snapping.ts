/**
 * The planner's snapping bookkeeping, pure: what each leg (by its two ends) got from the routing
 * service, which pending legs to reuse, ask for or wait on, and the notice beside the map. A leg the
 * service failed to route is drawn straight and asked for again after a back-off that doubles with
 * each failure (SNAP_RETRY_MS up to SNAP_RETRY_MAX_MS); the "drawn straight" notice stays while any
 * leg is straight because routing failed. Without a routing service legs stay straight, unasked.
 */
import type { LatLng } from '../../../core/routes/geometry.ts';
import { ROUTE_MESSAGES, type SnapResponse } from '../../../core/routes/route-api.ts';

/** First wait before a failed leg is asked for again. */
export const SNAP_RETRY_MS = 3_000;
/** Longest wait between asks for a leg that keeps failing. */
export const SNAP_RETRY_MAX_MS = 60_000;

export interface Leg {
  index: number;
  from: LatLng;
  to: LatLng;
}

export type LegAnswer =
  | { kind: 'snapped'; path: LatLng[] }
  | { kind: 'failed'; at: number; failures: number }
  /** The server has no routing service: drawn straight, never asked again. */
  | { kind: 'off' };

export type SnapAnswers = ReadonlyMap<string, LegAnswer>;

export const legKey = (from: LatLng, to: LatLng) => `${from.lat},${from.lng};${to.lat},${to.lng}`;

function retryAt(answer: Extract<LegAnswer, { kind: 'failed' }>): number {
  return answer.at + Math.min(SNAP_RETRY_MS * 2 ** (answer.failures - 1), SNAP_RETRY_MAX_MS);
}

/** Pending legs split into those with a known path, those to ask for now, and the rest (asking or waiting). */
export function planSnap(
  pending: readonly Leg[],
  answers: SnapAnswers,
  asking: ReadonlySet<string>,
  now: number,
): { known: (Leg & { path: LatLng[] })[]; ask: Leg[] } {
  const known: (Leg & { path: LatLng[] })[] = [];
  const ask: Leg[] = [];
  for (const leg of pending) {
    const key = legKey(leg.from, leg.to);
    const answer = answers.get(key);
    if (answer?.kind === 'snapped') {
      known.push({ ...leg, path: answer.path });
    } else if (!asking.has(key) && (answer === undefined || (answer.kind === 'failed' && now >= retryAt(answer)))) {
      ask.push(leg);
    }
  }
  return { known, ask };
}

/** The answers with a routing reply (or a failed request: `reply` null) for `legs` recorded. */
export function recordAnswers(
  answers: SnapAnswers,
  legs: readonly Leg[],
  reply: SnapResponse | null,
  now: number,
): Map<string, LegAnswer> {
  const next = new Map(answers);
  legs.forEach((leg, i) => {
    const key = legKey(leg.from, leg.to);
    const path = reply?.legs[i]?.path ?? null;
    const previous = answers.get(key);
    const failures = previous?.kind === 'failed' ? previous.failures + 1 : 1;
    next.set(
      key,
      reply !== null && !reply.available
        ? { kind: 'off' }
        : path === null
          ? { kind: 'failed', at: now, failures }
          : { kind: 'snapped', path },
    );
  });
  return next;
}

/** Milliseconds until the first failed pending leg may be asked for again; null when none waits. */
export function nextRetryIn(pending: readonly Leg[], answers: SnapAnswers, now: number): number | null {
  let soonest: number | null = null;
  for (const leg of pending) {
    const answer = answers.get(legKey(leg.from, leg.to));
    if (answer?.kind === 'failed') {
      const wait = Math.max(0, retryAt(answer) - now);
      soonest = soonest === null ? wait : Math.min(soonest, wait);
    }
  }
  return soonest;
}

/**
 * Whether a leg still waits for its first answer (or for a path not yet drawn): a save now would keep
 * a straight leg the map is about to replace. A leg that failed or has no routing service is final
 * until its retry, so it does not hold a save.
 */
export function snapping(pending: readonly Leg[], answers: SnapAnswers): boolean {
  return pending.some((leg) => {
    const answer = answers.get(legKey(leg.from, leg.to));
    return answer === undefined || answer.kind === 'snapped';
  });
}

/** The notice for the legs drawn straight now: no routing service, or the service failed on some. */
export function snapNotice(pending: readonly Leg[], answers: SnapAnswers): string | null {
  const kinds = new Set(pending.map((leg) => answers.get(legKey(leg.from, leg.to))?.kind));
  return kinds.has('off') ? ROUTE_MESSAGES.snappingOff : kinds.has('failed') ? ROUTE_MESSAGES.snappingFailed : null;
}
