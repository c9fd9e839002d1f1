/**
 * "The same run recorded on a watch and synced from Strava appears once" (spec §7): a Strava
 * activity that core's pairSameRuns pairs with an uploaded one points at it through duplicate_of
 * and drops out of the merged list; the uploaded copy, with its full track and file, wins.
 * Deleting the upload brings the Strava copy back (the foreign key sets it to null).
 */
import { DUPLICATE_START_TOLERANCE_MS, pairSameRuns } from '../../../core/strava/same-run.ts';
import type { Db } from '../../db/db.ts';
import { findActivityStarts, findDuplicateCandidates, markDuplicate } from '../../db/strava-activity-repository.ts';

interface Candidate {
  id: string;
  startDate: Date;
  distance: number;
}

/** A row as core's rule sees an activity (ISO start), keeping the row's id. */
const mergeable = (activity: Candidate) => ({
  id: activity.id,
  startDate: activity.startDate.toISOString(),
  distance: activity.distance,
});

/** Hides each Strava activity behind the upload core pairs it with. */
async function hidePairs(db: Db, strava: readonly Candidate[], uploads: readonly Candidate[]): Promise<void> {
  for (const pair of pairSameRuns(strava.map(mergeable), uploads.map(mergeable))) {
    await markDuplicate(db, pair.strava.id, pair.uploaded.id);
  }
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
  const inserted = await findActivityStarts(db, userId, stravaActivityIds);
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
  await hidePairs(db, inserted, uploads);
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
  await hidePairs(db, copies, [upload]);
}
