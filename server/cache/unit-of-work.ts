/**
 * One unit of work per use case (and per background job): it records what its queries write (the
 * tables, or the columns an update sets: server/db/touched-tables.ts) and, once it ends, drops
 * exactly the cached reads that read it, of its runner, here and on every other app server
 * (read-cache.ts). No writer names what it changed: a new write is covered by being a query.
 *
 * A write of rows also changes the rows that reference the written table's through a foreign key
 * that cascades: those tables count as written too. A unit of work of no runner (a public token's, a
 * webhook's, a start-up pass over every runner) drops the answers of every runner that read a table
 * it wrote. A unit started inside an open one of the same runner joins it; otherwise it is its own.
 *
 * A runner's unit that wrote the account or its sessions (a name, a password, a sign-out elsewhere,
 * a disabled or deleted account) also drops the runner's cached sessions (session-cache.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { recordTables, tableOfMark, type TableRecording } from '../db/touched-tables.ts';
import type { ReadCache } from './read-cache.ts';
import type { SessionCache } from './session-cache.ts';

/** The tables a cached session is read from. */
const SESSION_TABLES = ['auth_users', 'auth_sessions'];

interface Unit {
  userId: string | null;
  recording: TableRecording;
  /** Until its work ends; work it started that goes on after still records into it. */
  open: boolean;
}

export interface UnitsOfWork {
  /**
   * Runs `work` as the runner's unit of work (null: no runner's own); once the promise it returns
   * settles, the cached reads of the tables it wrote are dropped. A work that returns no promise
   * finished no query: nothing to drop.
   */
  run<T>(userId: string | null, work: () => T): T;
  /**
   * Drops now the reads the current unit's writes so far changed: before open pages are told to
   * read again (server/services/wiring/), so what they read is fresh. The end of the unit drops them
   * again, in case a transaction committed after this.
   */
  flush(): Promise<void>;
  /** Settles once every unit begun so far has ended and dropped what it wrote (tests await it). */
  settled(): Promise<void>;
}

export function createUnitsOfWork(
  reads: Pick<ReadCache, 'invalidate'>,
  /** Each table's foreign-key dependents (touched-tables.ts); asked once, at the first write. */
  loadDependents: () => Promise<Map<string, Set<string>>>,
  sessions?: Pick<SessionCache, 'userSessionsChanged'>,
): UnitsOfWork {
  const units = new AsyncLocalStorage<Unit>();
  /** The ends of the units still running or dropping. */
  const ending = new Set<Promise<unknown>>();
  let dependents: Promise<Map<string, Set<string>>> | undefined;
  const flush = async (unit: Unit) => {
    const { written } = unit.recording;
    if (written.size === 0) {
      return;
    }
    dependents ??= loadDependents().catch((error: unknown) => {
      dependents = undefined;
      throw error;
    });
    const below = await dependents;
    const tables = new Set(written);
    for (const table of written) {
      for (const dependent of below.get(table) ?? []) {
        tables.add(dependent);
      }
    }
    await reads.invalidate(unit.userId, [...tables]);
    if (sessions && unit.userId !== null && [...written].some((mark) => SESSION_TABLES.includes(tableOfMark(mark)))) {
      await sessions.userSessionsChanged(unit.userId);
    }
  };
  return {
    run<T>(userId: string | null, work: () => T): T {
      const current = units.getStore();
      if (current?.open === true && current.userId === userId) {
        return work();
      }
      const unit: Unit = { userId, recording: { written: new Set(), read: null }, open: true };
      let result: T;
      try {
        result = units.run(unit, () => recordTables(unit.recording, work));
      } catch (error) {
        unit.open = false;
        throw error;
      }
      if (!(result instanceof Promise)) {
        unit.open = false;
        return result;
      }
      const ended = result.finally(async () => {
        unit.open = false;
        await flush(unit);
      });
      const settledEnd: Promise<unknown> = ended.then(
        (): boolean => ending.delete(settledEnd),
        (): boolean => ending.delete(settledEnd),
      );
      ending.add(settledEnd);
      return ended as T;
    },
    async settled() {
      while (ending.size > 0) {
        await Promise.all([...ending]);
      }
    },
    async flush() {
      const unit = units.getStore();
      if (unit) {
        await flush(unit);
      }
    },
  };
}
