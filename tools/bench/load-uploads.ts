/**
 * Load scenario "uploads beside readers": BENCH_UPLOAD_RUNNERS runners (default 10) each upload
 * BENCH_UPLOAD_FILES GPX files (default 10: 100 in all) of 1 to 5 MB at once, in requests of the
 * most files one takes, while another runner with 1,000 activities opens the dashboard at a steady
 * 100 reads a second over 10 connections (as the archive bench's runner B). Against one app server
 * in its own process on PGlite. Checks: every file imported once (each upload's own answer and the
 * runner's list), the reader's p99 during the uploads, and the import pool's fairness: with files
 * served by owner least served, no runner's files all finish while the others' wait, so even the
 * first runner to see all hers done does so late in the whole import.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_FILES } from '../../core/activity/upload-rules.ts';
import type { ActivityPage, UploadEvent } from '../../core/activity/schemas.ts';
import { UPLOAD_PATH } from '../../server/routes/activities.ts';
import type { BenchCheck, BenchReport } from './bench.ts';
import { benchGpxChunks } from './generate-gpx.ts';
import {
  startCpuSplit,
  DASHBOARD_PATHS,
  fire,
  loadSeconds,
  startServerProcess,
  stopServerProcess,
  warmUp,
  type CpuSplit,
  type Server,
  wholeNumberSetting,
} from './load-support.ts';
import { signUp } from './server-fixture.ts';

const READER_ACTIVITIES = 1000;
const READER_RATE = 100;
const READER_CONNECTIONS = 10;
const TARGET_P99_MS = 150;
/** The first runner to see all her files done does so after this share of the whole import, at least. */
const FAIRNESS_SHARE = 0.6;
/** About 250 bytes a point in the bench's GPX. */
const POINTS_PER_MB = 4200;
const UNTIL_STOPPED_S = 24 * 60 * 60;

/** File i of n: from 1 MB (the first) to 5 MB (the last), evenly between. */
const megabytesOf = (i: number, n: number) => (n === 1 ? 3 : 1 + (4 * i) / (n - 1));

async function writeFiles(dir: string, files: number): Promise<{ file: string; bytes: number }[]> {
  const written: { file: string; bytes: number }[] = [];
  for (let i = 0; i < files; i += 1) {
    const file = path.join(dir, `run-${i + 1}.gpx`);
    const text = [
      ...benchGpxChunks(Math.round(megabytesOf(i, files) * POINTS_PER_MB), {
        start: Date.UTC(2024, 0, 1 + i, 7),
        name: `Upload ${i + 1}`,
      }),
    ].join('');
    await writeFile(file, text);
    written.push({ file, bytes: Buffer.byteLength(text) });
  }
  return written;
}

interface RunnerUploads {
  imported: number;
  duplicates: number;
  failed: number;
  /** When each file was complete, ms since all uploads began. */
  completeAt: number[];
  listed: number;
  messages: string[];
}

