/**
 * The import worker thread: streams one spooled (gzip) upload through the format's parser, derives
 * its activities (describeActivities: one, or one per leg of a multisport file) and encodes their
 * tracks, and posts back only the small result; or reads a planner GPX into a route. It
 * runs under the pool's memory cap, so a hostile file can exhaust this thread and never the server.
 */
import { createReadStream } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { describeActivities } from '../../core/activity/activity-record.ts';
import { createActivityFileParser } from '../../core/activity/parse-activity-file.ts';
import { decodeTrack, encodeTrack } from '../../core/activity/track-codec.ts';
import { ActivityFileError } from '../../core/activity/upload-rules.ts';
import { gpxToRoute } from '../../core/routes/route-gpx.ts';
import { trackFigures } from '../../core/running/track-figures.ts';
import type {
  ImportedActivity,
  ImportJob,
  RouteImportJob,
  WorkerJob,
  WorkerMessage,
} from './import-worker-protocol.ts';

/** Progress is reported at most this often while a file is parsed. */
const PROGRESS_STEP = 0.1;

const port = parentPort as NonNullable<typeof parentPort>;

async function run(job: ImportJob): Promise<void> {
  const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const parser = createActivityFileParser(job.format);
  let read = 0;
  let reported = 0;
  for await (const chunk of createReadStream(job.path).pipe(createGunzip({ chunkSize: 64 * 1024 }))) {
    parser.write(chunk as Buffer);
    read += (chunk as Buffer).length;
    const fraction = job.size > 0 ? read / job.size : 1;
    if (fraction - reported >= PROGRESS_STEP) {
      reported = fraction;
      post({ jobId: job.jobId, kind: 'progress', fraction: Math.min(1, fraction) });
    }
  }
  const parsed = parser.finish();
  const described = describeActivities(parsed, {
    fallbackTimeZone: job.fallbackTimeZone,
    now: new Date(job.now),
    givenStart: job.givenStart ?? null,
  });
  const activities: ImportedActivity[] = described.map(({ record, track }) => {
    const encoded = encodeTrack(track);
    const owned =
      encoded.byteOffset === 0 && encoded.byteLength === encoded.buffer.byteLength ? encoded : encoded.slice();
    // Figures from the track as stored (encoded, then read back), as any later pass reads it.
    const figures = trackFigures(record.type, null, decodeTrack(owned));
    return { record, pointCount: track.lat.length, track: owned, figures };
  });
  post(
    {
      jobId: job.jobId,
      kind: 'done',
      result: { format: parsed.format, activities },
      heapBytes: getHeapStatistics().used_heap_size,
    },
    activities.map((activity) => activity.track.buffer as ArrayBuffer),
  );
}

/** A planner GPX: parsed and simplified here, under the same memory cap and time budget as uploads. */
function runRoute(job: RouteImportJob): Promise<void> {
  const route = gpxToRoute(job.bytes);
  port.postMessage({
    jobId: job.jobId,
    kind: 'done',
    result: route,
    heapBytes: getHeapStatistics().used_heap_size,
  } satisfies WorkerMessage);
  return Promise.resolve();
}

port.on('message', (job: WorkerJob) => {
  const work = async () => (job.kind === 'route-gpx' ? runRoute(job) : run(job));
  work().catch((error: unknown) => {
    const failure: WorkerMessage =
      error instanceof ActivityFileError
        ? { jobId: job.jobId, kind: 'failed', fileError: { format: error.format, reason: error.reason } }
        : { jobId: job.jobId, kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    port.postMessage(failure);
  });
});

port.postMessage({ kind: 'ready' } satisfies WorkerMessage);
