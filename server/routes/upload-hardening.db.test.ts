/**
 * The upload pipeline under hostile input: files built to exhaust memory or time are parsed in
 * capped worker threads, fail alone with a sentence (or import, once they are bounded), and leave
 * the server answering, its memory near where it was, no spool files and no partial rows. Also the
 * per-user limits, stalled and aborted bodies, many uploads at once and UTF-8 file names.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityDetail, UploadEvent } from '../../core/activity/schemas.ts';
import type { ImportedRoute } from '../../core/routes/route-api.ts';
import {
  MAX_UPLOAD_FILENAME_LENGTH,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MESSAGES,
} from '../../core/activity/upload-rules.ts';
import { loadConfig, type UploadConfig } from '../config.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import {
  alternatingPolesGpx,
  deeplyNestedGpx,
  hugeElevationGpx,
  longFitActivity,
  runawayDistanceTcx,
  triangleCycleGpx,
} from '../test-support/hostile-files.ts';
import { createTestDatabase, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles, type UploadFile } from '../test-support/uploads.ts';
import { freePort } from '../test-support/free-port.ts';

const DEFAULT_UPLOADS = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'u'.repeat(40) }).uploads;
const uploads = (overrides: Partial<UploadConfig>): UploadConfig => ({ ...DEFAULT_UPLOADS, ...overrides });

/** Records in the big FIT file: about 5 MB and a few seconds of parsing. */
const BIG_FIT_RECORDS = 300_000;
const bigFit = longFitActivity(BIG_FIT_RECORDS);

function smallRun(seed: number): string {
  return garminConnectGpx(
    straightRun({ points: 120, start: Date.UTC(2026, 0, 1 + seed, 6, 0, 0), startLat: 46 + seed * 0.01 }),
    `Run ${seed}`,
  );
}

function spoolFiles(server: TestServer | string): string[] {
  const dataDir = typeof server === 'string' ? server : server.config.dataDir;
  try {
    return readdirSync(path.join(dataDir, 'tmp'));
  } catch {
    return [];
  }
}

async function ownedRows(server: TestServer, userId: string) {
  const { db } = server.database;
  const activities = await db.selectFrom('activities').select('id').where('userId', '=', userId).execute();
  const ids = activities.map((row) => row.id);
  const count = async (table: 'activityTracks' | 'activityFiles') =>
    ids.length ? (await db.selectFrom(table).select('activityId').where('activityId', 'in', ids).execute()).length : 0;
  return { activities: ids.length, tracks: await count('activityTracks'), files: await count('activityFiles') };
}

async function expectHealthy(server: TestServer) {
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(200);
}

/** Resident memory after the collector had its chance (vitest runs without --expose-gc, so: settle). */
async function settledRss(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

const MB = 1024 * 1024;

/** Streams an upload and reports each NDJSON event as it arrives. */
function streamUpload(
  server: Pick<TestServer, 'url'>,
  user: RegisteredUser,
  files: readonly UploadFile[],
  onEvent: (event: UploadEvent) => void = () => undefined,
  signal?: AbortSignal,
): Promise<{ status: number; events: UploadEvent[] }> {
  const form = new FormData();
  form.append('timeZone', 'Europe/Ljubljana');
  for (const file of files) {
    form.append('files', new Blob([file.content]), file.name);
  }
  return (async () => {
    const response = await fetch(`${server.url}/api/activities/uploads`, {
      method: 'POST',
      headers: { cookie: cookieHeader(user.client), origin: server.url },
      body: form,
      ...(signal ? { signal } : {}),
    });
    const events: UploadEvent[] = [];
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      buffered += decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.trim()) {
          const event = JSON.parse(line) as UploadEvent;
          events.push(event);
          onEvent(event);
        }
        newline = buffered.indexOf('\n');
      }
    }
    return { status: response.status, events };
  })();
}

/**
 * Sends the head of a multipart body with one file and then only what `feed` writes; resolves with
 * the server's answer (status and text), or with status 0 when the connection was cut instead.
 */
