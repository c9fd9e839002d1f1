/**
 * What every app server's caches must forget, sent over PostgreSQL LISTEN/NOTIFY on its own channel
 * (beside the live events' `stride_events`), so a write or a revoked session on one app server is
 * forgotten by the caches of all of them. The server that publishes applies the message to its own
 * caches at once, before the NOTIFY; the others apply it when the notification arrives (its latency
 * is the only delay across servers). Messages name users and hashed session tokens, never a token.
 */
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database.ts';

const CHANNEL = 'stride_cache_invalidations';

export type Invalidation =
  /** One session ended or changed (sign-out, revocation, an extended expiry): its token's hash. */
  | { kind: 'session'; tokenHash: string }
  /** Every session of the user (password change, other sessions ended, deletion, disabled). */
  | { kind: 'user-sessions'; userId: string }
  /**
   * Cached reads a write changed: those that read any of `tables` (every one when absent), of the
   * user (of every user when absent: a write no runner's own, such as a public token's).
   */
  | { kind: 'reads'; userId?: string; tables?: string[] }
  /**
   * Everything, on this server only: its LISTEN connection was opened again after the database
   * ended it, and whatever other servers sent in between never arrived.
   */
  | { kind: 'everything' };

type Handler = (message: Invalidation) => void;

/** Logged when the caches are emptied because invalidations from other servers may have been missed. */
export const CACHES_FORGOTTEN =
  'cache invalidations resumed on a new database connection; every cached answer forgotten';

export interface InvalidationBus {
  /** Applies the message on this server at once, then sends it to every other app server. */
  publish(message: Invalidation): Promise<void>;
  /** Receives every message, this server's own included; returns the function that stops receiving. */
  subscribe(handler: Handler): () => void;
  close(): Promise<void>;
}

function isInvalidation(value: unknown): value is Invalidation {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const message = value as Record<string, unknown>;
  if (message.kind === 'reads') {
    return (
      (message.userId === undefined || typeof message.userId === 'string') &&
      (message.tables === undefined ||
        (Array.isArray(message.tables) && message.tables.every((table) => typeof table === 'string')))
    );
  }
  return (
    (message.kind === 'session' && typeof message.tokenHash === 'string') ||
    (message.kind === 'user-sessions' && typeof message.userId === 'string')
  );
}

/** A bus within one process only: for code that builds the services without a database listener. */
export function createLocalInvalidationBus(): InvalidationBus {
  const handlers = new Set<Handler>();
  return {
    publish: (message) => {
      for (const handler of handlers) {
        handler(message);
      }
      return Promise.resolve();
    },
    subscribe: (handler) => {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    close: () => Promise.resolve(),
  };
}

export async function createInvalidationBus(database: DatabaseHandle, logger: Logger): Promise<InvalidationBus> {
  const local = createLocalInvalidationBus();
  const stop = await database.listen(
    CHANNEL,
    (payload) => {
      let message: unknown;
      try {
        message = JSON.parse(payload);
      } catch {
        message = undefined;
      }
      if (!isInvalidation(message)) {
        logger.warn({ payload }, 'unreadable cache invalidation');
        return;
      }
      void local.publish(message);
    },
    () => {
      logger.warn(CACHES_FORGOTTEN);
      void local.publish({ kind: 'everything' });
    },
  );
  return {
    async publish(message) {
      await local.publish(message);
      await database.notify(CHANNEL, JSON.stringify(message));
    },
    subscribe: (handler) => local.subscribe(handler),
    close: stop,
  };
}
