/**
 * A small pool of worker threads that parse uploaded files and derive their activities, so that a
 * large or hostile file never blocks the server's event loop or grows its heap. Each worker runs
 * under a memory cap and each file under a time budget: a worker that runs out of either is
 * terminated and replaced, and only that file fails, with a sentence of its own. Files wait in a
 * queue while every worker is busy, served fairly by owner (a runner, or a visitor's address): a
 * free worker takes the next file of the owner least served, so one runner's files never queue
 * another's behind more than the file already running. The planner's GPX imports run here too.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ActivityFileError, UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import type { ImportedRoute } from '../../core/routes/route-api.ts';
import { REAL_CLOCK, type Clock } from '../clock.ts';
import type { ImportJob, ImportResult, WorkerJob, WorkerMessage } from './import-worker-protocol.ts';

export interface ImportPoolOptions {
  /** Worker threads; 0 picks one fewer than the cores (at least 1, at most 4). */
  workers: number;
  /** Each worker's V8 old-generation cap. */
  memoryMb: number;
  /** How long one file may take in its worker, queueing not included. */
  fileTimeoutMs: number;
  /** Times each file's budget (REAL_CLOCK otherwise). */
  clock?: Clock;
}

/** A file stopped by the pool's limits; `message` is the sentence shown to the user. */
export class ImportLimitError extends Error {
  override name = 'ImportLimitError';
}

/** The request went away: the job was dropped or its worker stopped. */
export class ImportCancelledError extends Error {
  override name = 'ImportCancelledError';
}

export type ImportJobInput = Omit<ImportJob, 'jobId'>;

/** The one owner of every visitor's planner file: visitors share one fair share of the pool. */
export const VISITORS_POOL_OWNER = 'visitors';

export interface RunOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Whose file it is (a user id, or a visitor's address): the pool's fair share is per owner. */
  owner?: string;
}

export interface ImportPool {
  run(job: ImportJobInput, options?: RunOptions): Promise<ImportResult>;
  /** A planner GPX read into a route in a worker (core/routes/route-gpx.ts gpxToRoute). */
  importRoute(bytes: Uint8Array, options?: RunOptions): Promise<ImportedRoute>;
  close(): Promise<void>;
}

const MAX_DEFAULT_WORKERS = 4;
const NO_TIMER: () => void = () => undefined;
/** Owners remembered by the fair queue before those already served past are forgotten. */
const OWNER_TAGS_PRUNE_AT = 1_000;

/**
 * A worker whose heap is still this large after a file is replaced rather than kept: its garbage
 * would otherwise stay resident until the next file, and a fresh thread starts in about 50 ms.
 */
const RECYCLE_HEAP_BYTES = 64 * 1024 * 1024;

export function defaultWorkerCount(): number {
  return Math.min(MAX_DEFAULT_WORKERS, Math.max(1, availableParallelism() - 1));
}

/**
 * The built server runs import-worker.js; from source (tsx, vitest) the .ts file through tsx. The
 * young generation is held to 32 MB: a parse's short-lived objects die there either way, and more
 * only stays resident between files.
 */
function spawn(memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, memoryMb / 4) };
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./import-worker.ts', import.meta.url).href;
    return new Worker(new URL('./import-worker-tsx.mjs', import.meta.url), { workerData: { entry }, resourceLimits });
  }
  return new Worker(new URL('./import-worker.js', import.meta.url), { resourceLimits });
}

interface Pending {
  job: WorkerJob;
  options: RunOptions;
  owner: string;
  /** Fair-queueing tag: a free worker starts the queued job with the smallest (then the oldest). */
  tag: number;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The thread has loaded; until then a job waits in its port and its clock has not started. */
  ready: boolean;
  current: Pending | undefined;
  /** Cancels the running file's time budget. */
  cancelTimer: () => void;
}