function partialUpload(
  server: Pick<TestServer, 'url'>,
  user: RegisteredUser,
  name: string,
  head: string,
): { request: http.ClientRequest; answer: Promise<{ status: number; text: string }> } {
  const boundary = '----stride-partial';
  const request = http.request(`${server.url}/api/activities/uploads`, {
    method: 'POST',
    headers: {
      cookie: cookieHeader(user.client),
      origin: server.url,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (data: Buffer) => (text += data.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', () => resolve({ status: 0, text: '' }));
  });
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/gpx+xml\r\n\r\n${head}`,
  );
  return { request, answer };
}

describe('hostile files are parsed in capped workers', () => {
  let server: TestServer;
  let runner: RegisteredUser;

  beforeAll(async () => {
    server = await startTestServer({
      uploads: uploads({ workers: 2, workerMemoryMb: 128, fileTimeoutMs: 30_000, filesPerMinute: 1000 }),
    });
    runner = await registerUser(server, { name: 'Hostile Tester' });
  });

  afterAll(async () => {
    await server.stop();
  });

  const hostile: [string, UploadFile][] = [
    ['alternating poles, 300 points', { name: 'poles-300.gpx', content: alternatingPolesGpx(300) }],
    ['alternating poles, 1,000 points', { name: 'poles-1000.gpx', content: alternatingPolesGpx(1000) }],
    ['DistanceMeters jumping to 1e10', { name: 'runaway.tcx', content: runawayDistanceTcx() }],
    ['100,000 nested elements', { name: 'nested.gpx', content: deeplyNestedGpx(100_000) }],
  ];

  it.each(hostile)(
    '%s: one clean answer, the server healthy, memory back, no spool and no partial rows',
    async (_label, file) => {
      const baseline = await settledRss();
      const before = await ownedRows(server, runner.id);
      const result = await uploadFiles(server, runner.client, [file]);
      expect(result.status).toBe(200);
      expect(result.events[0]).toMatchObject({ kind: 'accepted', files: [{ index: 0, name: file.name }] });
      const [final] = finalFileEvents(result.events);
      const after = await ownedRows(server, runner.id);
      if (final?.state === 'error') {
        // Refused: by the worker's caps, or by the parser / the plausibility rules with their sentence.
        expect(final.message).toMatch(
          /^(This file needs more memory than Stride allows for one activity\.|This file needs more time than Stride allows for one activity\.|Failed to parse (GPX|TCX) file: .+)$/,
        );
        expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 0, duplicates: 0, failed: 1 });
        expect(after).toEqual(before);
      } else {
        expect(final?.state).toBe('complete');
        expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 1, duplicates: 0, failed: 0 });
        expect(after).toEqual({
          activities: before.activities + 1,
          tracks: before.tracks + 1,
          files: before.files + 1,
        });
      }
      await expectHealthy(server);
      expect(spoolFiles(server)).toEqual([]);
      // The worker's heap is its own (capped, and dropped with the thread); the server's stays put.
      expect((await settledRss()) - baseline).toBeLessThan(256 * MB);
    },
    120_000,
  );

  it('a big FIT file parses off the event loop: other requests and uploads are answered meanwhile', async () => {
    const other = await registerUser(server, { name: 'Other Runner' });
    const baseline = await settledRss();
    const order: string[] = [];
    let parsingSeen: () => void = () => undefined;
    const parsing = new Promise<void>((resolve) => (parsingSeen = resolve));
    const big = streamUpload(server, runner, [{ name: 'long.fit', content: bigFit }], (event) => {
      if (event.kind === 'file' && event.state === 'parsing') {
        parsingSeen();
      }
      if (event.kind === 'done') {
        order.push('big file done');
      }
    });
    await parsing;
    await expectHealthy(server);
    order.push('health answered');
    const small = await uploadFiles(server, other.client, [{ name: 'small.gpx', content: smallRun(1) }]);
    order.push('small upload done');
    expect(finalFileEvents(small.events)[0]?.state).toBe('complete');
    const result = await big;
    expect(order).toEqual(['health answered', 'small upload done', 'big file done']);
    const progress = result.events.filter((event) => event.kind === 'file' && event.state === 'parsing');
    expect(progress.length).toBeGreaterThan(2);
    const [final] = finalFileEvents(result.events);
    expect(final?.state).toBe('complete');
    const detail = await runner.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
    expect(detail.body).toMatchObject({ fileType: 'fit', originalFilename: 'long.fit', hasTrack: true });
    expect(spoolFiles(server)).toEqual([]);
    expect((await settledRss()) - baseline).toBeLessThan(256 * MB);
  }, 120_000);
});

describe('the planner’s GPX import is read in the import pool, never on the event loop', () => {
  it('a 292 KB GPX cycling over a triangle: /api/health answers while the import is still in its worker', async () => {
    let queuedSeen: () => void = () => undefined;
    const queued = new Promise<void>((resolve) => (queuedSeen = resolve));
    const server = await startTestServer(
      { logLevel: 'info', uploads: uploads({ workers: 1 }) },
      {
        logDestination: {
          write: (line: string) => {
            if (line.includes('planner GPX import queued in the import pool')) {
              queuedSeen();
            }
          },
        },
      },
    );
    try {
      const order: string[] = [];
      const gpx = triangleCycleGpx(10_000);
      expect(gpx.length).toBeGreaterThan(290_000);
      const importing = fetch(`${server.url}/api/routes/import.gpx`, {
        method: 'POST',
        headers: { 'content-type': 'application/gpx+xml', origin: server.url },
        body: gpx,
      }).then(async (response) => {
        order.push('route imported');
        return { status: response.status, body: (await response.json()) as ImportedRoute };
      });
      // The server has the whole body and handed it to the pool; a fresh worker thread still has to
      // load, parse 10,000 points and simplify them, while the health check needs one query.
      await queued;
      await expectHealthy(server);
      order.push('health answered');
      const imported = await importing;
      expect(order).toEqual(['health answered', 'route imported']);
      expect(imported.status).toBe(200);
      expect(imported.body.name).toBe('Triangle');
      expect(imported.body.line).toHaveLength(10_000);
      expect(imported.body.waypoints.length).toBeGreaterThanOrEqual(2);
      expect(imported.body.waypoints.length).toBeLessThanOrEqual(1_000);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('the import pool is shared fairly between runners', () => {
  it('a runner’s two big files in flight do not queue another runner’s small file behind both', async () => {
    const server = await startTestServer({
      uploads: uploads({ workers: 1, concurrentPerUser: 2, fileTimeoutMs: 120_000, filesPerMinute: 1000 }),
    });
    try {
      const heavy = await registerUser(server, { name: 'Heavy Uploader' });
      const light = await registerUser(server, { name: 'Light Uploader' });
      const order: string[] = [];
      const parsingOf = (label: string) => {
        let seen: () => void = () => undefined;
        const parsing = new Promise<void>((resolve) => (seen = resolve));
        const upload = streamUpload(server, heavy, [{ name: `${label}.fit`, content: bigFit }], (event) => {
          if (event.kind === 'file' && event.state === 'parsing') {
            seen();
          }
          if (event.kind === 'done') {
            order.push(label);
          }
        });
        return { parsing, upload };
      };
      const first = parsingOf('heavy 1');
      await first.parsing;
      // The second big file is handed to the pool right after its first "parsing" event: it waits.
      const second = parsingOf('heavy 2');
      await second.parsing;
      const small = await uploadFiles(server, light.client, [{ name: 'small.gpx', content: smallRun(5) }]);
      order.push('light');
      expect(finalFileEvents(small.events)[0]?.state).toBe('complete');
      await Promise.all([first.upload, second.upload]);
      // The light file is served by the first free worker, before the heavy runner's second file
      // (whether the first heavy file's rows are stored before or after it does not matter here).
      expect(order.indexOf('light')).toBeLessThan(order.indexOf('heavy 2'));
      expect(order).toHaveLength(3);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe('a file with values outside the plausible ranges', () => {
  it('a GPX with <ele>1e308</ele> imports at once without its elevations, holding no worker', async () => {
    const server = await startTestServer({ uploads: uploads({ workers: 1, fileTimeoutMs: 60_000 }) });
    try {
      const user = await registerUser(server);
      const content = hugeElevationGpx();
      expect(content.length).toBeLessThan(400);
      const result = await uploadFiles(server, user.client, [{ name: 'ele-1e308.gpx', content }]);
      const [final] = finalFileEvents(result.events);
      expect(final?.state).toBe('complete');
      const detail = await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
      expect(detail.body).toMatchObject({ hasTrack: true, elevationGain: 0 });
      // The one worker is free again: another runner's small file imports next.
      const other = await registerUser(server);
      const small = await uploadFiles(server, other.client, [{ name: 'small.gpx', content: smallRun(4) }]);
      expect(finalFileEvents(small.events)[0]?.state).toBe('complete');
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('a file over the memory cap or the time budget fails alone, with its sentence', () => {
  it('memory: the worker is replaced, the next file of the batch imports', async () => {
    const server = await startTestServer({ uploads: uploads({ workers: 1, workerMemoryMb: 24 }) });
    try {
      const user = await registerUser(server);
      const result = await uploadFiles(server, user.client, [
        { name: 'long.fit', content: bigFit },
        { name: 'after.gpx', content: smallRun(2) },
      ]);
      const [fit, gpx] = finalFileEvents(result.events);
      expect(fit).toMatchObject({ state: 'error', message: UPLOAD_MESSAGES.needsMoreMemory });
      expect(gpx?.state).toBe('complete');
      expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 1, duplicates: 0, failed: 1 });
      expect(await ownedRows(server, user.id)).toEqual({ activities: 1, tracks: 1, files: 1 });
      expect(spoolFiles(server)).toEqual([]);
      await expectHealthy(server);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('time: the worker is stopped at the budget, the next file of the batch imports', async () => {
    // 2 s: decoding 1,500,000 FIT records takes several times that on any machine, while a small GPX
    // (parse, derive, time-zone lookup in a fresh worker) stays far below it even on a loaded one.
    const server = await startTestServer({ uploads: uploads({ workers: 1, fileTimeoutMs: 2_000 }) });
    try {
      const user = await registerUser(server);
      const result = await uploadFiles(server, user.client, [
        { name: 'long.fit', content: longFitActivity(1_500_000) },
        { name: 'after.gpx', content: smallRun(3) },
      ]);
      const [fit, gpx] = finalFileEvents(result.events);
      expect(fit).toMatchObject({ state: 'error', message: UPLOAD_MESSAGES.needsMoreTime });
      expect(gpx?.state).toBe('complete');
      expect(await ownedRows(server, user.id)).toEqual({ activities: 1, tracks: 1, files: 1 });
      expect(spoolFiles(server)).toEqual([]);
      await expectHealthy(server);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('per-user upload limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      uploads: uploads({ filesPerMinute: 3, bytesPerHour: 300_000, concurrentPerUser: 1, idleTimeoutMs: 500 }),
    });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('files a minute: a batch over what is left is refused whole, with the sentence', async () => {
    const user = await registerUser(server);
    const first = await uploadFiles(server, user.client, [
      { name: 'a.gpx', content: smallRun(10) },
      { name: 'b.gpx', content: smallRun(11) },
    ]);
    expect(first.status).toBe(200);
    const over = await uploadFiles(server, user.client, [
      { name: 'c.gpx', content: smallRun(12) },
      { name: 'd.gpx', content: smallRun(13) },
    ]);
    expect(over.status).toBe(429);
    expect(over.error).toEqual({ type: 'rate_limit_error', message: UPLOAD_LIMIT_MESSAGES.filesPerMinute(3) });
    const third = await uploadFiles(server, user.client, [{ name: 'c.gpx', content: smallRun(12) }]);
    expect(third.status).toBe(200);
    const full = await uploadFiles(server, user.client, [{ name: 'e.gpx', content: smallRun(14) }]);
    expect(full.status).toBe(429);
    expect(full.error?.message).toBe(UPLOAD_LIMIT_MESSAGES.filesPerMinute(3));
    expect((await ownedRows(server, user.id)).activities).toBe(3);
    expect(spoolFiles(server)).toEqual([]);
  });

  it('bytes an hour: counted in the database, refused with the sentence', async () => {
    const user = await registerUser(server);
    const padded = (seed: number, bytes: number) => smallRun(seed).replace('</gpx>', `${' '.repeat(bytes)}</gpx>`);
    const first = await uploadFiles(server, user.client, [{ name: 'big-a.gpx', content: padded(20, 200_000) }]);
    expect(first.status).toBe(200);
    const rows = await server.database.db
      .selectFrom('uploadUsage')
      .select(['files', 'bytes'])
      .where('userId', '=', user.id)
      .execute();
    expect(rows.map((row) => ({ files: row.files, bytes: Number(row.bytes) }))).toEqual([
      { files: 1, bytes: Buffer.byteLength(padded(20, 200_000)) },
    ]);
    const over = await uploadFiles(server, user.client, [{ name: 'big-b.gpx', content: padded(21, 150_000) }]);
    expect(over.status).toBe(429);
    expect(over.error).toEqual({ type: 'rate_limit_error', message: UPLOAD_LIMIT_MESSAGES.bytesPerHour(300_000) });
    expect((await ownedRows(server, user.id)).activities).toBe(1);
    expect(spoolFiles(server)).toEqual([]);
  });

  it('one upload in flight per user; a body that stalls is ended after the idle timeout, its spool removed', async () => {
    const user = await registerUser(server);
    const neighbour = await registerUser(server);
    const stalled = partialUpload(server, user, 'slow.gpx', '<?xml version="1.0"?><gpx');
    await expect.poll(() => spoolFiles(server).length).toBe(1);
    const second = await uploadFiles(server, user.client, [{ name: 'second.gpx', content: smallRun(30) }]);
    expect(second.status).toBe(429);
    expect(second.error).toEqual({ type: 'rate_limit_error', message: UPLOAD_LIMIT_MESSAGES.concurrent(1) });
    const other = await uploadFiles(server, neighbour.client, [{ name: 'other.gpx', content: smallRun(31) }]);
    expect(other.status).toBe(200);
    const answer = await stalled.answer;
    stalled.request.destroy();
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.text)).toEqual({
      error: { type: 'validation_error', message: UPLOAD_LIMIT_MESSAGES.stalled(1) },
    });
    expect(spoolFiles(server)).toEqual([]);
    const again = await uploadFiles(server, user.client, [{ name: 'second.gpx', content: smallRun(30) }]);
    expect(again.status).toBe(200);
    expect(await ownedRows(server, user.id)).toEqual({ activities: 1, tracks: 1, files: 1 });
  });

  it('a body trickled a byte at a time, faster than the idle timeout, is ended as too slow', async () => {
    const user = await registerUser(server);
    const trickled = partialUpload(server, user, 'trickle.gpx', '<?xml version="1.0"?><gpx');
    // One byte every 100 ms: each arrives well within the 500 ms idle timeout, but not 1 KB in 1 s.
    const drip = setInterval(() => trickled.request.write(' '), 100);
    try {
      const answer = await trickled.answer;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.text)).toEqual({
        error: { type: 'validation_error', message: UPLOAD_LIMIT_MESSAGES.tooSlow(1) },
      });
      expect(UPLOAD_LIMIT_MESSAGES.tooSlow(1)).toBe(
        'The upload is too slow: less than 1 KB arrived in 1 seconds. Please check your connection and try again.',
      );
    } finally {
      clearInterval(drip);
      trickled.request.destroy();
    }
    expect(spoolFiles(server)).toEqual([]);
  });
});

describe('aborted uploads', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ uploads: uploads({ workers: 1 }) });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('a client that goes away mid-body leaves no spool file and frees its slot', async () => {
    const user = await registerUser(server);
    const partial = partialUpload(server, user, 'cut.gpx', smallRun(40).slice(0, 2000));
    await expect.poll(() => spoolFiles(server).length).toBe(1);
    partial.request.destroy();
    await partial.answer;
    await expect.poll(() => spoolFiles(server)).toEqual([]);
    await expectHealthy(server);
    // Both in-flight slots are free again.
    const [a, b] = await Promise.all([
      uploadFiles(server, user.client, [{ name: 'a.gpx', content: smallRun(41) }]),
      uploadFiles(server, user.client, [{ name: 'b.gpx', content: smallRun(42) }]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await ownedRows(server, user.id)).activities).toBe(2);
  });

  it('a client that goes away mid-import: the file is not stored, the spool is removed', async () => {
    const user = await registerUser(server);
    const controller = new AbortController();
    const upload = streamUpload(
      server,
      user,
      [{ name: 'long.fit', content: bigFit }],
      (event) => {
        if (event.kind === 'file' && event.state === 'parsing') {
          controller.abort();
        }
      },
      controller.signal,
    );
    await expect(upload).rejects.toThrow();
    await expect.poll(() => spoolFiles(server), { timeout: 10_000 }).toEqual([]);
    await expectHealthy(server);
    expect(await ownedRows(server, user.id)).toEqual({ activities: 0, tracks: 0, files: 0 });
    // The worker was stopped, not left parsing: a new file is served at once.
    const next = await uploadFiles(server, user.client, [{ name: 'next.gpx', content: smallRun(43) }]);
    expect(finalFileEvents(next.events)[0]?.state).toBe('complete');
  }, 60_000);
});

describe('many uploads at once', () => {
  it('10 uploads of 10 files from 5 users: every request answered, each file one activity', async () => {
    const server = await startTestServer({ uploads: uploads({ filesPerMinute: 100 }) });
    try {
      const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(server)));
      // Each user sends the same 10 files twice at once: the second copy must be a duplicate, never a second row.
      const batches = users.flatMap((user, u) => {
        const files = Array.from({ length: 10 }, (_, i) => ({ name: `run-${i}.gpx`, content: smallRun(u * 10 + i) }));
        return [uploadFiles(server, user.client, files), uploadFiles(server, user.client, files)];
      });
      const results = await Promise.all(batches);
      for (const result of results) {
        expect(result.status).toBe(200);
        const finals = finalFileEvents(result.events);
        expect(finals.map((event) => event.state)).toEqual(Array.from({ length: 10 }, () => 'complete'));
      }
      for (const [u, user] of users.entries()) {
        const [first, second] = [results[u * 2], results[u * 2 + 1]];
        const done = [first, second].map((result) => result?.events.at(-1));
        expect(done.map((event) => (event?.kind === 'done' ? event.imported + event.duplicates : 0))).toEqual([10, 10]);
        expect(done.map((event) => (event?.kind === 'done' ? event.imported : 0)).reduce((a, b) => a + b)).toBe(10);
        expect(await ownedRows(server, user.id)).toEqual({ activities: 10, tracks: 10, files: 10 });
      }
      expect(spoolFiles(server)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('file names', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('keeps UTF-8 names as sent', async () => {
    const user = await registerUser(server);
    const result = await uploadFiles(server, user.client, [{ name: 'Škofja Loka – tek.gpx', content: smallRun(50) }]);
    expect(result.events[0]).toMatchObject({ kind: 'accepted', files: [{ name: 'Škofja Loka – tek.gpx' }] });
    const [final] = finalFileEvents(result.events);
    const detail = await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
    expect(detail.body.originalFilename).toBe('Škofja Loka – tek.gpx');
  });

  it('stores at most 255 characters of a name, keeping its extension', async () => {
    const user = await registerUser(server);
    const long = `${'Ž'.repeat(400)}.gpx`;
    const result = await uploadFiles(server, user.client, [{ name: long, content: smallRun(51) }]);
    const [final] = finalFileEvents(result.events);
    expect(final?.state).toBe('complete');
    const detail = await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
    expect(detail.body.originalFilename).toBe(`${'Ž'.repeat(MAX_UPLOAD_FILENAME_LENGTH - 4)}.gpx`);
  });
});

interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Every log line the server wrote so far. */
  lines: string[];
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm start`'s server from source, in its own process, so the test can SIGKILL it. */
async function startChildServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (data: Buffer) => lines.push(...data.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/api/health`).catch(() => undefined))?.status, { timeout: 120_000 })
    .toBe(200);
  return { url, process: child, lines };
}

async function kill(child: ChildServer, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill(signal);
  await exited;
}

describe('a server killed in the middle of uploads', () => {
  it('restarts on the same data with nothing partial or doubled, the spool emptied, and imports the file once', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-kill-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      APP_SECRET: randomBytes(30).toString('base64url'),
      DATA_DIR: dataDir,
      IMPORT_WORKERS: '1',
    };
    // PostgreSQL: this test's own database. PGlite: the default folder inside DATA_DIR, kept between runs.
    if (database.databaseUrl) {
      env.DATABASE_URL = database.databaseUrl;
    } else {
      delete env.DATABASE_URL;
    }
    // One port for every run, so the signed-in client reaches the restarted server.
    const port = await freePort();
    let child = await startChildServer(env, port);
    try {
      const user = await registerUser(child);
      const listed = async () => (await user.client.get<{ total: number }>('/api/activities?source=upload')).body.total;

      // A client that goes away mid-body: one info line with status 499, no error.
      const cut = partialUpload(child, user, 'cut.gpx', smallRun(60).slice(0, 1000));
      await expect.poll(() => spoolFiles(dataDir).length).toBe(1);
      cut.request.destroy();
      await expect.poll(() => spoolFiles(dataDir)).toEqual([]);
      await expect.poll(() => child.lines.filter((line) => line.includes('"status":499'))).toHaveLength(1);
      const [abortLine] = child.lines.filter((line) => line.includes('"status":499'));
      expect(JSON.parse(abortLine ?? '{}')).toMatchObject({ level: 30, msg: 'request', status: 499 });
      expect(child.lines.filter((line) => line.includes('"level":50'))).toEqual([]);

      // Killed while a body is arriving: the spool file stays behind until the next start.
      const midBody = partialUpload(child, user, 'long.gpx', smallRun(61).slice(0, 1000));
      await expect.poll(() => spoolFiles(dataDir).length).toBe(1);
      await kill(child, 'SIGKILL');
      midBody.request.destroy();
      expect(spoolFiles(dataDir)).toHaveLength(1);
      child = await startChildServer(env, port);
      expect(spoolFiles(dataDir)).toEqual([]);
      expect(await listed()).toBe(0);

      // Killed while the file is being parsed.
      const controller = new AbortController();
      const midImport = streamUpload(
        child,
        user,
        [{ name: 'long.fit', content: bigFit }],
        (event) => {
          if (event.kind === 'file' && event.state === 'parsing') {
            controller.abort();
          }
        },
        controller.signal,
      ).catch(() => undefined);
      await expect.poll(() => controller.signal.aborted, { timeout: 30_000 }).toBe(true);
      await kill(child, 'SIGKILL');
      await midImport;
      child = await startChildServer(env, port);
      expect(spoolFiles(dataDir)).toEqual([]);
      expect(await listed()).toBe(0);

      // The same file again: imported once, then recognised.
      const first = await uploadFiles(child, user.client, [{ name: 'long.fit', content: bigFit }]);
      expect(first.events.at(-1)).toEqual({ kind: 'done', imported: 1, duplicates: 0, failed: 0 });
      const second = await uploadFiles(child, user.client, [{ name: 'long.fit', content: bigFit }]);
      expect(second.events.at(-1)).toEqual({ kind: 'done', imported: 0, duplicates: 1, failed: 0 });
      expect(await listed()).toBe(1);
      expect(spoolFiles(dataDir)).toEqual([]);
    } finally {
      await kill(child, 'SIGTERM');
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
