/**
 * Global setup of the `e2e` vitest project: the built app (this `npm test` run's build, or one of its
 * own: tools/build-for-browser-tests.ts), then one server per e2e worker, each started as `npm start`
 * would on a free port and a fresh embedded database (PGlite in its own temporary DATA_DIR) with its
 * own Strava simulator and service stand-ins. The servers' URLs reach the tests through
 * `provide('suiteServers')`; each worker uses its own (browser.ts `suiteServer()`), so two files
 * running side by side never share accounts, data or a stand-in. The teardown stops the servers and
 * removes the temporary folders.
 *
 * Why never dist/web itself: the server reads index.html once at start, and `vite build` empties
 * dist/web, so a build in the same checkout during the run (`npm start`, `npm run dev`) would delete
 * the hashed assets the running server still points at and blank every page.
 *
 * STRIDE_E2E_SKIP_BUILD=1 reuses the existing dist/ (handy while iterating on tests only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildForBrowserTests, runInRepository, TEST_BUILD_DIR_VARIABLE } from '../../tools/build-for-browser-tests.ts';
import { copyPgliteTemplateApart, migratePglite } from '../../server/test-support/database-template.ts';
import { startOpenMeteoStandIn } from '../../tools/service-stand-ins/open-meteo.ts';
import { startOpenTopoDataStandIn } from '../../tools/service-stand-ins/open-topo-data.ts';
import { startOsrmStandIn } from '../../tools/service-stand-ins/osrm.ts';
import { createStravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { startTwilioStandIn } from '../../tools/service-stand-ins/twilio.ts';

export interface SuiteServerUrls {
  baseUrl: string;
  /** The Strava simulator the server's Strava client talks to. */
  stravaUrl: string;
  /** The Open-Meteo stand-in the server's weather client talks to (forecast, archive, geocoding). */
  weatherUrl: string;
  /** The Twilio stand-in the server texts sign-in codes through, and its credentials (to list what it sent). */
  sms: { url: string; accountSid: string; authToken: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (browser.ts picks the worker's own). */
    suiteServers: SuiteServerUrls[];
    /** The built web app, for a test that starts its own server (with its own clock) beside the suite's. */
    webDir: string;
  }
}

/** Activities of the simulator's signed-in athlete: three pages of the sync (100 a page). */
export const E2E_STRAVA_ACTIVITIES = 240;

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
/** How long the built server may take to migrate and answer: a wait for readiness, not a speed target. */
const HEALTH_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 10_000;

/** A port nobody listens on right now: bind to 0, read the port the kernel picked, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('Could not pick a free port'))));
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls GET /api/health until it answers 200; fails early with the server's stderr if it exits. */
async function waitForHealth(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Stride server exited before becoming healthy (${child.signalCode ?? `exit code ${child.exitCode}`}).\n` +
          `stderr:\n${stderr() || '(empty)'}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return;
      }
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await delay(200);
  }
  throw new Error(
    `The Stride server did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}).\n` +
      `stderr:\n${stderr() || '(empty)'}`,
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

interface SuiteServer extends SuiteServerUrls {
  /** Stops the server and its stand-ins; resolves with its errors and stderr (empty when none). */
  stop(): Promise<string>;
}

/**
 * Starts the built server as `npm start` would, on a fresh embedded database in `dataDir`, with its
 * own Strava simulator and service stand-ins (a fault one test sets on a stand-in never meets the
 * other worker's requests), and waits until it is healthy.
 */
async function startSuiteServer(build: SuiteBuild, dataDir: string): Promise<SuiteServer> {
  const strava = await createStravaSimulator({
    seed: 4,
    activities: E2E_STRAVA_ACTIVITIES,
    newAthletePerAuthorization: true,
  });
  const meteo = await startOpenMeteoStandIn();
  const twilio = await startTwilioStandIn();
  // The route planner's routing and elevation services.
  const [routing, elevation] = await Promise.all([startOsrmStandIn(), startOpenTopoDataStandIn()]);
  const stopStandIns = () => Promise.all([routing.close(), elevation.close(), twilio.close()]);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    // No daily backup: the browser tests do not look at one.
    BACKUP_KEEP: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every test registers and signs in from the same address; the default limit would trip.
    AUTH_RATE_LIMIT_MAX: '1000',
    WEB_DIR: build.webDir,
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_BASE_URL: strava.url,
    // The limiter's rule holds at a shorter spacing, so a sync takes a second, not half a minute.
    STRAVA_MIN_SPACING_MS: '20',
    WEATHER_URL: meteo.url,
    WEATHER_ARCHIVE_URL: meteo.url,
    WEATHER_GEOCODING_URL: meteo.url,
    ROUTING_URL: routing.url,
    ELEVATION_URL: `${elevation.url}/v1/srtm30m`,
    ELEVATION_MIN_SPACING_MS: '0',
    SMS_API_URL: twilio.url,
    SMS_ACCOUNT_SID: twilio.accountSid,
    SMS_AUTH_TOKEN: twilio.authToken,
    SMS_FROM: twilio.from,
  };
  // The browser suite always runs on the embedded database, whatever the shell has configured.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.APP_SECRET;

  const child = spawn(process.execPath, [build.serverMain], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // With LOG_LEVEL=warn, stdout holds only the warnings and errors pino logs: keep them for a post-mortem.
  let logs = '';
  child.stdout?.on('data', (chunk: Buffer) => (logs = (logs + chunk.toString()).slice(-64_000)));
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `The Stride server under test exited during the browser tests (${signal ?? `exit code ${code}`}); ` +
          `every later test will fail to connect.\nstderr:\n${stderr || '(empty)'}\nlogs:\n${logs || '(empty)'}`,
      );
    }
  });

  // `localhost`, not 127.0.0.1: it is the server's default PUBLIC_URL, which better-auth trusts as origin.
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => stderr);
  } catch (error) {
    stopping = true;
    await stopServer(child);
    await strava.stop();
    await meteo.close();
    await stopStandIns();
    throw error;
  }

  return {
    baseUrl,
    stravaUrl: strava.url,
    weatherUrl: meteo.url,
    sms: { url: twilio.url, accountSid: twilio.accountSid, authToken: twilio.authToken },
    async stop() {
      stopping = true;
      await stopServer(child);
      await strava.stop();
      await meteo.close();
      await stopStandIns();
      // Expected warnings (wrong passwords and the like) stay quiet; errors and stderr are shown.
      const errors = logs
        .split('\n')
        .filter(
          (line) =>
            line.trim() !== '' && !line.startsWith('Stride is running') && !/"level":(?:[1-3]0|40)\b/.test(line),
        );
      return `${stderr}${errors.join('\n')}`.trim();
    },
  };
}

