/**
 * The per-runner read cache: answers the dashboard and the lists read most, kept in memory per user
 * and per request parameters that matter (time zone, query). Each answer remembers the tables its
 * load's queries named (server/db/touched-tables.ts), and is kept until a write touches one of them:
 * the writer's unit of work (unit-of-work.ts) drops those answers on this server before its answer
 * returns (so the runner's own next read is never stale) and on every other app server through the
 * invalidation bus. Entries never cross users, errors are never kept, and a short maximum age is
 * only a safety net.
 */
import { recordRead } from '../db/touched-tables.ts';
import type { InvalidationBus } from './invalidation-bus.ts';
import { Lru } from './lru.ts';

export interface ReadCacheOptions {
  bus: InvalidationBus;
  now: () => number;
  /** The safety net: an entry is read again after this long (ms). */
  maxAgeMs?: number;
  /** The answers of at most this many users are kept; the least recently active go first. */
  users?: number;
  /** False: nothing is kept, every read loads (the READ_CACHE setting, for measuring reads cold). */
  enabled?: boolean;
}

/**
 * A loaded answer that holds only for a while, or only sometimes: `keep` is what may be served
 * again, and until when (ms since the epoch), or null to keep nothing.
 */
export interface Loaded<T> {
  answer: T;
  keep: { answer: T; until: number } | null;
}

export interface ReadCache {
  /** The user's answer under `key`: from memory, else from `load` (kept when it succeeds). */
  get<T>(userId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** The same for an answer whose `load` says what of it may be kept, and until when. */
  getLoaded<T>(userId: string, key: string, load: () => Promise<Loaded<T>>): Promise<T>;
  /**
   * Drops the answers that read any of `tables`, of the user (of every user when null), here at
   * once and on every other app server.
   */
  invalidate(userId: string | null, tables: readonly string[]): Promise<void>;
  /** Drops every answer of the user, here at once and on every other app server. */
  invalidateUser(userId: string): Promise<void>;
  close(): void;
}

const DEFAULT_MAX_AGE_MS = 5 * 60 * 1000;
/** Users whose answers are kept; the least recently active go first. */
const DEFAULT_USERS = 5_000;
/** Answers kept per user (each list query is one); the oldest go first. */
const ANSWERS_PER_USER = 32;

interface Entry {
  value: unknown;
  storedAt: number;
  /** Served only before this time (ms), when the answer said so. */
  until: number;
  /** The tables the load's queries named: a write to any of them drops the entry. */
  tables: Set<string>;
}

const readsAny = (entry: Entry, tables: readonly string[] | undefined) =>
  tables === undefined || tables.some((table) => entry.tables.has(table));

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const { bus, now } = options;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const users = new Lru<string, Lru<string, Entry>>(options.users ?? DEFAULT_USERS);
  /**
   * The users with reads in flight: each invalidation moves their generation on, and a read begun
   * before one must not store its answer. Held only while a read is in flight, so it stays small.
   */
  const inFlight = new Map<string, { generation: number; reads: number }>();
  /** Moves on when everything is forgotten, for every user at once. */
  let everything = 0;
  const unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'reads') {
      const { userId, tables } = message;
      if (userId === undefined) {
        for (const reading of inFlight.values()) {
          reading.generation += 1;
        }
        for (const answers of users.values()) {
          answers.deleteWhere((_key, entry) => readsAny(entry, tables));
        }
        return;
      }
      const reading = inFlight.get(userId);
      if (reading) {
        reading.generation += 1;
      }
      users.get(userId)?.deleteWhere((_key, entry) => readsAny(entry, tables));
    } else if (message.kind === 'everything') {
      everything += 1;
      users.deleteWhere(() => true);
    }
  });

  async function getLoaded<T>(userId: string, key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (options.enabled === false) {
      return (await load()).answer;
    }
    const at = now();
    const entry = users.get(userId)?.get(key);
    if (entry && entry.storedAt + maxAgeMs > at && at < entry.until) {
      return entry.value as T;
    }
    let reading = inFlight.get(userId);
    if (!reading) {
      reading = { generation: 0, reads: 0 };
      inFlight.set(userId, reading);
    }
    reading.reads += 1;
    const generation = reading.generation;
    const startedAt = everything;
    let loaded: Loaded<T>;
    let tables: Set<string>;
    try {
      ({ value: loaded, tables } = await recordRead(load));
    } finally {
      reading.reads -= 1;
      if (reading.reads === 0) {
        inFlight.delete(userId);
      }
    }
    const { answer, keep } = loaded;
    if (keep && reading.generation === generation && everything === startedAt) {
      let answers = users.get(userId);
      if (!answers) {
        answers = new Lru<string, Entry>(ANSWERS_PER_USER);
        users.set(userId, answers);
      }
      answers.set(key, { value: keep.answer, storedAt: at, until: keep.until, tables });
    }
    return answer;
  }

  return {
    get: <T>(userId: string, key: string, load: () => Promise<T>) =>
      getLoaded(userId, key, async () => {
        const answer = await load();
        return { answer, keep: { answer, until: Number.POSITIVE_INFINITY } };
      }),
    getLoaded,
    invalidate: (userId, tables) =>
      tables.length === 0
        ? Promise.resolve()
        : bus.publish(
            userId === null ? { kind: 'reads', tables: [...tables] } : { kind: 'reads', userId, tables: [...tables] },
          ),
    invalidateUser: (userId) => bus.publish({ kind: 'reads', userId }),
    close: unsubscribe,
  };
}
