import { describe, expect, it } from 'vitest';
import {
  UPLOAD_RETRY_TEXTS,
  isRetryableUploadStatus,
  nextUploadRetry,
  uploadRetryDelay,
  uploadRetryWindow,
  withUploadRetries,
  type RetryClock,
  type UploadRetryNotice,
} from './upload-retry.ts';

/** A clock whose sleeps pass at once and move its time on by what was slept. */
function steppedClock(): RetryClock & { slept: number[] } {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: (ms, signal) => {
      if (signal.aborted) {
        return Promise.reject(new Error('aborted'));
      }
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

class StatusError extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

function failing(statuses: number[]) {
  let tries = 0;
  return {
    tries: () => tries,
    attempt: () => {
      const status = statuses[tries];
      tries += 1;
      return status === undefined ? Promise.resolve('done') : Promise.reject(new StatusError(status));
    },
  };
}

const statusOf = (error: unknown) => (error instanceof StatusError ? error.status : 0);

describe('upload retry schedule (spec §9)', () => {
  it('retries 5xx, 408 and 429 only', () => {
    expect([500, 502, 503, 599, 408, 429].every(isRetryableUploadStatus)).toBe(true);
    expect([0, 400, 401, 404, 413, 422, 600].some(isRetryableUploadStatus)).toBe(false);
  });

  it('doubles from 1 s and caps at 64 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 40].map(uploadRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 64_000, 64_000,
    ]);
  });

  it('gives one file 2 minutes and a batch 2 minutes a file, never more than 10', () => {
    expect([1, 2, 5, 6, 10].map(uploadRetryWindow)).toEqual([120_000, 240_000, 600_000, 600_000, 600_000]);
  });

  it('stops when the retry would start past the window', () => {
    expect(nextUploadRetry(503, 7, 56_000, 1)).toBe(64_000);
    expect(nextUploadRetry(503, 7, 56_001, 1)).toBeNull();
    expect(nextUploadRetry(400, 1, 0, 1)).toBeNull();
  });
});

describe('withUploadRetries', () => {
  it('sends again after two 503s and tells each wait', async () => {
    const clock = steppedClock();
    const upload = failing([503, 503]);
    const notices: UploadRetryNotice[] = [];
    const result = await withUploadRetries(upload.attempt, {
      fileCount: 1,
      clock,
      signal: new AbortController().signal,
      statusOf,
      onRetry: (notice) => notices.push(notice),
    });
    expect(result).toBe('done');
    expect(upload.tries()).toBe(3);
    expect(notices).toEqual([
      { status: 503, retry: 1, delayMs: 1000 },
      { status: 503, retry: 2, delayMs: 2000 },
    ]);
    expect(UPLOAD_RETRY_TEXTS.waiting(notices[1] as UploadRetryNotice)).toBe(
      'The server answered 503. Trying again in 2 s — uploads are retried for up to 2 minutes per file and 10 minutes in all.',
    );
  });

  it('gives one file up after 2 minutes of 5xx answers, with the last failure', async () => {
    const clock = steppedClock();
    const upload = failing(Array.from({ length: 50 }, () => 500));
    const run = withUploadRetries(upload.attempt, {
      fileCount: 1,
      clock,
      signal: new AbortController().signal,
      statusOf,
      onRetry: () => undefined,
    });
    await expect(run).rejects.toThrow('status 500');
    // 1+2+4+8+16+32 = 63 s, then 64 s would end at 127 s, past 120 s.
    expect(clock.slept).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000]);
    expect(upload.tries()).toBe(7);
  });

  it('gives a batch of ten files 10 minutes in all', async () => {
    const clock = steppedClock();
    const upload = failing(Array.from({ length: 50 }, () => 429));
    await expect(
      withUploadRetries(upload.attempt, {
        fileCount: 10,
        clock,
        signal: new AbortController().signal,
        statusOf,
        onRetry: () => undefined,
      }),
    ).rejects.toThrow('status 429');
    const total = clock.slept.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBe(575_000);
    expect(total + 64_000).toBeGreaterThan(600_000);
  });

  it('does not retry a refusal', async () => {
    const clock = steppedClock();
    const upload = failing([413]);
    await expect(
      withUploadRetries(upload.attempt, {
        fileCount: 1,
        clock,
        signal: new AbortController().signal,
        statusOf,
        onRetry: () => undefined,
      }),
    ).rejects.toThrow('status 413');
    expect(upload.tries()).toBe(1);
  });

  it('stops waiting once cancelled', async () => {
    const clock = steppedClock();
    const upload = failing([503, 503]);
    const controller = new AbortController();
    const run = withUploadRetries(upload.attempt, {
      fileCount: 1,
      clock,
      signal: controller.signal,
      statusOf,
      onRetry: () => controller.abort(),
    });
    await expect(run).rejects.toThrow('aborted');
    expect(upload.tries()).toBe(1);
  });
});