interface SuiteBuild {
  serverMain: string;
  webDir: string;
  /** The folder of a build made for this run only, removed by the teardown. */
  ownFolder?: string;
}

/**
 * The built app: this `npm test` run's build (STRIDE_TEST_BUILD_DIR), dist/ as it is
 * (STRIDE_E2E_SKIP_BUILD=1; its web app copied, see above), or a build of its own in dist/.
 */
async function suiteBuild(tempDir: string): Promise<SuiteBuild> {
  const shared = process.env[TEST_BUILD_DIR_VARIABLE];
  if (shared) {
    return { serverMain: path.join(shared, 'server', 'main.js'), webDir: path.join(shared, 'web') };
  }
  if (process.env.STRIDE_E2E_SKIP_BUILD === '1') {
    for (const built of ['dist/server/main.js', 'dist/web/index.html']) {
      if (!existsSync(path.join(repoRoot, built))) {
        throw new Error(`STRIDE_E2E_SKIP_BUILD=1 but ${built} does not exist; run \`npm run build\` first.`);
      }
    }
    const webDir = path.join(tempDir, 'web');
    cpSync(path.join(repoRoot, 'dist', 'web'), webDir, { recursive: true });
    return { serverMain: path.join(repoRoot, 'dist', 'server', 'main.js'), webDir };
  }
  // Inside the repository, so the packages the bundle leaves to Node resolve from node_modules.
  mkdirSync(path.join(repoRoot, 'dist'), { recursive: true });
  const ownFolder = mkdtempSync(path.join(repoRoot, 'dist', 'e2e-build-'));
  try {
    await buildForBrowserTests(runInRepository, ownFolder);
  } catch (error) {
    rmSync(ownFolder, { recursive: true, force: true });
    throw error;
  }
  return { serverMain: path.join(ownFolder, 'server', 'main.js'), webDir: path.join(ownFolder, 'web'), ownFolder };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'stride-e2e-'));
  let build: SuiteBuild | undefined;
  try {
    build = await suiteBuild(tempDir);
    for (const file of [build.serverMain, path.join(build.webDir, 'index.html')]) {
      if (!existsSync(file)) {
        throw new Error(`${file} is missing after the build; the browser tests need the built server and web app.`);
      }
    }
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    if (build?.ownFolder) {
      rmSync(build.ownFolder, { recursive: true, force: true });
    }
    throw error;
  }
  const { ownFolder } = build;
  const removeFolders = () => {
    rmSync(tempDir, { recursive: true, force: true });
    if (ownFolder) {
      rmSync(ownFolder, { recursive: true, force: true });
    }
  };

  const servers: SuiteServer[] = [];
  try {
    // One per worker (browser.ts picks its worker's), started side by side, each on a copy of one
    // migrated database: a server on a fresh folder would create and migrate it first, several times
    // the start of one that finds its migrations done.
    const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
    const templateFile = path.join(tempDir, 'pglite-template.tar');
    writeFileSync(templateFile, Buffer.from(await (await migratePglite()).arrayBuffer()));
    const dataDirs = Array.from({ length: workers }, (_, index) => path.join(tempDir, `data-${index + 1}`));
    // DATA_DIR/pglite is where the server keeps its embedded database.
    await copyPgliteTemplateApart(
      templateFile,
      dataDirs.map((dataDir) => path.join(dataDir, 'pglite')),
    );
    const started = await Promise.allSettled(dataDirs.map((dataDir) => startSuiteServer(build, dataDir)));
    for (const result of started) {
      if (result.status === 'fulfilled') {
        servers.push(result.value);
      }
    }
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) {
      throw failure.reason;
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    removeFolders();
    throw error;
  }
  project.provide(
    'suiteServers',
    servers.map(({ baseUrl, stravaUrl, weatherUrl, sms }) => ({ baseUrl, stravaUrl, weatherUrl, sms })),
  );
  project.provide('webDir', build.webDir);

  return async () => {
    const problems = await Promise.all(servers.map((server) => server.stop()));
    if (problems.some((text) => text !== '')) {
      console.warn(`Stride server errors during the browser tests:\n${problems.join('\n')}`);
    }
    removeFolders();
  };
}