/** One runner's files, in requests of at most MAX_UPLOAD_FILES, read as the NDJSON answer arrives. */
async function uploadAll(
  server: Server,
  cookie: string,
  files: readonly { file: string }[],
  started: number,
): Promise<RunnerUploads> {
  const result: RunnerUploads = { imported: 0, duplicates: 0, failed: 0, completeAt: [], listed: 0, messages: [] };
  for (let first = 0; first < files.length; first += MAX_UPLOAD_FILES) {
    const form = new FormData();
    form.append('timeZone', 'Europe/Berlin');
    for (const { file } of files.slice(first, first + MAX_UPLOAD_FILES)) {
      form.append('files', await openAsBlob(file, { type: 'application/gpx+xml' }), path.basename(file));
    }
    const response = await fetch(`${server.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: form,
    });
    if (!response.ok || !response.body) {
      throw new Error(`An upload answered ${response.status}: ${await response.text()}`);
    }
    const decoder = new TextDecoder();
    let buffered = '';
    const body = (response.body as ReadableStream<Uint8Array>).getReader();
    for (let chunk = await body.read(); !chunk.done; chunk = await body.read()) {
      buffered += decoder.decode(chunk.value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines.filter((text) => text !== '')) {
        const event = JSON.parse(line) as UploadEvent;
        if (event.kind === 'file' && event.state === 'complete') {
          result.completeAt.push(performance.now() - started);
        } else if (event.kind === 'file' && event.state === 'error') {
          result.messages.push(`${event.name}: ${event.message ?? ''}`);
        } else if (event.kind === 'done') {
          result.imported += event.imported;
          result.duplicates += event.duplicates;
          result.failed += event.failed;
        }
      }
    }
  }
  const list = await fetch(`${server.url}/api/activities?limit=1`, { headers: { cookie } });
  result.listed = ((await list.json()) as ActivityPage).total;
  return result;
}

const cores = (split: CpuSplit | undefined) =>
  split === undefined
    ? '–'
    : `app ${split.servers.toFixed(2)}, load generator ${split.loadGenerator.toFixed(2)}, other ${split.other.toFixed(2)} of ${split.cores.toFixed(1)} cores`;

export async function uploadsBesideReadersScenario(): Promise<BenchReport> {
  const runners = wholeNumberSetting('BENCH_UPLOAD_RUNNERS', 10, 1000);
  const perRunner = wholeNumberSetting('BENCH_UPLOAD_FILES', 10, 1000);
  const dir = await mkdtemp(path.join(tmpdir(), 'stride-bench-uploads-'));
  try {
    const files = await writeFiles(dir, perRunner);
    const server = await startServerProcess({ BENCH_ROLE: 'seed', BENCH_ACTIVITIES: String(READER_ACTIVITIES) });
    try {
      const uploaders = await Promise.all(
        Array.from({ length: runners }, (_, i) =>
          signUp(server.url, { name: `Uploader ${i + 1}`, email: `up${i + 1}@example.com`, password: 'upload-bench' }),
        ),
      );
      await warmUp([server], server.cookie);
      const readerOptions = { rate: READER_RATE };
      const alone = await fire(server.url, server.cookie, DASHBOARD_PATHS, READER_CONNECTIONS, {
        ...readerOptions,
        seconds: Math.min(loadSeconds(), 10),
      }).result;
      const reader = fire(server.url, server.cookie, DASHBOARD_PATHS, READER_CONNECTIONS, {
        ...readerOptions,
        seconds: UNTIL_STOPPED_S,
      });
      const split = startCpuSplit([server]);
      const started = performance.now();
      let results: RunnerUploads[];
      try {
        results = await Promise.all(uploaders.map((runner) => uploadAll(server, runner.cookie, files, started)));
      } finally {
        reader.stop();
      }
      const totalMs = performance.now() - started;
      const spent = split();
      const beside = await reader.result;
      const finishes = results.map((result) => Math.max(...result.completeAt, 0));
      const firstDone = Math.min(...finishes);
      const lastDone = Math.max(...finishes);
      const everyOnce = results.every(
        (result) =>
          result.imported === perRunner &&
          result.duplicates === 0 &&
          result.failed === 0 &&
          result.listed === perRunner,
      );
      const checks: BenchCheck[] = [
        {
          label: `Every one of the ${(runners * perRunner).toLocaleString('en')} files imported once`,
          measured: `${results.reduce((sum, result) => sum + result.imported, 0)} imported, ${results.reduce((sum, result) => sum + result.duplicates, 0)} duplicates, ${results.reduce((sum, result) => sum + result.failed, 0)} failed; listed ${results.map((result) => result.listed).join(', ')}`,
          passed: everyOnce,
        },
        {
          label: `Another runner's dashboard p99 ≤ ${TARGET_P99_MS} ms during the uploads`,
          measured: `p99 ${beside.latency.p99} ms (p50 ${beside.latency.p50} ms; alone before: p99 ${alone.latency.p99} ms)`,
          passed: beside.latency.p99 <= TARGET_P99_MS && beside.non2xx === 0 && beside.errors === 0,
        },
        {
          label: `Import pool fair: the first runner to have all her files done waits ≥ ${FAIRNESS_SHARE * 100}% of the whole import`,
          measured: `${((100 * firstDone) / lastDone).toFixed(0)}% (${(firstDone / 1000).toFixed(1)} s of ${(lastDone / 1000).toFixed(1)} s)`,
          passed: firstDone >= FAIRNESS_SHARE * lastDone,
        },
      ];
      const megabytes = files.reduce((sum, file) => sum + file.bytes, 0) / 1024 / 1024;
      return {
        headers: ['reader (dashboard)', 'req/s', 'p50', 'p99', 'not 2xx'],
        rows: [
          ['alone, before the uploads', ...readerRow(alone)],
          ['during the uploads', ...readerRow(beside)],
        ],
        checks,
        notes: [
          `${runners} runners (BENCH_UPLOAD_RUNNERS) each uploading the same ${perRunner} GPX files (BENCH_UPLOAD_FILES; 1 to 5 MB, ${megabytes.toFixed(0)} MB a runner) in requests of ${MAX_UPLOAD_FILES}, all at once; the reader at ${READER_RATE} req/s over ${READER_CONNECTIONS} connections. All imported in ${(totalMs / 1000).toFixed(1)} s.`,
          `Each runner's last file done at: ${finishes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}.`,
          `CPU meanwhile, in cores: ${cores(spent)}.`,
          ...results.flatMap((result) => result.messages).slice(0, 5),
        ],
      };
    } finally {
      await stopServerProcess(server);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function readerRow(result: {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}): string[] {
  return [
    result.requests.average.toFixed(0),
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    String(result.non2xx + result.errors + result.timeouts),
  ];
}
