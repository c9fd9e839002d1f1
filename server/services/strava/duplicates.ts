/**
 * "The same run recorded on a watch and synced from Strava appears once" (spec §7): a
 * Strava activity that core's isSameActivity pairs with an uploaded one points at it through
 * duplicate_of and drops out of the merged list; the uploaded copy, with its full track and file,
 * wins. Deleting the upload brings the Strava copy back (the foreign key sets it to null).
 */
import { DUPLICATE_START_TOLERANCE_MS, isSameActivity } from '../../../core/strava/normalize.ts';
import type { Db } from '../../db/db.ts';
import { findDuplicateCandidates, markDuplicate } from '../../db/strava-activity-repository.ts';

interface Candidate {
  id: string;
  startDate: Date;
  distance: number;
}

const mergeable = (activity: Candidate) => ({
  id: activity.id,
  startDate: activity.startDate.toISOString(),
  distance: activity.distance,
});

/** The closest-starting candidate that is the same run, if any. */
function closestMatch(activity: Candidate, candidates: readonly Candidate[]): Candidate | undefined {
  return candidates
    .filter((candidate) => isSameActivity(mergeable(activity), mergeable(candidate)))
    .sort(
      (a, b) =>
        Math.abs(a.startDate.getTime() - activity.startDate.getTime()) -
        Math.abs(b.startDate.getTime() - activity.startDate.getTime()),
    )[0];
}

/** After Strava activities were inserted: hide those an uploaded activity already covers. */
export async function hideStravaDuplicates(
  db: Db,
  userId: string,
  stravaActivityIds: readonly string[],
): Promise<void> {
  if (stravaActivityIds.length === 0) {
    return;
  }
  const inserted = await db
    .selectFrom('activities')
    .select(['id', 'startDate', 'distance'])
    .where('userId', '=', userId)
    .where('id', 'in', stravaActivityIds)
    .execute();
  if (inserted.length === 0) {
    return;
  }
  // One query for the page: every upload near any of its starts.
  const starts = inserted.map((activity) => activity.startDate.getTime());
  const uploads = await findDuplicateCandidates(
    db,
    userId,
    'upload',
    new Date(Math.min(...starts) - DUPLICATE_START_TOLERANCE_MS),
    new Date(Math.max(...starts) + DUPLICATE_START_TOLERANCE_MS),
  );
  // One to one, closest starts first (as core's mergeActivities pairs them).
  const pairs = inserted
    .flatMap((activity) =>
      uploads
        .filter((upload) => isSameActivity(mergeable(activity), mergeable(upload)))
        .map((upload) => ({
          activity,
          upload,
          gap: Math.abs(upload.startDate.getTime() - activity.startDate.getTime()),
        })),
    )
    .sort((a, b) => a.gap - b.gap);
  const paired = new Set<string>();
  for (const { activity, upload } of pairs) {
    if (!paired.has(activity.id) && !paired.has(upload.id)) {
      paired.add(activity.id).add(upload.id);
      await markDuplicate(db, activity.id, upload.id);
    }
  }
}

/** After a file was uploaded: a Strava copy of the same run is hidden behind it. */
export async function hideStravaCopyOfUpload(db: Db, userId: string, upload: Candidate): Promise<void> {
  const at = upload.startDate.getTime();
  const copies = await findDuplicateCandidates(
    db,
    userId,
    'strava',
    new Date(at - DUPLICATE_START_TOLERANCE_MS),
    new Date(at + DUPLICATE_START_TOLERANCE_MS),
  );
  const match = closestMatch(upload, copies);
  if (match) {
    await markDuplicate(db, match.id, upload.id);
  }
}
