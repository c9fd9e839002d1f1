/**
 * Archive import and "Download my data" at a runner's whole history: a Strava-style export ZIP of
 * BENCH_ARCHIVE_ACTIVITIES activities (default 5,000; `activities.csv` and `activities/<id>.gpx`,
 * every tenth a `.tcx.gz` and every tenth a `.fit.gz`, about 2 GB unpacked at 5,000), written to a
 * temporary folder with yazl as a stream and deleted at the end. The app server runs in its own
 * process (load-server.ts), so the peak RSS sampled from /proc every 100 ms is the server's own.
 *
 * - archive-import: runner A's archive is POSTed (streamed from disk) while runner B, the load
 *   bench's runner with 1,000 activities, opens the dashboard at a steady BENCH_ARCHIVE_RATE;
 *   B's req/s, p50 and p99 during the import are set against B's alone before it. Then A's
 *   "Download my data" of what was imported, as below, so one run gives both.
 * - data-export: the same archive imported with nothing else running, then A's "Download my data"
 *   asked for, awaited and downloaded: build time, ZIP size, the server's peak RSS during the build.
 *
 * Nothing is targeted on time (these figures are reported); each bench checks that every activity
 * was imported (none refused or duplicate) and that the export holds every activity's file.
 */
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { ArchiveImport } from '../../core/activity/archive-api.ts';
import { garminTcx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { encodeFit } from '../../core/activity/fit-file-builders.test-support.ts';
import { ACTIVITIES_CSV_HEADER, activityCsvLine, type DataExport } from '../../core/data-export.ts';
import { ARCHIVE_UPLOAD_PATH } from '../../server/routes/archive-imports.ts';
import type { Bench, BenchCheck, BenchReport } from './bench.ts';
import { benchGpxChunks } from './generate-gpx.ts';
import {
  CONNECTIONS,
  DASHBOARD_PATHS,
  fire,
  loadSeconds,
  startServerProcess,
  stopServerProcess,
  warmUp,
  type Server,
} from './load-support.ts';
import { signUp } from './server-fixture.ts';

/** Runner B's activities, as the load bench seeds them. */
const RUNNER_B_ACTIVITIES = 1000;
/** Runner B's connections at a steady rate (as fast as the load bench's 50 go with BENCH_ARCHIVE_RATE=0). */
const RUNNER_B_CONNECTIONS = 10;
const RSS_SAMPLE_MS = 100;
/** How often the bench reads the import's progress: as often as the web app does while one runs. */
const IMPORT_POLL_MS = 2000;
const EXPORT_POLL_MS = 250;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The first activity's start; one a day after it, 06:00 UTC. */
const FIRST_START = Date.UTC(2012, 0, 2, 6, 0, 0);
/** Longer than any import: the load stops when the import ends. */
const UNTIL_STOPPED_S = 24 * 60 * 60;

/** The archive's size as the bench names say it, before it is checked. */
const SIZE = Number(process.env.BENCH_ARCHIVE_ACTIVITIES ?? '5000').toLocaleString('en');

/**
 * Runner B's dashboard reads a second (BENCH_ARCHIVE_RATE, default 100: ten dashboards opened a
 * second); 0 asks as fast as the load bench's 50 connections go, which leaves the import little.
 */
function runnerBRate(): number | undefined {
  const rate = Number(process.env.BENCH_ARCHIVE_RATE ?? '100');
  if (!Number.isInteger(rate) || rate < 0 || rate > 100_000) {
    throw new Error('BENCH_ARCHIVE_RATE must be a whole number of requests a second (0: as fast as they go)');
  }
  return rate === 0 ? undefined : rate;
}

export function archiveActivities(): number {
  const count = Number(process.env.BENCH_ARCHIVE_ACTIVITIES ?? '5000');
  if (!Number.isInteger(count) || count < 1 || count > 50_000) {
    throw new Error('BENCH_ARCHIVE_ACTIVITIES must be a whole number of activities between 1 and 50,000');
  }
  return count;
}

type FileKind = 'gpx' | 'tcx.gz' | 'fit.gz';

/** Activity i of the archive: its file's kind and length (1,000 to 2,200 one-second points). */
function activityOf(i: number) {
  const kind: FileKind = i % 10 === 8 ? 'tcx.gz' : i % 10 === 9 ? 'fit.gz' : 'gpx';
  const id = String(9_000_000_000 + i);
  return {
    id,
    kind,
    points: 1000 + ((i * 7919) % 1201),
    start: FIRST_START + i * DAY_MS,
    name: `Bench run ${i + 1}`,
    entry: `activities/${id}.${kind}`,
  };
}

/** The file of one activity as a list of buffers (GPX from the bench's generator; TCX and FIT gzipped). */
function* activityFile(activity: ReturnType<typeof activityOf>, count: (bytes: number) => void): Generator<Buffer> {
  if (activity.kind === 'gpx') {
    for (const text of benchGpxChunks(activity.points, { start: activity.start, name: activity.name })) {
      const bytes = Buffer.from(text);
      count(bytes.length);
      yield bytes;
    }
    return;
  }
  const points = straightRun({
    points: activity.points,
    start: activity.start,
    elevation: (i) => 300 + 20 * Math.sin(i / 300),
  });
  const raw =
    activity.kind === 'tcx.gz'
      ? Buffer.from(garminTcx([{ points, averageHeartRate: 140, maxHeartRate: 149, calories: 350 }]))
      : Buffer.from(encodeFit({ points, sport: 'running', lapStarts: [0] }));
  count(raw.length);
  yield gzipSync(raw);
}

export interface GeneratedArchive {
  file: string;
  activities: number;
  zipBytes: number;
  unpackedBytes: number;
  seconds: number;
}

/**
 * Writes the archive as a stream: yazl asks for each entry's bytes only when it comes to it, so one
 * activity file is in memory at a time.
 */
export async function writeArchive(dir: string, activities: number): Promise<GeneratedArchive> {
  const started = performance.now();
  const file = path.join(dir, 'strava-export.zip');
  const zip = new yazl.ZipFile();
  const list = Array.from({ length: activities }, (_, i) => activityOf(i));
  // The files' own figures are what an import keeps; the row gives each its name and type.
  const csv =
    ACTIVITIES_CSV_HEADER +
    list
      .map((activity) =>
        activityCsvLine({
          id: activity.id,
          startDateMs: activity.start,
          name: activity.name,
          type: 'run',
          description: '',
          privateNotes: '',
          elapsedTime: activity.points,
          movingTime: activity.points,
          distance: 0,
          elevationGain: 0,
          maxHeartrate: null,
          averageHeartrate: null,
          gear: '',
          filename: activity.entry,
        }),
      )
      .join('');
  let unpackedBytes = Buffer.byteLength(csv);
  zip.addBuffer(Buffer.from(csv), 'activities.csv');
  for (const activity of list) {
    // Already gzipped files are stored, as Strava's export stores them.
    zip.addReadStreamLazy(activity.entry, { compress: activity.kind === 'gpx' }, (callback) =>
      callback(
        null,
        Readable.from(
          activityFile(activity, (bytes) => {
            unpackedBytes += bytes;
          }),
        ),
      ),
    );
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return {
    file,
    activities,
    zipBytes: (await stat(file)).size,
    unpackedBytes,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The server process's resident memory, in kB, from /proc/<pid>/status: now and its high-water mark. */
export function residentKb(pid: number | undefined): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}

/** Samples the server's RSS every 100 ms until stopped; the highest sample and the kernel's high-water mark. */
function sampleRss(server: Server) {
  let peakKb = residentKb(server.child.pid)?.rss ?? 0;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, residentKb(server.child.pid)?.rss ?? 0);
  }, RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      const last = residentKb(server.child.pid);
      return { peakKb: Math.max(peakKb, last?.rss ?? 0), hwmKb: last?.hwm ?? Number.NaN };
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const mbOfKb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Runner {
  userId: string;
  cookie: string;
}

async function getJson<T>(server: Server, runner: Runner, requestPath: string): Promise<T> {
  const response = await fetch(`${server.url}${requestPath}`, { headers: { cookie: runner.cookie } });
  if (!response.ok) {
    throw new Error(`GET ${requestPath} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

interface ImportResult {
  uploadSeconds: number;
  totalSeconds: number;
  result: ArchiveImport;
  peakKb: number;
  hwmKb: number;
}

/** POSTs the archive from disk (never read into memory) and follows the import until it ends. */
export async function importArchive(server: Server, runner: Runner, archive: GeneratedArchive): Promise<ImportResult> {
  const rss = sampleRss(server);
  const started = performance.now();
  const query = new URLSearchParams({ name: 'strava-export.zip', timeZone: 'Europe/Ljubljana' });
  // fetch's `duplex` option is missing from Node 20's RequestInit type.
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { cookie: runner.cookie, origin: server.url, 'content-type': 'application/zip' },
    body: Readable.toWeb(createReadStream(archive.file)) as ReadableStream<Uint8Array>,
    duplex: 'half',
  };
  const response = await fetch(`${server.url}${ARCHIVE_UPLOAD_PATH}?${query.toString()}`, init);
  if (response.status !== 202) {
    rss.stop();
    throw new Error(`The archive upload answered ${response.status}: ${await response.text()}`);
  }
  await response.arrayBuffer();
  const uploadSeconds = (performance.now() - started) / 1000;
  for (;;) {
    const result = await getJson<ArchiveImport>(server, runner, ARCHIVE_UPLOAD_PATH);
    if (result.status === 'done' || result.status === 'failed') {
      const { peakKb, hwmKb } = rss.stop();
      return { uploadSeconds, totalSeconds: (performance.now() - started) / 1000, result, peakKb, hwmKb };
    }
    await delay(IMPORT_POLL_MS);
  }
}

/** Passes when the import ended with every activity imported, else names what went otherwise. */
export function importCheck(imported: ImportResult, activities: number): BenchCheck[] {
  const { result } = imported;
  const checks: BenchCheck[] = [
    {
      label: `The import ends with all ${activities.toLocaleString('en')} activities imported, 0 duplicates, 0 refused`,
      measured: `${result.status}: ${result.imported} imported, ${result.duplicates} duplicates, ${result.refused} refused of ${result.total}${result.message ? ` (${result.message})` : ''}`,
      passed:
        result.status === 'done' && result.imported === activities && result.duplicates === 0 && result.refused === 0,
    },
  ];
  return checks;
}

/** The first few refused files with the server's sentence, for the notes. */
function refusedNotes(result: ArchiveImport): string[] {
  const refused = result.entries.filter((entry) => entry.outcome !== 'imported');
  return refused.slice(0, 5).map((entry) => `Not imported: ${entry.name}: ${entry.outcome}, ${entry.message ?? ''}`);
}

function archiveNotes(archive: GeneratedArchive): string {
  return `Archive: ${archive.activities.toLocaleString('en')} activities (GPX, every tenth TCX.gz, every tenth FIT.gz, and activities.csv), ${mb(archive.unpackedBytes)} unpacked, ${mb(archive.zipBytes)} ZIP, written in ${archive.seconds.toFixed(0)} s (BENCH_ARCHIVE_ACTIVITIES).`;
}

/** A runner, an archive and a server for one bench; everything is removed afterwards. */
async function withArchiveServer<T>(
  work: (server: Server, runnerA: Runner, archive: GeneratedArchive, dir: string) => Promise<T>,
  seededActivities: number,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stride-bench-archive-'));
  try {
    const archive = await writeArchive(dir, archiveActivities());
    const server = await startServerProcess({ BENCH_ROLE: 'seed', BENCH_ACTIVITIES: String(seededActivities) });
    try {
      const runnerA = await signUp(server.url, {
        name: 'Archive Runner',
        email: 'archive@example.com',
        password: 'archive-bench-password',
      });
      return await work(server, runnerA, archive, dir);
    } finally {
      await stopServerProcess(server);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function loadRow(phase: string, result: autocannon.Result): string[] {
  return [
    phase,
    `${result.duration.toFixed(0)} s`,
    result.requests.average.toFixed(0),
    `${result.latency.p50} ms`,
    `${result.latency.p99} ms`,
    String(result.non2xx + result.errors + result.timeouts),
  ];
}

export const archiveImportBench: Bench = {
  name: `Archive import: a Strava export of ${SIZE} activities beside another runner's dashboard`,
  id: 'archive-import',
  async run(): Promise<BenchReport> {
    const loadBefore = loadAverage();
    return withArchiveServer(async (server, runnerA, archive, dir) => {
      const runnerB = server.cookie;
      const rate = runnerBRate();
      const connections = rate === undefined ? CONNECTIONS : RUNNER_B_CONNECTIONS;
      await warmUp([server], runnerB);
      const alone = await fire(server.url, runnerB, DASHBOARD_PATHS, connections, { rate }).result;
      const load = fire(server.url, runnerB, DASHBOARD_PATHS, connections, { seconds: UNTIL_STOPPED_S, rate });
      let imported: ImportResult;
      try {
        imported = await importArchive(server, runnerA, archive);
      } finally {
        load.stop();
      }
      const beside = await load.result;
      const loadAfterImport = loadAverage();
      // The export of what was imported, with nothing else asking the server.
      const exported = await exportData(server, runnerA, dir, archive.activities);
      const { result } = imported;
      const importSeconds = imported.totalSeconds - imported.uploadSeconds;
      return {
        headers: ['runner B, dashboard reads', 'for', 'req/s', 'p50', 'p99', 'not 2xx'],
        rows: [loadRow('alone, before the import', alone), loadRow('during the import', beside)],
        checks: [...importCheck(imported, archive.activities), exported.check],
        notes: [
          `Import of runner A's archive: ${imported.totalSeconds.toFixed(1)} s from the POST to the end (upload ${imported.uploadSeconds.toFixed(1)} s, import job ${importSeconds.toFixed(1)} s), ${(result.imported / imported.totalSeconds).toFixed(1)} activities/s.`,
          `Server RSS during the import: peak ${mbOfKb(imported.peakKb)} (sampled every ${RSS_SAMPLE_MS} ms), high-water mark ${mbOfKb(imported.hwmKb)} (VmHWM, the process's whole life).`,
          ...exportNotes(exported),
          archiveNotes(archive),
          `Runner B: the load bench's runner (${RUNNER_B_ACTIVITIES.toLocaleString('en')} activities), the dashboard's ${DASHBOARD_PATHS.length} reads over ${connections} connections ${rate === undefined ? 'as fast as they go' : `at ${rate} req/s`} (BENCH_ARCHIVE_RATE), alone for ${loadSeconds()} s (BENCH_LOAD_SECONDS), then from the POST until the import ends. One PGlite app server in its own process (run by tsx); the load generator and the bench share the machine.`,
          `Load average before: ${loadBefore}; when the import ended: ${loadAfterImport}; at the end: ${loadAverage()} (/proc/loadavg, 1, 5, 15 min).`,
          ...refusedNotes(result),
        ],
      };
    }, RUNNER_B_ACTIVITIES);
  },
};

/** Counts the ZIP's entries from its central directory: activity files and the rest. */
async function zipEntries(file: string): Promise<{ activityFiles: number; names: Set<string> }> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: true });
  const names = new Set<string>();
  let activityFiles = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.startsWith('activities/')) {
        activityFiles += 1;
      } else {
        names.add(entry.fileName);
      }
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return { activityFiles, names };
}

