/** SQL for export-archive imports (migration 0039): the import's row, its lease, and its per-entry report. */
import type { ArchiveOutcome } from '../../core/activity/archive-rules.ts';
import { isUniqueViolation, type Db } from './db.ts';
import type { ArchiveImportsTable } from './schema.ts';
import type { Selectable } from 'kysely';

export type ArchiveImportRow = Selectable<ArchiveImportsTable>;

export interface ArchiveEntryRecord {
  entryKey: string;
  position: number;
  name: string;
  outcome: ArchiveOutcome;
  message: string | null;
  activityId: string | null;
}

const UNFINISHED = ['queued', 'running'];

export async function findUnfinishedArchiveImport(db: Db, userId: string): Promise<ArchiveImportRow | undefined> {
  return db
    .selectFrom('archiveImports')
    .selectAll()
    .where('userId', '=', userId)
    .where('status', 'in', UNFINISHED)
    .executeTakeFirst();
}

/** Every unfinished import of every runner (a start-up picks them up again). */
export async function listUnfinishedArchiveImports(db: Db): Promise<{ id: string }[]> {
  return db.selectFrom('archiveImports').select('id').where('status', 'in', UNFINISHED).execute();
}

/** The runner's latest import, finished or not. */
export async function findLatestArchiveImport(db: Db, userId: string): Promise<ArchiveImportRow | undefined> {
  return db
    .selectFrom('archiveImports')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findArchiveImport(db: Db, id: string): Promise<ArchiveImportRow | undefined> {
  return db.selectFrom('archiveImports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a queued import; false when the runner already has one unfinished (the partial unique index). */
export async function insertArchiveImport(
  db: Db,
  row: { id: string; userId: string; fileName: string; filePath: string; fileSize: number; timeZone: string },
): Promise<boolean> {
  try {
    await db
      .insertInto('archiveImports')
      .values({ ...row, status: 'queued' })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) {
      return false;
    }
    throw error;
  }
}

/**
 * Takes the import for this server until `until`: when it is queued, or running under a lease that
 * ran out (its server died). Returns the row when taken, else undefined.
 */
export async function claimArchiveImport(
  db: Db,
  id: string,
  now: Date,
  until: Date,
): Promise<ArchiveImportRow | undefined> {
  return db
    .updateTable('archiveImports')
    .set({ status: 'running', leasedUntil: until })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb.or([eb('leasedUntil', 'is', null), eb('leasedUntil', '<', now)])]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function renewArchiveLease(db: Db, id: string, until: Date): Promise<void> {
  await db.updateTable('archiveImports').set({ leasedUntil: until }).where('id', '=', id).execute();
}

/** Gives the lease up (a server stopping): the next start takes the import on at once. */
export async function releaseArchiveLease(db: Db, id: string): Promise<void> {
  await db.updateTable('archiveImports').set({ leasedUntil: null }).where('id', '=', id).execute();
}

export async function setArchiveTotal(db: Db, id: string, total: number): Promise<void> {
  await db.updateTable('archiveImports').set({ total }).where('id', '=', id).execute();
}

export async function finishArchiveImport(
  db: Db,
  id: string,
  outcome: { status: 'done' | 'failed'; message: string | null; finishedAt: Date },
): Promise<void> {
  await db
    .updateTable('archiveImports')
    .set({ status: outcome.status, message: outcome.message, finishedAt: outcome.finishedAt, leasedUntil: null })
    .where('id', '=', id)
    .execute();
}

/** The keys of the entries already handled (the resume point). */
export async function listHandledEntryKeys(db: Db, importId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('archiveImportEntries')
    .select('entryKey')
    .where('importId', '=', importId)
    .execute();
  return new Set(rows.map((row) => row.entryKey));
}

/**
 * Records one handled entry and moves the import's counts, inside the caller's transaction (so an
 * activity's insert and its mark commit together). False when the entry was recorded already.
 */
export async function recordArchiveEntry(trx: Db, importId: string, entry: ArchiveEntryRecord): Promise<boolean> {
  const inserted = await trx
    .insertInto('archiveImportEntries')
    .values({ importId, ...entry })
    .onConflict((oc) => oc.columns(['importId', 'entryKey']).doNothing())
    .returning('entryKey')
    .executeTakeFirst();
  if (!inserted) {
    return false;
  }
  await trx
    .updateTable('archiveImports')
    .set((eb) => ({
      done: eb('done', '+', 1),
      imported: eb('imported', '+', entry.outcome === 'imported' ? 1 : 0),
      duplicates: eb('duplicates', '+', entry.outcome === 'duplicate' ? 1 : 0),
      refused: eb('refused', '+', entry.outcome === 'refused' ? 1 : 0),
    }))
    .where('id', '=', importId)
    .execute();
  return true;
}

export async function listArchiveEntries(db: Db, importId: string): Promise<ArchiveEntryRecord[]> {
  const rows = await db
    .selectFrom('archiveImportEntries')
    .select(['entryKey', 'position', 'name', 'outcome', 'message', 'activityId'])
    .where('importId', '=', importId)
    .orderBy('position')
    .orderBy('entryKey')
    .execute();
  return rows.map((row) => ({ ...row, outcome: row.outcome as ArchiveOutcome }));
}

/** A manual activity of the runner starting at that instant with that distance (an archive row imported before). */
export async function findManualActivityAt(
  db: Db,
  userId: string,
  startDate: Date,
  distance: number,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('activities')
    .select('id')
    .where('userId', '=', userId)
    .where('source', '=', 'manual')
    .where('startDate', '=', startDate)
    .where('distance', '>=', distance - 1)
    .where('distance', '<=', distance + 1)
    .executeTakeFirst();
}
