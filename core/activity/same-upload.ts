/**
 * When a newly uploaded file is a run already imported from another file: the same recording
 * uploaded twice as different bytes (two TCX exports with the same <Id>), or exported in another
 * format (the watch's FIT and a GPX export of it). Such an upload is refused with
 * UPLOAD_MESSAGES.alreadyImported, as an identical file is.
 *
 * Two exports of one recording start at the same timed point, give or take the few seconds a
 * service trims or rounds, and measure nearly the same distance (a device's own distance against
 * one recomputed from the GPS points differs by a per cent or so). Only activities with timing data
 * compare: an untimed route is dated by its upload, which says nothing about what it is.
 */

/** Starts at most 10 s apart. */
export const SAME_UPLOAD_START_TOLERANCE_MS = 10_000;

/** Distances within 2 % of the longer. */
export const SAME_UPLOAD_DISTANCE_TOLERANCE = 0.02;

export interface UploadedRun {
  /** ms since the epoch. */
  startMs: number;
  /** Metres. */
  distance: number;
  hasTiming: boolean;
}

export function isSameUpload(a: UploadedRun, b: UploadedRun): boolean {
  if (!a.hasTiming || !b.hasTiming || !Number.isFinite(a.startMs) || !Number.isFinite(b.startMs)) {
    return false;
  }
  if (Math.abs(a.startMs - b.startMs) > SAME_UPLOAD_START_TOLERANCE_MS) {
    return false;
  }
  if (!Number.isFinite(a.distance) || !Number.isFinite(b.distance)) {
    return false;
  }
  return Math.abs(a.distance - b.distance) <= SAME_UPLOAD_DISTANCE_TOLERANCE * Math.max(a.distance, b.distance);
}
