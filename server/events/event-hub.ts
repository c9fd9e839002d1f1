/**
 * Live events for open pages (DESIGN.md: Server-Sent Events fanned out with PostgreSQL
 * LISTEN/NOTIFY, so an event raised on one app server reaches a page connected to another).
 */
import type { Logger } from 'pino';
import type { ServerEvent } from '../../core/events.ts';
import type { DatabaseHandle } from '../db/database.ts';

const CHANNEL = 'stride_events';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

type Listener = (event: ServerEvent) => void;

interface Subscription {
  listener: Listener;
  onEnd: (() => void) | undefined;
}

/** Logged when the LISTEN connection is back after the database ended it: events in between were lost. */
export const LIVE_EVENTS_RESUMED =
  'live events resumed on a new database connection; events in between were not delivered';

export interface EventHub {
  /** Sends an event to every open page of the user, on every app server. */
  publish(userId: string, event: ServerEvent): Promise<void>;
  /**
   * Receives the user's events; returns the function that stops receiving. `onEnd` is called when
   * the server stops ({@link endSubscriptions}): the stream ends instead of holding its connection.
   */
  subscribe(userId: string, listener: Listener, onEnd?: () => void): () => void;
  /** The server is stopping: every subscriber's `onEnd` is called, once. */
  endSubscriptions(): void;
  close(): Promise<void>;
}

interface Envelope {
  userId: string;
  event: ServerEvent;
}

/** Keeps a payload under the NOTIFY limit: a long medal list is trimmed (pages reload the rest). */
function encode(envelope: Envelope): string {
  let payload = JSON.stringify(envelope);
  if (payload.length > MAX_PAYLOAD_BYTES && envelope.event.type === 'medals-awarded') {
    const { medals, unseenCount } = envelope.event;
    for (let keep = medals.length - 1; keep >= 0 && payload.length > MAX_PAYLOAD_BYTES; keep -= 1) {
      payload = JSON.stringify({
        ...envelope,
        event: { type: 'medals-awarded', medals: medals.slice(0, keep), unseenCount },
      });
    }
  }
  return payload;
}

export async function createEventHub(database: DatabaseHandle, logger: Logger): Promise<EventHub> {
  const listeners = new Map<string, Set<Subscription>>();
  const stop = await database.listen(
    CHANNEL,
    (payload) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(payload) as Envelope;
      } catch {
        logger.warn({ payload }, 'unreadable event');
        return;
      }
      for (const { listener } of listeners.get(envelope.userId) ?? []) {
        listener(envelope.event);
      }
    },
    () => logger.warn(LIVE_EVENTS_RESUMED),
  );
  return {
    async publish(userId, event) {
      await database.notify(CHANNEL, encode({ userId, event }));
    },
    subscribe(userId, listener, onEnd) {
      const set = listeners.get(userId) ?? new Set<Subscription>();
      const subscription = { listener, onEnd };
      set.add(subscription);
      listeners.set(userId, set);
      return () => {
        set.delete(subscription);
        if (set.size === 0) {
          listeners.delete(userId);
        }
      };
    },
    endSubscriptions() {
      for (const set of listeners.values()) {
        for (const subscription of set) {
          const { onEnd } = subscription;
          subscription.onEnd = undefined;
          onEnd?.();
        }
      }
    },
    close: stop,
  };
}
