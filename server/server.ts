/**
 * Starts Stride from a configuration: opens and migrates the database, builds the app and listens.
 * main.ts calls this for `npm start`; tests call it to run a real server on a free port.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Logger } from 'pino';
import type { KyselyPlugin } from 'kysely';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { applyPendingMigrations, openDatabase, type DatabaseHandle, type QueryListener } from './db/database.ts';
import { acquireDataFolderLock, type DataFolderLock } from './db/data-folder-lock.ts';
import { runInBackground } from './db/query-priority.ts';
import { createEventHub } from './events/event-hub.ts';
import { createInvalidationBus } from './cache/invalidation-bus.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { openControlChannel, type ControlChannel } from './control-channel.ts';
import { createBackups, type Backups } from './services/backups.ts';
import { REAL_CLOCK, type Clock } from './clock.ts';
import { SPOOL_FILE_PATTERN } from './http/multipart-upload.ts';
import { createSecurityLog } from './http/security-log.ts';
import { createLogger } from './logger.ts';
import { runShutdown, SHUTDOWN_GRACE_MS, type ShutdownStep } from './shutdown.ts';
import type { ActivityRederiveRunner } from './services/activity-rederive.ts';
import type { MedalRederiveRunner } from './services/medal-service.ts';
import { createImportPool } from './services/import-pool.ts';
import type { DestinationStream } from 'pino';
import { createServices, type Services } from './services/services.ts';
import { ensurePrivateDirectory } from './security/private-directory.ts';
import type { PasswordHashing } from './auth/password-hashing.ts';

/** How often the embedded database's planner statistics are refreshed (PostgreSQL's autovacuum does it there). */
const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * How long an idle keep-alive connection stays open: longer than a reverse proxy's or a client's
 * own idle timeout (60 s is common), so the other side closes it first and never sends a request
 * on a connection this server is closing at that moment (the request would fail with a reset).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  logger: Logger;
  app: ReturnType<typeof createApp>;
  /** The use cases the routes call (tests may call them too, e.g. to trigger a check). */
  services: Services;
  /** The daily backup, and a backup now (server/services/backups.ts). */
  backups: Backups;
  /** The start-up pass re-deriving stored uploads (absent with ACTIVITY_REDERIVE=off). */
  rederive?: ActivityRederiveRunner;
  /** The start-up pass re-deriving medals whose rule changed since they were awarded. */
  medalRederive: MedalRederiveRunner;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PGlite folder override; `null` keeps PGlite in memory (tests). Defaults to DATA_DIR/pglite. */
  pgliteDir?: string | null;
  /** Tests: a migrated PGlite dump to start from (the migrator then finds nothing to do). */
  pgliteTemplate?: Blob;
  /** Tests: the clock of every service and rate limit (medals, streaks, imports, throttles). */
  clock?: Clock;
  /** Tests: the Strava client's clock only (its waits), to keep retry and rate-limit tests short. */
  stravaClock?: Clock;
  /** Tests: the time session expiry is judged by (the machine's otherwise, as better-auth's). */
  sessionClock?: Clock;
  /** Where log lines go: main.ts's standard output (server/log-output.ts), a test's capture; pino's standard output otherwise. */
  logDestination?: DestinationStream;
  /** Tests and benchmarks: hears every query, its parameters and time (server/db/database.ts). */
  onQuery?: QueryListener;
  /** Tests: Kysely plugins that see every query as it is built (server/db/database.ts). */
  queryPlugins?: readonly KyselyPlugin[];
  /** Tests: passwords hashed at a cheap scrypt cost (server/auth/password-hashing.ts), better-auth's otherwise. */
  passwordHashing?: PasswordHashing;
}

/** The version in the nearest package.json above this file (source or built). */
export function packageVersion(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
    }
    if (path.dirname(dir) === dir) {
      return '0.0.0';
    }
  }
}

/**
 * Upload spool files left by a server that stopped mid-upload (a crash, a kill) belong to no
 * request any more. DATA_DIR is each app server's own, so every one of them is stale at start-up.
 */
async function removeStaleSpoolFiles(dataDir: string, logger: Logger): Promise<void> {
  const tmpDir = path.join(dataDir, 'tmp');
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  const stale = names.filter((name) => SPOOL_FILE_PATTERN.test(name));
  await Promise.all(stale.map((name) => rm(path.join(tmpDir, name), { force: true })));
  if (stale.length > 0) {
    logger.info({ files: stale.length }, 'removed upload spool files left by an earlier run');
  }
}

/**
 * The local control channel in the data folder (server/control-channel.ts), published in the lock.
 * Without it (a socket path too long for the OS) the server runs on; `npm run backup` then says so.
 */
