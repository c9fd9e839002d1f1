/**
 * Retrying a failed upload (spec §9 "Storage retry time"): the browser sends a batch again when the
 * answer is a 5xx, 408 or 429, waiting 1 s, 2 s, 4 s … doubling up to 64 s between tries, for at
 * most 2 minutes for one file and 10 minutes in all (a batch of n files: n × 2 minutes, never more
 * than 10). Time comes from an injected clock, so the schedule is stepped in tests, not waited for.
 */
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

export const UPLOAD_RETRY = {
  firstDelayMs: SECOND_MS,
  delayCapMs: 64 * SECOND_MS,
  perFileMs: 2 * MINUTE_MS,
  totalMs: 10 * MINUTE_MS,
} as const;

export const isRetryableUploadStatus = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status <= 599);

/** The wait before retry number `retry` (1 = the first): 1 s, 2 s, 4 s … capped at 64 s. */
export function uploadRetryDelay(retry: number): number {
  const doublings = Math.min(Math.max(0, Math.floor(retry) - 1), 30);
  return Math.min(UPLOAD_RETRY.firstDelayMs * 2 ** doublings, UPLOAD_RETRY.delayCapMs);
}

/** How long a batch of `fileCount` files may keep retrying, from its first try. */
export function uploadRetryWindow(fileCount: number): number {
  return Math.min(UPLOAD_RETRY.perFileMs * Math.max(1, fileCount), UPLOAD_RETRY.totalMs);
}

/**
 * The wait before retry number `retry` after an answer of `status`, `elapsedMs` after the first try;
 * null when the status is not retried or the retry would start past the batch's window.
 */
export function nextUploadRetry(status: number, retry: number, elapsedMs: number, fileCount: number): number | null {
  if (!isRetryableUploadStatus(status)) {
    return null;
  }
  const delay = uploadRetryDelay(retry);
  return elapsedMs + delay <= uploadRetryWindow(fileCount) ? delay : null;
}

export interface RetryClock {
  now: () => number;
  /** Resolves after `ms`, or rejects once `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface UploadRetryNotice {
  status: number;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
}

export interface UploadRetryOptions {
  fileCount: number;
  clock: RetryClock;
  signal: AbortSignal;
  /** The HTTP status of a failed try (0 when there was no answer). */
  statusOf: (error: unknown) => number;
  /** Told before each wait. */
  onRetry: (notice: UploadRetryNotice) => void;
}

/** Runs `attempt` until it succeeds, its failure is not retried, the window closes, or `signal` aborts. */
export async function withUploadRetries<T>(attempt: () => Promise<T>, options: UploadRetryOptions): Promise<T> {
  const startedAt = options.clock.now();
  for (let retry = 1; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      const status = options.statusOf(error);
      const delayMs = nextUploadRetry(status, retry, options.clock.now() - startedAt, options.fileCount);
      if (delayMs === null || options.signal.aborted) {
        throw error;
      }
      options.onRetry({ status, retry, delayMs });
      await options.clock.sleep(delayMs, options.signal);
    }
  }
}

export const UPLOAD_RETRY_TEXTS = {
  /** Shown while a batch waits to be sent again. */
  waiting: ({ status, delayMs }: UploadRetryNotice) =>
    `The server answered ${status}. Trying again in ${Math.round(delayMs / SECOND_MS)} s — uploads are retried for up to 2 minutes per file and 10 minutes in all.`,
  /** The button on a file whose upload still failed after the retries. */
  tryAgain: 'Try again',
} as const;
