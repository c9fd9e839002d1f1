/**
 * When an uploaded activity and a Strava activity are the same run (spec §7), and the one-to-one
 * pairing built on it; the server hides the Strava copy of each pair behind the upload
 * (duplicate_of), so the list it serves is already merged.
 */
import type { ActivitySummary } from '../activity/schemas.ts';

/**
 * Spec §7: "the same run recorded on a watch and synced from Strava appears once". Two activities
 * are the same when their starts are at most 60 s apart (watch and Strava disagree by a few seconds
 * at most; two real runs a minute apart do not happen) and their distances differ by at most 5 % of
 * the longer (GPS recomputation, trimmed ends). Type is not compared: an upload's type may be a
 * guess from speed (spec §4).
 */
export const DUPLICATE_START_TOLERANCE_MS = 60_000;
export const DUPLICATE_DISTANCE_TOLERANCE = 0.05;

export type MergeableActivity = Pick<ActivitySummary, 'id' | 'startDate' | 'distance'>;

export function isSameActivity(a: MergeableActivity, b: MergeableActivity): boolean {
  const startA = Date.parse(a.startDate);
  const startB = Date.parse(b.startDate);
  if (Number.isNaN(startA) || Number.isNaN(startB) || Math.abs(startA - startB) > DUPLICATE_START_TOLERANCE_MS) {
    return false;
  }
  return Math.abs(a.distance - b.distance) <= DUPLICATE_DISTANCE_TOLERANCE * Math.max(a.distance, b.distance);
}

/**
 * The one-to-one pairing of spec §7: every Strava activity that isSameActivity matches with an
 * uploaded one, paired closest start times first, each activity in at most one pair. Activities
 * with an invalid start pair with nothing. The server keeps the upload of each pair and hides the
 * Strava copy behind it: the upload has the full-resolution track and file, it is the runner's own
 * data, and unlike Strava data (whose API terms restrict it to its athlete) it may be shown publicly.
 */
export function pairSameRuns<S extends MergeableActivity, U extends MergeableActivity>(
  strava: readonly S[],
  uploaded: readonly U[],
): { strava: S; uploaded: U }[] {
  const uploadedByStart = uploaded
    .map((activity) => ({ activity, start: Date.parse(activity.startDate) }))
    .filter(({ start }) => !Number.isNaN(start))
    .sort((a, b) => a.start - b.start);

  const candidates: { strava: S; uploaded: U; gap: number }[] = [];
  for (const activity of strava) {
    const start = Date.parse(activity.startDate);
    if (Number.isNaN(start)) {
      continue;
    }
    let low = 0;
    let high = uploadedByStart.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((uploadedByStart[middle]?.start ?? 0) < start - DUPLICATE_START_TOLERANCE_MS) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    for (let index = low; index < uploadedByStart.length; index += 1) {
      const candidate = uploadedByStart[index];
      if (candidate === undefined || candidate.start > start + DUPLICATE_START_TOLERANCE_MS) {
        break;
      }
      if (isSameActivity(activity, candidate.activity)) {
        candidates.push({ strava: activity, uploaded: candidate.activity, gap: Math.abs(candidate.start - start) });
      }
    }
  }
  candidates.sort((a, b) => a.gap - b.gap);
  const pairedStrava = new Set<S>();
  const pairedUploads = new Set<U>();
  const pairs: { strava: S; uploaded: U }[] = [];
  for (const candidate of candidates) {
    if (!pairedStrava.has(candidate.strava) && !pairedUploads.has(candidate.uploaded)) {
      pairedStrava.add(candidate.strava);
      pairedUploads.add(candidate.uploaded);
      pairs.push({ strava: candidate.strava, uploaded: candidate.uploaded });
    }
  }
  return pairs;
}
