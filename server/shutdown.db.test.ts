/**
 * The server as its own process, as a service manager runs it: one server per embedded data folder
 * (a second one refuses and exits 1, the first keeps serving), and SIGTERM in the middle of work
 * (uploads done, a Strava sync and an archive import running, live-event streams open, standard
 * output a pipe nobody reads any more) ends the process, frees its port and gives the data folder
 * back. In-process, with the clock held: a stop that does not end within the bound logs what was
 * left and returns anyway.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightRun, stravaExportGpx } from '../core/activity/activity-file-builders.test-support.ts';
import type { ArchiveImport } from '../core/activity/archive-api.ts';
import type { StravaStatus } from '../core/strava/api.ts';
import { createStravaSimulator, type StravaSimulator } from '../tools/strava-simulator/strava-simulator.ts';
import { REAL_CLOCK, type Clock } from './clock.ts';
import { DATA_FOLDER_LOCK_FILE } from './db/data-folder-lock.ts';
import { SHUTDOWN_BOUND_MS, SHUTDOWN_BOUND_PASSED, SHUTDOWN_GRACE_MS } from './shutdown.ts';
import { createApiClient } from './test-support/api-client.ts';
import { buildArchive, uploadArchive } from './test-support/archives.ts';
import { openEventStream } from './test-support/event-streams.ts';
import { buildCredentials, registerUser } from './test-support/factories.ts';
import { freePort, portIsFree } from './test-support/free-port.ts';
import { serverProcessAnswers, spawnServerProcess, type ServerProcess } from './test-support/server-process.ts';
import { connectStrava, waitUntil } from './test-support/strava.ts';
import {
  captureLog,
  createTestDatabase,
  startTestServer,
  testDatabaseKind,
  type TestDatabase,
} from './test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from './test-support/uploads.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const GPX = readFileSync(path.join(ROOT, 'test/fixtures/real/cerknicko-jezero.gpx'));
const SECRET = 'shutdown-test-secret-0123456789abcdef0123456789';
/** Two server starts and the work between them: slow on a busy machine. */
const TIMEOUT_MS = 180_000;

let database: TestDatabase;
/** PGlite: the folder holding DATA_DIR/pglite; PostgreSQL: a data folder of the test's own. */
let dataDir: string;
const started: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ persistent: true });
  dataDir = database.pgliteDir
    ? path.dirname(database.pgliteDir)
    : await mkdtemp(path.join(tmpdir(), 'stride-shutdown-'));
});

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  await database?.destroy();
  if (!database?.pgliteDir && dataDir) {
    await rm(dataDir, { recursive: true, force: true });
  }
});

function spawnServer(port: number, env: NodeJS.ProcessEnv = {}, stdout: 'ignore' | number = 'ignore'): ServerProcess {
  const server = spawnServerProcess(
    port,
    {
      APP_SECRET: SECRET,
      DATA_DIR: dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...env,
    },
    stdout,
  );
  started.push(server);
  return server;
}

/** Writes to the pipe until it takes not one byte more (nobody reads it). */
function fillPipe(pipe: string): void {
  const writer = openSync(pipe, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    // Whole pages while they fit, then single bytes: a pipe refuses a page once less than one is free.
    for (const size of [4096, 1]) {
      try {
        for (;;) {
          writeSync(writer, Buffer.alloc(size, '.'));
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
          throw error;
        }
      }
    }
  } finally {
    closeSync(writer);
  }
}

