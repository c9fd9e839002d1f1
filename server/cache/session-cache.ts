/**
 * Sessions without a database round trip: what the session check needs of a signed-in request,
 * kept in memory under a hash of the session cookie (never the cookie or the token itself).
 *
 * Correctness comes from exact invalidation, never from the entries' age: every way a session ends
 * or changes drops it here, on this server before the request that ended it is answered, and on
 * every other app server through the invalidation bus (server/auth/auth.ts lists better-auth's ways;
 * a unit of work that wrote the account or its sessions is the other, unit-of-work.ts).
 * Beside that, an entry is never served past the session's own expiry (the request is refused, as
 * the database would refuse it), nor once the session is due for better-auth's extension (the
 * request then reads the database, which extends it), nor after a short safety-net age.
 */
import { createHash } from 'node:crypto';
import type { InvalidationBus } from './invalidation-bus.ts';
import { Lru } from './lru.ts';

/** What the session check (server/http/require-user.ts) needs of a session and its user. */
export interface CachedSession {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  disabled: boolean;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** better-auth's get-session answer for this session (JSON, without the token), served as is. */
  body: string;
}

export interface SessionCacheOptions {
  bus: InvalidationBus;
  /** The time expiry is judged by: better-auth judges it by the machine's time. */
  now: () => number;
  /** The session lifetime and the age after which better-auth extends a used session (ms). */
  lifetimeMs: number;
  updateAgeMs: number;
  /** The safety net: an entry is read again from the database after this long (ms). */
  maxAgeMs?: number;
  /** At most this many sessions are kept; the least recently used go first. */
  capacity?: number;
}

export interface SessionCache {
  /**
   * The session of this signed cookie value: from memory, else from `load` (better-auth's look-up),
   * whose answer is kept. Null for no session, an expired one, or a cookie better-auth refuses.
   */
  read(cookie: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null>;
  /**
   * The session of this signed cookie value if memory can answer for it now (held, unexpired, not
   * due for extension, inside the safety net); undefined when only the database can.
   */
  peek(cookie: string): CachedSession | undefined;
  /** A session ended or changed (better-auth's raw token): forgotten on every app server. */
  sessionChanged(token: string): Promise<void>;
  /** Every session of the user ended or changed: forgotten on every app server. */
  userSessionsChanged(userId: string): Promise<void>;
  /** How many sessions are held (tests and the bench). */
  size(): number;
  close(): void;
}

const DEFAULT_MAX_AGE_MS = 5 * 60 * 1000;
const DEFAULT_CAPACITY = 10_000;

/** SHA-256 in hex, as the database's triggers compute it (migration 0025). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The raw token of a signed cookie value (`token.signature`). */
function tokenOf(cookie: string): string {
  const dot = cookie.lastIndexOf('.');
  return dot > 0 ? cookie.slice(0, dot) : cookie;
}

interface Entry {
  session: CachedSession;
  tokenHash: string;
  storedAt: number;
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const { bus, now, lifetimeMs, updateAgeMs } = options;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const entries = new Lru<string, Entry>(options.capacity ?? DEFAULT_CAPACITY);
  /** Moves on with every invalidation: a look-up that began before one must not store its answer. */
  let epoch = 0;
  const unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'session') {
      epoch += 1;
      entries.deleteWhere((_key, entry) => entry.tokenHash === message.tokenHash);
    } else if (message.kind === 'user-sessions') {
      epoch += 1;
      entries.deleteWhere((_key, entry) => entry.session.userId === message.userId);
    } else if (message.kind === 'everything') {
      epoch += 1;
      entries.deleteWhere(() => true);
    }
  });

  /** Memory answers for an unexpired entry until it is due for extension or the safety net. */
  const servable = (entry: Entry, at: number): boolean =>
    entry.session.expiresAt > at &&
    entry.session.expiresAt - lifetimeMs + updateAgeMs > at &&
    entry.storedAt + maxAgeMs > at;

  return {
    peek(cookie) {
      const entry = entries.get(hashSecret(cookie));
      return entry && servable(entry, now()) ? entry.session : undefined;
    },
    async read(cookie, load) {
      const key = hashSecret(cookie);
      const at = now();
      const entry = entries.get(key);
      if (entry) {
        if (entry.session.expiresAt <= at) {
          entries.delete(key);
          return null;
        }
        if (servable(entry, at)) {
          return entry.session;
        }
        entries.delete(key);
      }
      const startedAt = epoch;
      const session = await load();
      if (session === null || session.expiresAt <= now()) {
        return null;
      }
      if (epoch === startedAt) {
        entries.set(key, { session, tokenHash: hashSecret(tokenOf(cookie)), storedAt: at });
      }
      return session;
    },
    sessionChanged: (token) => bus.publish({ kind: 'session', tokenHash: hashSecret(token) }),
    userSessionsChanged: (userId) => bus.publish({ kind: 'user-sessions', userId }),
    size: () => entries.size,
    close: unsubscribe,
  };
}