interface ExportResult {
  buildSeconds: number;
  serverSeconds: number;
  downloadSeconds: number;
  sizeBytes: number;
  beforeKb: number | undefined;
  peakKb: number;
  hwmKb: number;
  check: BenchCheck;
}

/** Asks for runner A's "Download my data", follows it until built, downloads it into `dir` and reads its entries. */
async function exportData(server: Server, runner: Runner, dir: string, activities: number): Promise<ExportResult> {
  const beforeKb = residentKb(server.child.pid)?.rss;
  const rss = sampleRss(server);
  const started = performance.now();
  const asked = await fetch(`${server.url}/api/account/data-export`, {
    method: 'POST',
    headers: { cookie: runner.cookie, origin: server.url },
  });
  if (!asked.ok) {
    rss.stop();
    throw new Error(`Asking for the export answered ${asked.status}: ${await asked.text()}`);
  }
  let ready: DataExport | null = null;
  while (ready === null) {
    const { export: current } = await getJson<{ export: DataExport | null }>(
      server,
      runner,
      '/api/account/data-export',
    );
    if (current && current.state !== 'building') {
      ready = current;
    } else {
      await delay(EXPORT_POLL_MS);
    }
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const { peakKb, hwmKb } = rss.stop();
  if (ready.state !== 'ready' || ready.downloadPath === null || ready.readyAt === null) {
    throw new Error(`The export ended ${ready.state}`);
  }
  const downloaded = path.join(dir, 'stride-data.zip');
  const downloadStarted = performance.now();
  const download = await fetch(`${server.url}${ready.downloadPath}`, { headers: { cookie: runner.cookie } });
  if (!download.ok || !download.body) {
    throw new Error(`The download answered ${download.status}`);
  }
  await pipeline(Readable.fromWeb(download.body as WebReadableStream<Uint8Array>), createWriteStream(downloaded));
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  const zipBytes = (await stat(downloaded)).size;
  const entries = await zipEntries(downloaded);
  await rm(downloaded, { force: true });
  return {
    buildSeconds,
    serverSeconds: (Date.parse(ready.readyAt) - Date.parse(ready.requestedAt)) / 1000,
    downloadSeconds,
    sizeBytes: zipBytes,
    beforeKb,
    peakKb,
    hwmKb,
    check: {
      label: `The export holds a file for each of the ${activities.toLocaleString('en')} activities, activities.csv, and downloads whole`,
      measured: `${entries.activityFiles} activity files, ${entries.names.has('activities.csv') ? 'with' : 'without'} activities.csv, ${zipBytes} of ${ready.sizeBytes ?? '?'} bytes`,
      passed:
        entries.activityFiles === activities && entries.names.has('activities.csv') && zipBytes === ready.sizeBytes,
    },
  };
}

function exportNotes(exported: ExportResult): string[] {
  return [
    `Export build: ${exported.buildSeconds.toFixed(1)} s from the POST to the state read as ready (read every ${EXPORT_POLL_MS} ms; the server's own readyAt − requestedAt ${exported.serverSeconds.toFixed(1)} s), ZIP ${mb(exported.sizeBytes)}, downloaded in ${exported.downloadSeconds.toFixed(1)} s.`,
    `Server RSS around the export: ${exported.beforeKb === undefined ? '–' : mbOfKb(exported.beforeKb)} before the build, peak ${mbOfKb(exported.peakKb)} during it (sampled every ${RSS_SAMPLE_MS} ms); high-water mark ${mbOfKb(exported.hwmKb)} (VmHWM, the import included).`,
  ];
}

export const dataExportBench: Bench = {
  name: `Data export: "Download my data" of a runner with ${SIZE} imported activities`,
  id: 'data-export',
  async run(): Promise<BenchReport> {
    const loadBefore = loadAverage();
    return withArchiveServer(async (server, runnerA, archive, dir) => {
      const imported = await importArchive(server, runnerA, archive);
      const exported = await exportData(server, runnerA, dir, archive.activities);
      return {
        headers: ['step', 'time', 'size', 'server peak RSS'],
        rows: [
          [
            'import (nothing else running)',
            `${imported.totalSeconds.toFixed(1)} s`,
            mb(archive.zipBytes),
            mbOfKb(imported.peakKb),
          ],
          ['export build', `${exported.buildSeconds.toFixed(1)} s`, mb(exported.sizeBytes), mbOfKb(exported.peakKb)],
          ['download', `${exported.downloadSeconds.toFixed(1)} s`, mb(exported.sizeBytes), '–'],
        ],
        checks: [...importCheck(imported, archive.activities), exported.check],
        notes: [
          ...exportNotes(exported),
          `Import before it: ${imported.totalSeconds.toFixed(1)} s (upload ${imported.uploadSeconds.toFixed(1)} s), ${(imported.result.imported / imported.totalSeconds).toFixed(1)} activities/s, nothing else asking the server.`,
          archiveNotes(archive),
          `Load average before: ${loadBefore}; after: ${loadAverage()} (/proc/loadavg, 1, 5, 15 min).`,
          ...refusedNotes(imported.result),
        ],
      };
    }, 0);
  },
};

/** The issue's hostile archive: about 60 MB of activities.csv (784,434 rows, no file in the ZIP). */
const HUGE_CSV_ROWS = 784_434;

/** Writes a ZIP holding only an activities.csv of `rows` manual-looking rows, as a stream. */
async function writeHugeCsvArchive(
  dir: string,
  rows: number,
): Promise<{ file: string; zipBytes: number; csvBytes: number }> {
  const file = path.join(dir, 'huge-csv.zip');
  let csvBytes = 0;
  function* lines() {
    const header = Buffer.from(ACTIVITIES_CSV_HEADER);
    csvBytes += header.length;
    yield header;
    for (let row = 1; row <= rows; row += 1) {
      const line = Buffer.from(
        activityCsvLine({
          id: String(row),
          startDateMs: FIRST_START + (row % 5000) * DAY_MS,
          name: `Row ${row}`,
          type: 'run',
          description: '',
          privateNotes: '',
          elapsedTime: 1800,
          movingTime: 1800,
          distance: 5000,
          elevationGain: 0,
          maxHeartrate: null,
          averageHeartrate: null,
          gear: '',
          filename: null,
        }),
      );
      csvBytes += line.length;
      yield line;
    }
  }
  const zip = new yazl.ZipFile();
  zip.addReadStream(Readable.from(lines()), 'activities.csv');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return { file, zipBytes: (await stat(file)).size, csvBytes };
}

export const archiveHugeCsvBench: Bench = {
  name: 'Archive import: a small ZIP whose activities.csv is 60 MB, beside another runner at 100 req/s',
  id: 'archive-csv',
  async run(): Promise<BenchReport> {
    const dir = await mkdtemp(path.join(tmpdir(), 'stride-bench-csv-'));
    try {
      const archive = await writeHugeCsvArchive(dir, HUGE_CSV_ROWS);
      const server = await startServerProcess({ BENCH_ROLE: 'seed', BENCH_ACTIVITIES: String(RUNNER_B_ACTIVITIES) });
      try {
        const runnerA = await signUp(server.url, {
          name: 'CSV Runner',
          email: 'csv@example.com',
          password: 'archive-bench-password',
        });
        const runnerB = server.cookie;
        const rate = runnerBRate();
        const connections = rate === undefined ? CONNECTIONS : RUNNER_B_CONNECTIONS;
        await warmUp([server], runnerB);
        const health = fire(server.url, runnerB, ['/api/health'], 1, { seconds: UNTIL_STOPPED_S, rate: 20 });
        const load = fire(server.url, runnerB, DASHBOARD_PATHS, connections, { seconds: UNTIL_STOPPED_S, rate });
        const beforeKb = residentKb(server.child.pid)?.rss ?? 0;
        let imported: ImportResult;
        try {
          imported = await importArchive(server, runnerA, {
            file: archive.file,
            activities: 0,
            zipBytes: archive.zipBytes,
            unpackedBytes: archive.csvBytes,
            seconds: 0,
          });
        } finally {
          load.stop();
          health.stop();
        }
        const beside = await load.result;
        const healthResult = await health.result;
        const { result } = imported;
        const aboveMb = (imported.peakKb - beforeKb) / 1024;
        const capEntry = result.entries.find((entry) => entry.name === 'activities.csv');
        return {
          headers: ['runner B, dashboard reads', 'for', 'req/s', 'p50', 'p99', 'not 2xx'],
          rows: [loadRow('during the import', beside), loadRow('/api/health during the import', healthResult)],
          checks: [
            {
              label: 'The server stays under 400 MB above its RSS before the upload',
              measured: `${aboveMb.toFixed(0)} MB above (${mbOfKb(beforeKb)} before, peak ${mbOfKb(imported.peakKb)})`,
              passed: aboveMb <= 400,
            },
            {
              label: "Another runner's /api/health answers within 200 ms p99",
              measured: `p99 ${healthResult.latency.p99} ms, max ${healthResult.latency.max} ms`,
              passed: healthResult.latency.p99 <= 200,
            },
            {
              label: 'The import stops reading activities.csv at the cap and says so',
              measured: `${result.status}: ${result.imported} imported, ${result.refused} refused; ${capEntry?.message ?? 'no sentence'}`,
              passed: result.status === 'done' && capEntry !== undefined,
            },
          ],
          notes: [
            `Archive: one activities.csv of ${HUGE_CSV_ROWS.toLocaleString('en')} rows without a file, ${mb(archive.csvBytes)} unpacked, ${mb(archive.zipBytes)} ZIP.`,
            `Import: ${imported.totalSeconds.toFixed(1)} s from the POST to the end (upload ${imported.uploadSeconds.toFixed(1)} s).`,
            `Runner B's dashboard ${rate === undefined ? 'as fast as it goes' : `at ${rate} req/s`} over ${connections} connections, and /api/health at 20 req/s over 1, from the POST until the import ends. Load average at the end: ${loadAverage()}.`,
          ],
        };
      } finally {
        await stopServerProcess(server);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
