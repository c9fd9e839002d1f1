/**
 * The per-runner read cache: answers the dashboard and the lists read most, kept in memory per user
 * and per request parameters that matter (time zone, query). Each answer remembers the tables its
 * load's queries named (server/db/touched-tables.ts), and is kept until a write touches one of them:
 * the writer's unit of work (unit-of-work.ts) drops those answers on this server before its answer
 * returns (so the runner's own next read is never stale) and on every other app server through the
 * invalidation bus. Entries never cross users, errors are never kept, and a short maximum age is
 * only a safety net. Memory is bounded whatever the number of users: every answer is sized
 * ({@link answerBytes}) and the least recently used answers, of any user, go once the sizes add up
 * to more than the budget.
 */
import { changedBy, recordRead } from '../db/touched-tables.ts';
import type { InvalidationBus } from './invalidation-bus.ts';

export interface ReadCacheOptions {
  bus: InvalidationBus;
  now: () => number;
  /** The safety net: an entry is read again after this long (ms). */
  maxAgeMs?: number;
  /**
   * The memory the answers of all users together may take, by their estimated size
   * ({@link answerBytes}); the least recently used answer goes first, whatever user it is of.
   */
  maxBytes?: number;
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
  /** What the cache holds now: its answers, the users they are of, and their estimated bytes. */
  stats(): { answers: number; users: number; bytes: number };
  close(): void;
}

const DEFAULT_MAX_AGE_MS = 5 * 60 * 1000;
/** The default memory budget (READ_CACHE_MAX_MB). */
export const DEFAULT_READ_CACHE_MAX_BYTES = 200 * 1024 * 1024;
/** Answers kept per user (each list query is one); the least recently used go first. */
const ANSWERS_PER_USER = 32;
/** What an entry costs besides its answer: the entry, its key and table set, the maps' slots. */
const ENTRY_OVERHEAD_BYTES = 512;

/**
 * The estimated memory of one kept answer: three times the length of its JSON (the parsed objects
 * V8 holds take about that much more than their text), its key and a fixed overhead. An estimate,
 * not a measure: it grows with what the answer holds, which is what the budget must follow.
 */
export function answerBytes(key: string, answer: unknown): number {
  const json = JSON.stringify(answer) as string | undefined;
  return 3 * (json?.length ?? 0) + 2 * key.length + ENTRY_OVERHEAD_BYTES;
}

interface Entry {
  userId: string;
  key: string;
  value: unknown;
  storedAt: number;
  /** Served only before this time (ms), when the answer said so. */
  until: number;
  /** The marks of what the load's queries read (touched-tables.ts): a write that changed them drops it. */
  tables: Set<string>;
  bytes: number;
}

const readsAny = (entry: Entry, written: readonly string[] | undefined) =>
  written === undefined || changedBy(entry.tables, written);

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const { bus, now } = options;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_READ_CACHE_MAX_BYTES;
  /** Each user's answers by key, each map least recently used first. */
  const users = new Map<string, Map<string, Entry>>();
  /** Every answer of every user, least recently used first: the order the budget drops them in. */
  const recency = new Set<Entry>();
  let bytes = 0;

  const remove = (entry: Entry) => {
    const answers = users.get(entry.userId);
    if (answers?.get(entry.key) === entry) {
      answers.delete(entry.key);
      if (answers.size === 0) {
        users.delete(entry.userId);
      }
    }
    if (recency.delete(entry)) {
      bytes -= entry.bytes;
    }
  };
  const removeWhere = (answers: Map<string, Entry> | undefined, tables: readonly string[] | undefined) => {
    for (const entry of [...(answers?.values() ?? [])]) {
      if (readsAny(entry, tables)) {
        remove(entry);
      }
    }
  };
  const touch = (entry: Entry, answers: Map<string, Entry>) => {
    answers.delete(entry.key);
    answers.set(entry.key, entry);
    recency.delete(entry);
    recency.add(entry);
  };
  const store = (entry: Entry) => {
    const existing = users.get(entry.userId)?.get(entry.key);
    if (existing) {
      remove(existing);
    }
    if (entry.bytes > maxBytes) {
      return;
    }
    let answers = users.get(entry.userId);
    if (!answers) {
      answers = new Map();
      users.set(entry.userId, answers);
    }
    answers.set(entry.key, entry);
    recency.add(entry);
    bytes += entry.bytes;
    for (const oldest of answers.values()) {
      if (answers.size <= ANSWERS_PER_USER) {
        break;
      }
      remove(oldest);
    }
    for (const oldest of recency) {
      if (bytes <= maxBytes) {
        break;
      }
      remove(oldest);
    }
  };
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
        for (const answers of [...users.values()]) {
          removeWhere(answers, tables);
        }
        return;
      }
      const reading = inFlight.get(userId);
      if (reading) {
        reading.generation += 1;
      }
      removeWhere(users.get(userId), tables);
    } else if (message.kind === 'everything') {
      everything += 1;
      users.clear();
      recency.clear();
      bytes = 0;
    }
  });

  async function getLoaded<T>(userId: string, key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (options.enabled === false) {
      return (await load()).answer;
    }
    const at = now();
    const answers = users.get(userId);
    const entry = answers?.get(key);
    if (answers && entry && entry.storedAt + maxAgeMs > at && at < entry.until) {
      touch(entry, answers);
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
      store({
        userId,
        key,
        value: keep.answer,
        storedAt: at,
        until: keep.until,
        tables,
        bytes: answerBytes(key, keep.answer),
      });
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
    stats: () => ({ answers: recency.size, users: users.size, bytes }),
    close: unsubscribe,
  };
}
