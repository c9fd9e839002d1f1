/**
 * SQL for the binary side of activities: their tracks and the original files. Every read is scoped
 * by the owner's id.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from './db.ts';

/**
 * Binary columns travel as base64 text: PGlite serialises a 3 MB bytea parameter in ~800 ms but
 * decodes the same bytes from base64 in ~90 ms, and node-postgres would send hex (twice the size).
 */
export function bytesParameter(bytes: Uint8Array): RawBuilder<Uint8Array> {
  return sql<Uint8Array>`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;
}

function bytesFromBase64(base64: string): Uint8Array {
  // PostgreSQL's encode() breaks base64 into lines; Node's decoder skips the line breaks.
  return Buffer.from(base64, 'base64');
}

/** Stores or replaces an activity's track (a Strava activity's streams, refreshed daily). */
export async function saveTrack(
  db: Db,
  activityId: string,
  track: { pointCount: number; data: Uint8Array },
): Promise<void> {
  const values = { pointCount: track.pointCount, data: bytesParameter(track.data) };
  await db
    .insertInto('activityTracks')
    .values({ activityId, ...values })
    .onConflict((oc) => oc.column('activityId').doUpdateSet(values))
    .execute();
}

export async function findTrackData(db: Db, userId: string, activityId: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('activityTracks')
    .innerJoin('activities', 'activities.id', 'activityTracks.activityId')
    .select(sql<string>`encode(activity_tracks.data, 'base64')`.as('data'))
    .where('activities.userId', '=', userId)
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  return row ? bytesFromBase64(row.data) : undefined;
}

export async function hasTrack(db: Db, activityId: string): Promise<boolean> {
  const row = await db
    .selectFrom('activityTracks')
    .select('activityId')
    .where('activityId', '=', activityId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The file an activity was uploaded as. A multisport file is kept once, with one of its legs:
 * every leg finds it through the event they share.
 */
export async function findOriginalFile(db: Db, userId: string, activityId: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('activityFiles')
    .innerJoin('activities', 'activities.id', 'activityFiles.activityId')
    .select(sql<string>`encode(activity_files.data, 'base64')`.as('data'))
    .where('activities.userId', '=', userId)
    .where((eb) =>
      eb.or([
        eb('activities.id', '=', activityId),
        eb(
          'activities.multisportId',
          '=',
          eb
            .selectFrom('activities as leg')
            .select('leg.multisportId')
            .where('leg.userId', '=', userId)
            .where('leg.id', '=', activityId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row ? bytesFromBase64(row.data) : undefined;
}
