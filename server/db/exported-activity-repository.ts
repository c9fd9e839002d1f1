/**
 * The activities of "Download my data" (`stride/activities.json`, docs/data-export.md): each row as
 * stored with its links, its gear's name and best efforts, and put back by the archive import as
 * the runner's, with its track and original file. An activity the runner has already (the same
 * Strava activity, file, or start and distance) is found, never doubled.
 */
import { z } from 'zod';
import { ACTIVITY_FIGURE_COLUMNS } from './activity-repository.ts';
import { bytesParameter } from './activity-track-repository.ts';
import type { Db } from './db.ts';
import { date, jsonb, type Row } from './runner-records-repository.ts';

/** Activity columns written as stored and restored as they were (ids and links are mapped apart). */
const ACTIVITY_COLUMNS = [
  ...ACTIVITY_FIGURE_COLUMNS,
  'calories',
  'startLat',
  'startLng',
  'endLat',
  'endLng',
  'description',
  'deviceName',
  'sportLabel',
  'laps',
  'splitsMetric',
  'splitsStandard',
  'fileWarnings',
  'originalFilename',
  'fileSize',
  'fileType',
  'fileSha256',
  'legIndex',
  'uploadedAt',
  'givenStart',
  'createdAt',
  'updatedAt',
  'stravaId',
  'strava',
  'stravaDetail',
  'syncedAt',
  'detailCachedAt',
  'streamsCachedAt',
  'flagged',
  'flagReason',
  'flagConfirmedAt',
  'derivationVersion',
  'trackFiguresAt',
  'heartRateSecondsAtMost',
  'planMatchedAt',
  'stravaDetailRefusedAt',
  'privateNotes',
  'countedOverride',
  'typeEdited',
  'gearChosen',
  'overrides',
  'fileFigures',
] as const;
const JSON_COLUMNS = new Set([
  'laps',
  'splitsMetric',
  'splitsStandard',
  'fileWarnings',
  'strava',
  'stravaDetail',
  'overrides',
  'fileFigures',
]);
const TIME_COLUMNS = new Set([
  'startDate',
  'uploadedAt',
  'givenStart',
  'createdAt',
  'updatedAt',
  'syncedAt',
  'detailCachedAt',
  'streamsCachedAt',
  'flagConfirmedAt',
  'trackFiguresAt',
  'planMatchedAt',
  'stravaDetailRefusedAt',
]);

/** One line of `stride/activities.json`: the stored row, its links, its gear's name and best efforts. */
export const exportedActivitySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    source: z.string(),
    startDate: z.string(),
    distance: z.number(),
    stravaId: z.string().nullable(),
    fileSha256: z.string().nullable(),
    gearId: z.string().nullable(),
    multisportId: z.string().nullable(),
    duplicateOf: z.string().nullable(),
    file: z.string().nullable(),
    track: z.string().nullable().optional(),
    bestEfforts: z.array(z.object({ distanceId: z.string(), seconds: z.number(), source: z.string() })).optional(),
  })
  .passthrough();
export type ExportedActivity = z.infer<typeof exportedActivitySchema>;

/** The stored columns of an activity row as the export writes them (no owner, no server-side claim). */
export function exportedActivityColumns(row: Row): Row {
  const { userId: _owner, effortsClaimedUntil: _claim, ...rest } = row;
  return rest;
}

/** The best efforts of these activities, by activity. */
export async function bestEffortsOf(db: Db, activityIds: readonly string[]) {
  const byActivity = new Map<string, { distanceId: string; seconds: number; source: string }[]>();
  if (activityIds.length === 0) {
    return byActivity;
  }
  const rows = await db
    .selectFrom('bestEfforts')
    .select(['activityId', 'distanceId', 'seconds', 'source'])
    .where('activityId', 'in', activityIds)
    .orderBy('activityId')
    .orderBy('distanceId')
    .execute();
  for (const { activityId, ...effort } of rows) {
    byActivity.set(activityId, [...(byActivity.get(activityId) ?? []), effort]);
  }
  return byActivity;
}

/**
 * The runner's activity that is the exported one: the same Strava activity, the same original file,
 * or one of the same source starting at the same instant with the same distance (to the metre).
 */
export async function findSameActivity(db: Db, userId: string, activity: ExportedActivity) {
  return db
    .selectFrom('activities')
    .select('id')
    .where('userId', '=', userId)
    .where((eb) => {
      const matches = [
        eb.and([
          eb('source', '=', activity.source as never),
          eb('startDate', '=', new Date(activity.startDate)),
          eb('distance', '>=', activity.distance - 1),
          eb('distance', '<=', activity.distance + 1),
        ]),
      ];
      if (activity.stravaId !== null) {
        matches.push(eb('stravaId', '=', activity.stravaId));
      }
      if (activity.fileSha256 !== null) {
        matches.push(
          eb.and([eb('fileSha256', '=', activity.fileSha256), eb('startDate', '=', new Date(activity.startDate))]),
        );
      }
      return eb.or(matches);
    })
    .limit(1)
    .executeTakeFirst();
}

/** Inserts an exported activity as the runner's, with its track, original file and best efforts. */
export async function insertExportedActivity(
  trx: Db,
  input: {
    id: string;
    userId: string;
    activity: ExportedActivity;
    links: { gearId: string | null; multisportId: string | null; duplicateOf: string | null };
    track: Uint8Array | undefined;
    file: Uint8Array | undefined;
  },
): Promise<void> {
  const { activity } = input;
  const values: Row = { id: input.id, userId: input.userId, ...input.links, gearPending: false };
  for (const column of ACTIVITY_COLUMNS) {
    if (!(column in activity)) {
      continue;
    }
    const value = (activity as Row)[column];
    values[column] = JSON_COLUMNS.has(column)
      ? value === null
        ? null
        : jsonb(value)
      : TIME_COLUMNS.has(column) && value !== null
        ? date(value)
        : value;
  }
  await trx
    .insertInto('activities')
    .values(values as never)
    .execute();
  if (input.track) {
    await trx
      .insertInto('activityTracks')
      .values({
        activityId: input.id,
        pointCount: Number(activity.trackPoints ?? 0),
        data: bytesParameter(input.track),
      })
      .execute();
  }
  if (input.file) {
    await trx
      .insertInto('activityFiles')
      .values({ activityId: input.id, contentEncoding: 'gzip', data: bytesParameter(input.file) })
      .execute();
  }
  for (const effort of activity.bestEfforts ?? []) {
    await trx
      .insertInto('bestEfforts')
      .values({ activityId: input.id, userId: input.userId, ...effort })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Marks a restored activity a duplicate of another of the runner's (a link restored after both are in). */
export async function linkDuplicate(db: Db, userId: string, id: string, duplicateOf: string): Promise<void> {
  await db.updateTable('activities').set({ duplicateOf }).where('userId', '=', userId).where('id', '=', id).execute();
}
