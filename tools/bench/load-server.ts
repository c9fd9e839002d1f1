/**
 * One Stride app server for the load benchmark, in its own process so the load generator does not
 * share its event loop (and so `--cpu-prof` profiles the server alone). Configured by environment:
 * BENCH_ROLE=seed registers BENCH_RUNNERS runners (default 1) and inserts BENCH_ACTIVITIES
 * activities for each, BENCH_ROLE=join only starts against the same database (another app server,
 * sharing the first one's APP_SECRET so its cookies are valid here too). READ_CACHE_MAX_MB sets the
 * read cache's budget. It writes one JSON line `{"url","cookie","cookies"}` to file descriptor 3
 * when ready (stdout carries the server's own logs), answers the message `stats` on its IPC channel
 * with its read cache's figures and its resident memory, and stops on SIGTERM or SIGINT. The weather comes from
 * a local Open-Meteo stand-in (tools/service-stand-ins) started in the same process, never the
 * internet; the seeded runner lives in Berlin, so the dashboard's weather card asks for it.
 * BENCH_HISTORY=long seeds the runner's activities as a ten-year history with heart-rate histograms
 * and best efforts (long-history.ts); READ_CACHE=off is passed on (reads measured cold);
 * BENCH_QUERY_LOG=file appends each read query with its parameters and time to that file as a JSON
 * line; BENCH_DATA_DIR=folder puts the data there and leaves it for the bench (to read and remove).
 */
import { randomBytes } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/server.ts';
import { startOpenMeteoStandIn } from '../service-stand-ins/open-meteo.ts';
import { syntheticActivity } from './activity-list.bench.ts';
import { seedLongHistory } from './long-history.ts';
import { signUp } from './server-fixture.ts';

const role = process.env.BENCH_ROLE ?? 'seed';
const activities = Number(process.env.BENCH_ACTIVITIES ?? '1000');
const runners = Number(process.env.BENCH_RUNNERS ?? '1');
const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'stride-load-')));
const meteo = await startOpenMeteoStandIn();
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // No daily backup in the middle of a measurement.
    BACKUP_KEEP: '0',
    APP_SECRET: process.env.BENCH_APP_SECRET ?? randomBytes(32).toString('hex'),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.READ_CACHE_MAX_MB ? { READ_CACHE_MAX_MB: process.env.READ_CACHE_MAX_MB } : {}),
    ...(process.env.READ_CACHE ? { READ_CACHE: process.env.READ_CACHE } : {}),
  }),
  // The product's request logging stays on (its cost is part of the figures) but goes nowhere.
  authRateLimit: { window: 60, max: 1_000_000 },
  webDir: process.env.BENCH_WEB_DIR,
  weather: { forecastUrl: meteo.url, archiveUrl: meteo.url, geocodingUrl: meteo.url, timeoutMs: 5_000 },
};
const queryLog = process.env.BENCH_QUERY_LOG ? openSync(process.env.BENCH_QUERY_LOG, 'a') : undefined;
/** Reads only: the bench runs EXPLAIN ANALYZE of them, which would run a write again. */
const isRead = (sql: string) => /^\s*(?:select|with)\b/i.test(sql) && !/\b(?:insert|update|delete)\b/i.test(sql);
const server = await startServer(
  config,
  queryLog === undefined
    ? {}
    : {
        onQuery: (sql, parameters, ms) => {
          if (isRead(sql)) {
            writeSync(queryLog, `${JSON.stringify({ sql, parameters, ms })}\n`);
          }
        },
      },
);
const url = `http://127.0.0.1:${server.port}`;
const cookies: string[] = [];
if (role === 'seed') {
  for (let index = 0; index < runners; index += 1) {
    const email = index === 0 ? 'load@example.com' : `load-${index}@example.com`;
    const runner = await signUp(url, { name: `Load Runner ${index + 1}`, email, password: 'load-bench-password' });
    cookies.push(runner.cookie);
    const located = await fetch(`${url}/api/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: url, cookie: runner.cookie },
      body: JSON.stringify({ location: 'Berlin' }),
    });
    if (!located.ok) {
      throw new Error(`Setting the bench runner's location answered ${located.status}: ${await located.text()}`);
    }
    const { db } = server.database;
    if (process.env.BENCH_HISTORY === 'long') {
      await seedLongHistory(db, runner.userId, activities, Date.now());
      continue;
    }
    for (let offset = 0; offset < activities; offset += 500) {
      const rows = Array.from({ length: Math.min(500, activities - offset) }, (_, k) =>
        syntheticActivity(runner.userId, offset + k),
      );
      await db.insertInto('activities').values(rows).execute();
    }
  }
  await server.database.maintain();
}
writeSync(3, `${JSON.stringify({ url, cookie: cookies[0] ?? '', cookies })}\n`);
process.on('message', (message) => {
  if (message === 'stats') {
    process.send?.({ cache: server.services.readCache.stats(), rssBytes: process.memoryUsage.rss() });
  }
});

let stopping = false;
const stop = async () => {
  if (stopping) {
    return;
  }
  stopping = true;
  await server.stop();
  await meteo.close();
  if (process.env.BENCH_DATA_DIR === undefined) {
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