async function openControlChannelFor(
  config: Config,
  lock: DataFolderLock,
  backups: Backups,
  logger: Logger,
): Promise<ControlChannel | undefined> {
  try {
    const channel = await openControlChannel(config.dataDir, { backup: (dir) => backups.backupNow(dir) }, logger);
    await lock.update({ controlSocket: channel.socketPath });
    return channel;
  } catch (error) {
    logger.warn({ err: error }, 'no control channel: `npm run backup` cannot reach this server');
    return undefined;
  }
}

/** A process.cpuUsage() reading (microseconds) as whole milliseconds of user and system time. */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return Math.round((usage.user + usage.system) / 1000);
}

/**
 * PGlite is one process's database: the data folder is this server's alone while it runs, taken
 * before anything in it is touched (the upload spool, the database), and given back when the server
 * stops or fails to start. Many servers share PostgreSQL, so there the folder is not locked.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const onDisk = config.databaseUrl === undefined && options.pgliteDir !== null;
  const lock = onDisk ? await acquireDataFolderLock(config.dataDir) : undefined;
  try {
    return await startOnFolder(config, options, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function startOnFolder(
  config: Config,
  options: StartOptions,
  lock: DataFolderLock | undefined,
): Promise<RunningServer> {
  // Where start-up time goes, logged with "listening": loading the modules (the process's time
  // until here), opening and migrating the database, then building the app until it listens.
  const startedAt = performance.now();
  const cpuAtStart = process.cpuUsage();
  const clock = options.clock ?? REAL_CLOCK;
  const logger = createLogger(config.logLevel, {
    now: () => clock.now(),
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });
  const securityLog = createSecurityLog(logger, clock);
  if (lock?.replaced) {
    const { pid, startedAt: since } = lock.replaced;
    logger.warn({ pid, since }, 'took over the data folder from a server that is no longer running');
  }
  ensurePrivateDirectory(config.dataDir);
  await removeStaleSpoolFiles(config.dataDir, logger);
  const pgliteDir = options.pgliteDir === null ? undefined : (options.pgliteDir ?? path.join(config.dataDir, 'pglite'));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    ...(options.pgliteTemplate ? { pgliteTemplate: options.pgliteTemplate } : {}),
    onConnectionError: (error, connection) =>
      logger.warn({ err: error, connection }, 'the database ended a connection'),
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    ...(options.queryPlugins ? { queryPlugins: options.queryPlugins } : {}),
    clock,
  });
  const { migration, applied } = await applyPendingMigrations(database.db);
  const databaseReadyAt = performance.now();
  const cpuAtDatabaseReady = process.cpuUsage();
  // The planner's statistics live in the data folder and survive a restart: they are refreshed at
  // start-up only when migrations changed the tables, and otherwise by the periodic maintenance.
  if (applied > 0) {
    await database.maintain();
  }
  const stopMaintenance = clock.every(MAINTENANCE_INTERVAL_MS, () => {
    runInBackground(() => database.maintain()).catch((error: unknown) =>
      logger.warn({ err: error }, 'database maintenance failed'),
    );
  });
  const events = await createEventHub(database, logger);
  const invalidations = await createInvalidationBus(database, logger);
  const importPool = createImportPool({
    workers: config.uploads.workers,
    memoryMb: config.uploads.workerMemoryMb,
    fileTimeoutMs: config.uploads.fileTimeoutMs,
    clock,
  });
  const jobs = createJobQueue({ database, logger, clock });
  const services = createServices({
    db: database.db,
    events,
    logger,
    clock,
    ...(options.stravaClock ? { stravaClock: options.stravaClock } : {}),
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
    ...(options.passwordHashing ? { passwordHashing: options.passwordHashing } : {}),
    config,
    importPool,
    jobs,
    invalidations,
  });
  const backups = createBackups({
    database,
    databaseUrl: config.databaseUrl,
    appSecret: config.appSecret,
    strideVersion: packageVersion(),
    dir: config.backup.dir,
    keep: config.backup.keep,
    clock,
    logger,
    jobs,
  });
  const stalePartials = await backups.removeStalePartials();
  if (stalePartials.length > 0) {
    logger.info({ files: stalePartials }, 'removed backups left half-written by an earlier run');
  }
  // Every queue is declared by now (createServices, createBackups); pg-boss creates its schema on first start.
  // The workers start after listening (below): their first looks for jobs wait for no request.
  await jobs.prepare();
  // The export-archive imports a stopped server left unfinished go on where they stopped.
  await services.archives.resume();
  // The weekly report's quarter-hourly look for runners whose Monday morning has come (with SMTP only).
  services.mail.start();
  // The weekly re-plan of active plans, on the day each plan week begins (server/services/plan-replanning.ts).
  services.training.weeklyReplan.start();
  // "Download my data": half-written files of an earlier run removed, then expired ones hourly.
  await services.dataExports.start();
  const { strava } = services;
  const app = createApp({
    services,
    auth: services.auth,
    config,
    logger,
    clock,
    events,
    securityLog,
    databaseKind: database.kind,
    version: packageVersion(),
    migration,
  });
  const server = await new Promise<ServerType>((resolve) => {
    const instance = serve(
      { fetch: app.fetch, port: config.port, ...(config.host ? { hostname: config.host } : {}) },
      () => resolve(instance),
    );
  });
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Node's rule: the time for a request's headers must outlast the keep-alive wait.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const listeningAt = performance.now();
  const cpuAtListening = process.cpuUsage();
  const startup = {
    modulesMs: Math.round(startedAt),
    databaseMs: Math.round(databaseReadyAt - startedAt),
    appMs: Math.round(listeningAt - databaseReadyAt),
    // The same phases in CPU time (user and system, every thread): steadier than the clock on a
    // machine that other work shares.
    modulesCpuMs: cpuMs(cpuAtStart),
    databaseCpuMs: cpuMs(cpuAtDatabaseReady) - cpuMs(cpuAtStart),
    appCpuMs: cpuMs(cpuAtListening) - cpuMs(cpuAtDatabaseReady),
  };
  logger.info({ port, database: database.kind, migration, startup }, 'Stride is listening');
  // After listening: the job queue's workers, one after another (server/jobs/job-queue.ts).
  jobs.start().catch((error: unknown) => logger.error({ err: error }, 'the job queue workers did not start'));
  // The daily backup (BACKUP_KEEP=0 turns it off); on PGlite, `npm run backup` asks this server.
  if (config.backup.keep > 0) {
    backups.start();
  }
  const control = lock ? await openControlChannelFor(config, lock, backups, logger) : undefined;
  // After listening: registering the webhook makes Strava call this server back.
  strava.start();
  // In the background, after listening: start-up and requests never wait for it.
  const rederive: ActivityRederiveRunner | undefined = config.activityRederive
    ? services.activities.startRederive()
    : undefined;
  const bestEfforts = config.activityRederive ? services.charts.startTrackFiguresBackfill() : undefined;
  const medalRederive = services.medals.startRederive();
  const http = server as ServerType & { closeIdleConnections?: () => void; closeAllConnections?: () => void };
  /** Ends requests in flight within the grace, live-event streams at once, idle keep-alives at once. */
  const finishRequests = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    events.endSubscriptions();
    http.closeIdleConnections?.();
    const grace = new AbortController();
    void clock.sleep(SHUTDOWN_GRACE_MS, grace.signal).then(
      () => http.closeAllConnections?.(),
      () => undefined,
    );
    await closed;
    grace.abort();
  };
  // In order: nothing new comes in; the work in hand stops (an activity being re-derived, an import
  // worker's file, the Strava page in flight and the job in hand are left for the next start);
  // then what they used. Bounded as a whole (server/shutdown.ts): the process always gets to exit.
  const steps: ShutdownStep[] = [
    { name: 'control channel', run: () => control?.close() },
    { name: 'requests in flight', run: finishRequests },
    {
      name: 'timers',
      run: () => {
        stopMaintenance();
        securityLog.stop();
        services.mail.stop();
        services.training.weeklyReplan.stop();
        services.dataExports.stop();
      },
    },
    { name: 'activity re-derivation', run: () => rederive?.stop() },
    { name: 'track figures back-fill', run: () => bestEfforts?.stop() },
    { name: 'medal re-derivation', run: () => medalRederive.stop() },
    { name: 'import workers', run: () => importPool.close() },
    { name: 'Strava sync', run: () => strava.stop() },
    // A backup being written ends before the database closes; one past the bound is a partial
    // file, removed at the next start.
    { name: 'backups', run: () => backups.stop() },
    // After the Strava sync (which queues jobs), before the database: the job in hand ends first.
    { name: 'job queue', run: () => jobs.stop() },
    { name: 'mailer', run: () => services.mailer.close() },
    { name: 'live events', run: () => events.close() },
    { name: 'cache invalidations', run: () => invalidations.close() },
    { name: 'database', run: () => database.close() },
  ];
  const stop = async () => {
    try {
      await runShutdown(steps, clock, logger);
    } finally {
      // Past the bound too: no connection stays open and the data folder is free for the next start.
      http.closeAllConnections?.();
      await lock?.release();
    }
  };
  let stopped: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    database,
    logger,
    app,
    services,
    backups,
    ...(rederive ? { rederive } : {}),
    medalRederive,
    stop: () => (stopped ??= stop()),
  };
}
