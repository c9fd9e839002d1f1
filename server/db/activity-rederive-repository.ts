/**
 * SQL for re-deriving stored uploads from their original files (server/services/activity-rederive.ts):
 * which activities are behind the current derivation version, and writing one activity's new
 * figures, track and version in a single transaction that no other app server can enter at once.
 */
import { sql, type Updateable } from 'kysely';
import { bytesParameter } from './activity-repository.ts';
import type { Db } from './profile-repository.ts';
import type { ActivitiesTable } from './schema.ts';

export interface RederiveCandidate {
  id: string;
  userId: string;
  derivationVersion: number;
  timezone: string;
  fileType: string | null;
  originalFilename: string | null;
  fileSize: number | null;
  uploadedAt: Date | null;
  createdAt: Date;
  hasFile: boolean;
}

/** Uploads derived by older rules: lowest version first, then oldest first (activities_rederive_idx). */
export async function listActivitiesToRederive(db: Db, version: number, limit: number): Promise<RederiveCandidate[]> {
  const rows = await db
    .selectFrom('activities')
    .select([
      'activities.id',
      'activities.userId',
      'activities.derivationVersion',
      'activities.timezone',
      'activities.fileType',
      'activities.originalFilename',
      'activities.fileSize',
      'activities.uploadedAt',
      'activities.createdAt',
    ])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('activityFiles').whereRef('activityFiles.activityId', '=', 'activities.id'))
        .as('hasFile'),
    )
    .where('activities.source', '=', 'upload')
    .where('activities.derivationVersion', '<', version)
    .orderBy('activities.derivationVersion')
    .orderBy('activities.createdAt')
    .orderBy('activities.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, hasFile: Boolean(row.hasFile) }));
}

/** The gzip original of an activity (any owner: the backfill works across users). */
export async function findOriginalFileData(db: Db, activityId: string): Promise<Uint8Array | undefined> {
  // As base64 text, like every bytea read here (activity-repository.ts bytesParameter).
  const row = await db
    .selectFrom('activityFiles')
    .select(sql<string>`encode(data, 'base64')`.as('data'))
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  return row ? Buffer.from(row.data, 'base64') : undefined;
}

/**
 * Sets the version without touching the figures (no original file, or one that no longer parses).
 * Only when still behind: another app server may have re-derived it meanwhile.
 */
export async function markDerivationVersion(db: Db, activityId: string, version: number): Promise<boolean> {
  const result = await db
    .updateTable('activities')
    .set({ derivationVersion: version })
    .where('id', '=', activityId)
    .where('derivationVersion', '<', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the runner owns on the row as it is when the new figures are written. */
export interface LockedActivity {
  name: string;
}

/**
 * Writes an activity's re-derived figures, its track and the version in one transaction. The row is
 * locked first (FOR UPDATE SKIP LOCKED): when another app server holds it, or has already brought it
 * to this version, nothing is written and false comes back. `figures` is given the locked row, so a
 * rename made while the file was being parsed is seen.
 */
export async function saveRederivedActivity(
  db: Db,
  activityId: string,
  version: number,
  figures: (locked: LockedActivity) => Updateable<ActivitiesTable>,
  track: { pointCount: number; data: Uint8Array },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('activities')
      .select('name')
      .where('id', '=', activityId)
      .where('derivationVersion', '<', version)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!locked) {
      return false;
    }
    await trx
      .updateTable('activities')
      .set({ ...figures(locked), derivationVersion: version })
      .where('id', '=', activityId)
      .execute();
    const values = { pointCount: track.pointCount, data: bytesParameter(track.data) };
    await trx
      .insertInto('activityTracks')
      .values({ activityId, ...values })
      .onConflict((oc) => oc.column('activityId').doUpdateSet(values))
      .execute();
    return true;
  });
}
