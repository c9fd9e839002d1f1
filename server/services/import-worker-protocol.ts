/** The messages between the import pool and its worker threads (structured-cloned, so plain data). */
import type { ActivityRecord } from '../../core/activity/activity-record.ts';
import type { ActivityFileFormat } from '../../core/activity/upload-rules.ts';
import type { ImportedRoute } from '../../core/routes/route-api.ts';
import type { TrackFigures } from '../../core/running/track-figures.ts';

/** An uploaded activity file. */
export interface ImportJob {
  jobId: number;
  kind?: 'activity';
  /** The gzip spool file. */
  path: string;
  /** Bytes as uploaded (before gzip), for progress. */
  size: number;
  format: ActivityFileFormat;
  fallbackTimeZone: string;
  /** Epoch milliseconds: the start of a track without timing data. */
  now: number;
  /** Epoch milliseconds: the start given for a track without times (DescribeContext.givenStart). */
  givenStart?: number | null;
}

/** One activity of a file: the file's only one, or one leg of a multisport file. */
export interface ImportedActivity {
  record: ActivityRecord;
  pointCount: number;
  /** The encoded track (core/activity/track-codec.ts) of this activity's part of the file. */
  track: Uint8Array;
  /** Its track's figures, worked out here beside the parse and stored with the activity. */
  figures: TrackFigures;
}

export interface ImportResult {
  format: ActivityFileFormat;
  /** One for an ordinary file; a multisport file's legs in time order (describeActivities). */
  activities: ImportedActivity[];
}

/** A GPX the planner reads into a route (its bytes, at most ROUTE_GPX_MAX_BYTES). */
export interface RouteImportJob {
  jobId: number;
  kind: 'route-gpx';
  bytes: Uint8Array;
}

export type WorkerJob = ImportJob | RouteImportJob;

export type WorkerMessage =
  /** Sent once the thread has loaded its modules: a file's time budget starts from here. */
  | { kind: 'ready'; jobId?: undefined }
  | { jobId: number; kind: 'progress'; fraction: number }
  | { jobId: number; kind: 'done'; result: ImportResult; /** This thread's heap after the file. */ heapBytes: number }
  | { jobId: number; kind: 'done'; result: ImportedRoute; heapBytes: number }
  | { jobId: number; kind: 'failed'; fileError: { format: ActivityFileFormat; reason: string } }
  | { jobId: number; kind: 'failed'; message: string; fileError?: undefined };