export function createImportPool(options: ImportPoolOptions): ImportPool {
  const size = options.workers > 0 ? options.workers : defaultWorkerCount();
  const clock = options.clock ?? REAL_CLOCK;
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  let nextJobId = 1;
  let closed = false;
  /** Each owner's latest tag still queued, and the tag of the job started last. */
  const ownerTags = new Map<string, number>();
  let servedTag = 0;

  /**
   * Start-time fair queueing: an owner's next job is tagged one past its previous one, but never
   * before the job started last, so an owner arriving now goes ahead of everything another owner
   * queued after the running job.
   */
  const tagFor = (owner: string): number => {
    const tag = Math.max((ownerTags.get(owner) ?? 0) + 1, servedTag);
    ownerTags.set(owner, tag);
    return tag;
  };

  const takeNext = (): Pending => {
    let best = 0;
    for (let i = 1; i < queue.length; i += 1) {
      if ((queue[i] as Pending).tag < (queue[best] as Pending).tag) {
        best = i;
      }
    }
    const [pending] = queue.splice(best, 1) as [Pending];
    servedTag = pending.tag;
    // A tag below the one served counts as no tag (tagFor gives servedTag either way): forgotten.
    if (ownerTags.size > OWNER_TAGS_PRUNE_AT) {
      for (const [owner, tag] of ownerTags) {
        if (tag < servedTag) {
          ownerTags.delete(owner);
        }
      }
    }
    return pending;
  };

  const finish = (slot: Slot) => {
    slot.cancelTimer();
    slot.cancelTimer = NO_TIMER;
    slot.current = undefined;
  };

  /** Ends a worker that broke a limit (or lost its request); the next job gets a fresh one. */
  const discard = (slot: Slot, error: Error | undefined) => {
    const pending = slot.current;
    finish(slot);
    slots.delete(slot);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    if (error) {
      pending?.reject(error);
    }
    dispatch();
  };

  const createSlot = (): Slot => {
    const slot: Slot = { worker: spawn(options.memoryMb), ready: false, current: undefined, cancelTimer: NO_TIMER };
    slot.worker.unref();
    slot.worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        slot.ready = true;
        if (slot.current) {
          startClock(slot);
        }
        return;
      }
      const pending = slot.current;
      if (!pending || message.jobId !== pending.job.jobId) {
        return;
      }
      if (message.kind === 'progress') {
        pending.options.onProgress?.(message.fraction);
        return;
      }
      finish(slot);
      if (message.kind === 'done') {
        pending.resolve(message.result);
        if (message.heapBytes > RECYCLE_HEAP_BYTES) {
          discard(slot, undefined);
          return;
        }
      } else if (message.fileError) {
        pending.reject(new ActivityFileError(message.fileError.format, message.fileError.reason));
      } else {
        pending.reject(new Error(message.message));
      }
      dispatch();
    });
    slot.worker.on('error', (error: Error & { code?: string }) => {
      discard(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportLimitError(UPLOAD_MESSAGES.needsMoreMemory) : error,
      );
    });
    slot.worker.on('exit', (code) => {
      if (slots.has(slot)) {
        discard(slot, new Error(`import worker stopped (exit code ${code})`));
      }
    });
    slots.add(slot);
    return slot;
  };

  const startClock = (slot: Slot) => {
    slot.cancelTimer = clock.after(options.fileTimeoutMs, () =>
      discard(slot, new ImportLimitError(UPLOAD_MESSAGES.needsMoreTime)),
    );
  };

  const start = (slot: Slot, pending: Pending) => {
    slot.current = pending;
    if (slot.ready) {
      startClock(slot);
    }
    slot.worker.postMessage(pending.job);
  };

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      let slot = [...slots].find((candidate) => candidate.current === undefined);
      if (!slot && slots.size < size) {
        slot = createSlot();
      }
      if (!slot) {
        return;
      }
      start(slot, takeNext());
    }
  }

  function submit<R>(job: WorkerJob, runOptions: RunOptions): Promise<R> {
    if (closed) {
      return Promise.reject(new ImportCancelledError('the import pool is closed'));
    }
    const { signal } = runOptions;
    if (signal?.aborted) {
      return Promise.reject(new ImportCancelledError('the upload was cancelled'));
    }
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        const queued = queue.indexOf(pending);
        if (queued >= 0) {
          queue.splice(queued, 1);
          reject(new ImportCancelledError('the upload was cancelled'));
          return;
        }
        const slot = [...slots].find((candidate) => candidate.current === pending);
        if (slot) {
          discard(slot, new ImportCancelledError('the upload was cancelled'));
        }
      };
      const owner = runOptions.owner ?? '';
      const pending: Pending = {
        job,
        options: runOptions,
        owner,
        tag: tagFor(owner),
        resolve: (result) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(result as R);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(pending);
      dispatch();
    });
  }

  return {
    run: (input, runOptions = {}) => submit<ImportResult>({ ...input, jobId: nextJobId++ }, runOptions),
    importRoute: (bytes, runOptions = {}) =>
      submit<ImportedRoute>({ kind: 'route-gpx', bytes, jobId: nextJobId++ }, runOptions),
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) {
        pending.reject(new ImportCancelledError('the server is stopping'));
      }
      const all = [...slots];
      slots.clear();
      await Promise.all(
        all.map(async (slot) => {
          slot.cancelTimer();
          slot.current?.reject(new ImportCancelledError('the server is stopping'));
          slot.worker.removeAllListeners();
          await slot.worker.terminate();
        }),
      );
    },
  };
}