// Many app servers on one PostgreSQL database is the scale-out design: only PGlite's folder is locked.
const pgliteOnly = testDatabaseKind() === 'pglite' ? describe : () => undefined;
pgliteOnly('two servers started at once on one data folder', () => {
  it(
    'one serves, the other refuses with the holder and exits 1; a SIGTERM then gives the folder back',
    async () => {
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) => spawnServer(port));
      const loser = await Promise.race(servers.map((server) => server.exited.then(() => server)));
      const winner = servers.find((server) => server !== loser)!;
      const winnerPort = ports[servers.indexOf(winner)]!;

      expect(await loser.exited).toEqual({ code: 1, signal: null });
      expect(loser.stderr().split('\n')).toContain(
        `Another Stride server (process ${winner.child.pid}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
      );
      // The winner answers after the refusal, and it alone holds the folder.
      await serverProcessAnswers(winner, winnerPort);
      const client = createApiClient(`http://127.0.0.1:${winnerPort}`);
      expect((await client.post('/api/auth/sign-up/email', buildCredentials())).status).toBe(200);
      const lock = JSON.parse(readFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(winner.child.pid);

      winner.child.kill('SIGTERM');
      expect(await winner.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
    },
    TIMEOUT_MS,
  );
});

describe('SIGTERM to a server in the middle of work', () => {
  let strava: StravaSimulator;

  beforeAll(async () => {
    strava = await createStravaSimulator({ seed: 37, enforceRateLimits: false });
  });

  afterAll(async () => {
    await strava?.stop();
  });

  it(
    'ends the process after uploads, a running sync, a running archive import and open event streams, and frees the port',
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // Its log lines go to a pipe that is full by the time the signal comes: whoever started it
      // stopped reading what it prints (a script waiting for the process to end first).
      const pipe = path.join(dataDir, 'stdout.fifo');
      execFileSync('mkfifo', [pipe]);
      const reader = openSync(pipe, constants.O_RDONLY | constants.O_NONBLOCK);
      const stdout = openSync(pipe, 'w');
      const server = spawnServer(
        port,
        {
          LOG_LEVEL: 'info',
          STRAVA_BASE_URL: strava.url,
          STRAVA_CLIENT_ID: strava.clientId,
          STRAVA_CLIENT_SECRET: strava.clientSecret,
          // A sync of several pages that is still running when the signal comes.
          STRAVA_MIN_SPACING_MS: '500',
        },
        stdout,
      );
      closeSync(stdout);
      await serverProcessAnswers(server, port);
      const client = createApiClient(url);
      expect((await client.post('/api/auth/sign-up/email', buildCredentials())).status).toBe(200);

      const uploaded = await uploadFiles({ url }, client, [{ name: 'run.gpx', content: GPX }]);
      expect(finalFileEvents(uploaded.events).map((event) => event.state)).toEqual(['complete']);

      strava.addAthlete({ activities: 650, signIn: true });
      expect((await connectStrava(client)).status).toBe(200);
      await waitUntil(
        async () => (await client.get<StravaStatus>('/api/strava/status')).body.sync?.state === 'running' || undefined,
        'the sync to run',
        60_000,
      );

      const files = Array.from({ length: 60 }, (_, i) => ({
        name: `activities/${i + 1}.gpx`,
        content: stravaExportGpx(straightRun({ points: 400, start: Date.UTC(2025, 0, 1 + i, 6) }), `Run ${i + 1}`),
      }));
      expect((await uploadArchive({ url }, client, await buildArchive(files))).status).toBe(202);
      await waitUntil(
        async () => {
          const current = (await client.get<ArchiveImport>('/api/activities/archive-imports')).body;
          return (current.status === 'running' && current.done >= 1) || undefined;
        },
        'the archive import to run',
        60_000,
      );
      const streams = [await openEventStream({ url }, client), await openEventStream({ url }, client)];

      fillPipe(pipe);
      // Lines that wait for room in the pipe when the signal comes.
      for (let i = 0; i < 3; i++) {
        expect((await client.get('/api/health')).status).toBe(200);
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      closeSync(reader);
      expect(await portIsFree(port)).toBe(true);
      await Promise.all(streams.map((stream) => stream.ended));
      expect((await client.get<StravaStatus>('/api/strava/status').catch(() => null))?.status).toBeUndefined();
      if (database.kind === 'pglite') {
        expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
      }
    },
    TIMEOUT_MS,
  );
});

/** The machine's time, but the waits of the given lengths are held until the test lets them end. */
function heldWaitsClock(held: readonly number[]) {
  const waiting = new Map<number, () => void>();
  const clock: Clock = {
    ...REAL_CLOCK,
    sleep: (ms, signal) =>
      held.includes(ms)
        ? new Promise<void>((resolve, reject) => {
            waiting.set(ms, resolve);
            signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          })
        : REAL_CLOCK.sleep(ms, signal),
  };
  return { clock, waiting: (ms: number) => waiting.has(ms), end: (ms: number) => waiting.get(ms)?.() };
}

describe('a stop that does not end within the bound', () => {
  it('logs what was left, closes the connections still open and returns anyway', async () => {
    const time = heldWaitsClock([SHUTDOWN_GRACE_MS, SHUTDOWN_BOUND_MS]);
    const log = captureLog();
    const server = await startTestServer({ logLevel: 'warn' }, { clock: time.clock, logDestination: log.destination });
    const runner = await registerUser(server);
    const stream = await openEventStream(server, runner.client);
    // An upload whose body never finishes arriving: a request in flight that never ends.
    const upload = request(`${server.url}/api/activities/uploads`, {
      method: 'POST',
      headers: {
        cookie: cookieHeader(runner.client),
        origin: server.url,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': '100000',
        // Node's server answers "100 Continue" as it hands the request on: from then on it is in flight.
        expect: '100-continue',
      },
    });
    const uploadClosed = new Promise<void>((resolve) => upload.once('close', resolve).once('error', () => undefined));
    upload.flushHeaders();
    await new Promise((resolve) => upload.once('continue', resolve));
    upload.write('--x\r\nContent-Disposition: form-data; name="timeZone"\r\n\r\nEurope/Ljubljana\r\n');

    const stopped = server.stop();
    // The live-event stream ends at once, without waiting for the grace of requests in flight.
    await stream.ended;
    await expect.poll(() => time.waiting(SHUTDOWN_BOUND_MS) && time.waiting(SHUTDOWN_GRACE_MS)).toBe(true);
    time.end(SHUTDOWN_BOUND_MS);

    await expect(stopped).rejects.toThrow('the shutdown ended with requests in flight,');
    const passed = log.lines().map((line) => JSON.parse(line) as { msg: string; left?: string[] });
    expect(passed.filter((line) => line.msg === SHUTDOWN_BOUND_PASSED)).toEqual([
      expect.objectContaining({
        left: [
          'requests in flight',
          'timers',
          'activity re-derivation',
          'track figures back-fill',
          'medal re-derivation',
          'import workers',
          'Strava sync',
          'backups',
          'job queue',
          'mailer',
          'live events',
          'cache invalidations',
          'database',
        ],
        boundMs: 10_000,
      }),
    ]);
    await uploadClosed;
  });
});
