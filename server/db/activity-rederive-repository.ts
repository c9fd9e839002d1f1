/**
 * SQL for re-deriving stored uploads from their original files (server/services/activity-rederive.ts):
 * which activities are behind the current derivation version, and writing one activity's new
 * figures, track and version in a single transaction that no other app server can enter at once.
 */
import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import { insertActivityRows, type NewActivity } from './activity-repository.ts';
import { bytesParameter } from './activity-track-repository.ts';
import type { ActivityOverrides, FileFigures } from '../../core/activity/activity-corrections.ts';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import type { Db } from './db.ts';
import type { ActivitiesTable, Database } from './schema.ts';

export interface RederiveCandidate {
  id: string;
  userId: string;
  derivationVersion: number;
  /** The zone the file was dated in: the file's own where the runner corrected it. */
  timezone: string;
  fileType: string | null;
  originalFilename: string | null;
  fileSize: number | null;
  fileSha256: string | null;
  uploadedAt: Date | null;
  /** The start given for its file without times (activities.givenStart). */
  givenStart: Date | null;
  createdAt: Date;
  /** A leg of a multisport file: its place among the file's legs, else null. */
  multisportId: string | null;
  legIndex: number | null;
  /** Whether its original is kept (with the activity itself or, for a leg, with its event's first). */
  hasFile: boolean;
}

/** The activities an original file is kept for: the activity itself and the legs of its event. */
function sharesFile(eb: ExpressionBuilder<Database, 'activities' | 'activityFiles'>) {
  return eb.exists(
    eb
      .selectFrom('activities as owner')
      .whereRef('owner.id', '=', 'activityFiles.activityId')
      .where((inner) =>
        inner.or([
          inner('owner.id', '=', inner.ref('activities.id')),
          inner('owner.multisportId', '=', inner.ref('activities.multisportId')),
        ]),
      ),
  );
}

/** Uploads derived by older rules: lowest version first, then oldest first (activities_rederive_idx). */
export async function listActivitiesToRederive(db: Db, version: number, limit: number): Promise<RederiveCandidate[]> {
  const rows = await db
    .selectFrom('activities')
    .select([
      'activities.id',
      'activities.userId',
      'activities.derivationVersion',
      sql<string>`coalesce(activities.file_figures->>'timezone', activities.timezone)`.as('timezone'),
      'activities.fileType',
      'activities.originalFilename',
      'activities.fileSize',
      'activities.fileSha256',
      'activities.uploadedAt',
      'activities.givenStart',
      'activities.createdAt',
      'activities.multisportId',
      'activities.legIndex',
    ])
    .select((eb) => eb.exists(eb.selectFrom('activityFiles').where(sharesFile)).as('hasFile'))
    .where('activities.source', '=', 'upload')
    .where('activities.derivationVersion', '<', version)
    .orderBy('activities.derivationVersion')
    .orderBy('activities.createdAt')
    .orderBy('activities.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, hasFile: Boolean(row.hasFile) }));
}

/**
 * The gzip original of an activity, kept with it or, for a leg of a multisport file, with the first
 * leg of its event (any owner: the backfill works across users).
 */
export async function findOriginalFileData(db: Db, activityId: string): Promise<Uint8Array | undefined> {
  // As base64 text, like every bytea read here (activity-repository.ts bytesParameter).
  const row = await db
    .selectFrom('activities')
    .innerJoin('activityFiles', (join) => join.onTrue())
    .select(sql<string>`encode(activity_files.data, 'base64')`.as('data'))
    .where('activities.id', '=', activityId)
    .where(sharesFile)
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
  /** The runner's own, or an earlier import's file notes. */
  description: string;
  /** The runner chose the type (an edit): the file's type does not replace it. */
  typeEdited: boolean;
  type: UploadActivityType;
  /** The runner's corrections of the file's figures (core/activity/activity-corrections.ts): they stay. */
  overrides: ActivityOverrides | null;
  /** The file's figures, kept beside a corrected activity. */
  fileFigures: FileFigures | null;
}

/**
 * Writes an activity's re-derived figures, its track and the version in one transaction. The row is
 * locked first (FOR UPDATE SKIP LOCKED): when another app server holds it, or has already brought it
 * to this version, nothing is written and false comes back. `figures` is given the locked row, so a
 * rename made while the file was being parsed is seen. `added` are further activities the file now
 * gives (the other legs of a file that was stored as one activity), inserted in the same transaction.
 */
export async function saveRederivedActivity(
  db: Db,
  activityId: string,
  version: number,
  figures: (locked: LockedActivity) => Updateable<ActivitiesTable>,
  track: { pointCount: number; data: Uint8Array },
  added: readonly NewActivity[] = [],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('activities')
      .select(['name', 'description', 'typeEdited', 'type', 'overrides', 'fileFigures'])
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
      .set({ ...figures(locked), derivationVersion: version, trackFiguresAt: null })
      .where('id', '=', activityId)
      .execute();
    const values = { pointCount: track.pointCount, data: bytesParameter(track.data) };
    await trx
      .insertInto('activityTracks')
      .values({ activityId, ...values })
      .onConflict((oc) => oc.column('activityId').doUpdateSet(values))
      .execute();
    // The original file stays with the activity it was kept for.
    await insertActivityRows(trx, added, undefined);
    return true;
  });
}
