/**
 * SQL for "Download my data" (migration 0040): the export rows, and the runner's activities read a
 * page at a time while the ZIP is written. Every read is scoped by the owner's id.
 */
import { sql, type Selectable } from 'kysely';
import { SAMPLE_SOURCE } from '../../core/activity/samples.ts';
import type { Db } from './db.ts';
import type { DataExportsTable } from './schema.ts';

export type DataExportRow = Omit<Selectable<DataExportsTable>, 'sizeBytes'> & { sizeBytes: number | null };

const toRow = (row: Selectable<DataExportsTable>): DataExportRow => ({
  ...row,
  sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
});

/**
 * Starts an export unless one is building for the runner (the unique index over building rows
 * decides, so two requests at once make one). Returns the building row and whether it is new.
 */
export async function insertBuildingExport(
  db: Db,
  input: { id: string; userId: string; requestedAt: Date },
): Promise<{ row: DataExportRow; created: boolean }> {
  // The export found building may finish between the two statements (its job runs on another
  // connection): then the next insert starts a new one.
  for (;;) {
    const inserted = await db
      .insertInto('dataExports')
      .values({ ...input, state: 'building' })
      .onConflict((oc) => oc.column('userId').where('state', '=', 'building').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      return { row: toRow(inserted), created: true };
    }
    const building = await db
      .selectFrom('dataExports')
      .selectAll()
      .where('userId', '=', input.userId)
      .where('state', '=', 'building')
      .executeTakeFirst();
    if (building) {
      return { row: toRow(building), created: false };
    }
  }
}

/** The runner's newest export. */
export async function findLatestExport(db: Db, userId: string): Promise<DataExportRow | undefined> {
  const row = await db
    .selectFrom('dataExports')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('requestedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findExport(db: Db, userId: string, id: string): Promise<DataExportRow | undefined> {
  const row = await db
    .selectFrom('dataExports')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The building export is ready; returns false when it is no longer building (or gone with its runner). */
export async function markExportReady(
  db: Db,
  id: string,
  ready: { readyAt: Date; expiresAt: Date; sizeBytes: number },
): Promise<boolean> {
  const result = await db
    .updateTable('dataExports')
    .set({ state: 'ready', ...ready })
    .where('id', '=', id)
    .where('state', '=', 'building')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markExportFailed(db: Db, id: string): Promise<void> {
  await db
    .updateTable('dataExports')
    .set({ state: 'failed' })
    .where('id', '=', id)
    .where('state', '=', 'building')
    .execute();
}

/** Ready exports whose file still exists, of one runner, but `keepId` (a newer export replaces them). */
export function olderReadyExports(db: Db, userId: string, keepId: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('dataExports')
    .select('id')
    .where('userId', '=', userId)
    .where('state', '=', 'ready')
    .where('fileDeletedAt', 'is', null)
    .where('id', '!=', keepId)
    .execute();
}

/** Every export whose download expired at `now` and whose file is not deleted yet. */
export function expiredExports(db: Db, now: Date): Promise<{ id: string; userId: string }[]> {
  return db
    .selectFrom('dataExports')
    .select(['id', 'userId'])
    .where('expiresAt', '<=', now)
    .where('fileDeletedAt', 'is', null)
    .execute();
}

export async function markExportFileDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('dataExports').set({ fileDeletedAt: now }).where('id', '=', id).execute();
}

/** Where a page of activities starts: after this one, in start order. */
export interface ActivityCursor {
  startDate: Date;
  id: string;
}

/** An activity's stored row as the export writes it (the track and file are read apart). */
export async function exportActivityPage(db: Db, userId: string, after: ActivityCursor | null, limit: number) {
  let query = db
    .selectFrom('activities as a')
    .selectAll('a')
    // The activity holding the file (a multisport file is kept once, with one of its legs).
    .select(
      sql<string | null>`coalesce(
        (select f.activity_id from activity_files f where f.activity_id = a.id),
        (select f.activity_id from activity_files f join activities leg on leg.id = f.activity_id
          where a.multisport_id is not null and leg.user_id = a.user_id and leg.multisport_id = a.multisport_id
          limit 1))`.as('fileActivityId'),
    )
    .select(
      sql<number | null>`(select t.point_count from activity_tracks t where t.activity_id = a.id)`.as('trackPoints'),
    )
    .select(sql<string | null>`(select g.name from gear g where g.id = a.gear_id)`.as('gearName'))
    .where('a.userId', '=', userId)
    // The three demo runs are Stride's placeholders, not the runner's data.
    .where('a.source', '!=', SAMPLE_SOURCE);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('a.startDate', '>', after.startDate),
        eb.and([eb('a.startDate', '=', after.startDate), eb('a.id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('a.startDate').orderBy('a.id').limit(limit).execute();
}

export type ExportActivityRow = Awaited<ReturnType<typeof exportActivityPage>>[number];
