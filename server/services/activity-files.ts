/**
 * An activity's files to download: the original upload as it came (gunzipped from storage, with its
 * own name and type), and the track written as GPX under the activity's name.
 */
import { gunzipSync } from 'node:zlib';
import { trackToGpx } from '../../core/activity/gpx-export.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { findActivity } from '../db/activity-repository.ts';
import { findOriginalFile } from '../db/activity-track-repository.ts';
import type { Db } from '../db/db.ts';
import type { Download } from '../download.ts';
import { notFound } from '../errors.ts';
import { loadTrack, requireActivity, type RemoteActivities } from './activity-reads.ts';

const FILE_TYPES: Readonly<Record<string, string>> = {
  gpx: 'application/gpx+xml',
  tcx: 'application/vnd.garmin.tcx+xml',
  fit: 'application/vnd.ant.fit',
};

export async function getOriginalFile(db: Db, userId: string, id: string): Promise<Download> {
  const row = await findActivity(db, userId, id);
  const data = row ? await findOriginalFile(db, userId, id) : undefined;
  if (!row || !data) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  return {
    filename: row.originalFilename ?? `${row.id}.${row.fileType ?? 'bin'}`,
    contentType: FILE_TYPES[row.fileType ?? ''] ?? 'application/octet-stream',
    body: gunzipSync(data),
  };
}

export async function exportGpx(db: Db, userId: string, id: string, remote?: RemoteActivities): Promise<Download> {
  const row = await requireActivity(db, userId, id);
  const track = await loadTrack(db, userId, id, remote);
  const safeName = row.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'activity';
  return {
    filename: `${safeName}.gpx`,
    contentType: FILE_TYPES.gpx as string,
    body: trackToGpx({ name: row.name, type: row.type, track }),
  };
}
