/**
 * Test tiers (STYLE.md §6): `unit:core` (pure core/, one shared module graph), `unit` (server and
 * tools units, each file isolated), `web` (the web app's pure modules, in Node), `db:pglite` and
 * `db:postgres` (the server suites over HTTP on a real database: all on PGlite; on PostgreSQL, when
 * TEST_DATABASE_URL is set, those where the two differ, server/test-support/postgres-suites.ts), and
 * `e2e` (Playwright in Debian's Chromium against the built app).
 *
 * Every tier but e2e loads server/test-support/no-network.ts first: a test that tries to reach a
 * non-loopback address fails with a clear error instead of touching the internet (e2e aborts such
 * requests in the browser, e2e/support/browser.ts).
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { POSTGRES_SUITES } from './server/test-support/postgres-suites.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const dbSuites = ['server/**/*.db.test.ts'];
const setupFiles = ['server/test-support/no-network.ts'];
// Migrates a template database once per run; each test database starts as a copy of it.
const dbGlobalSetup = ['server/test-support/database-template.ts'];
// A guard against a hung test, not a speed target: two files share the cores, and a busy CI machine
// can slow a long test (a 1,000-activity sync, a restart) well past its usual 25 s.
const DB_TEST_TIMEOUT_MS = 120_000;
const E2E_TEST_TIMEOUT_MS = 180_000;
// `expect.poll` waits for something that will happen (a spool file removed, a log line, a page's
// change); its default of one second is a speed budget a loaded machine can miss, so it waits longer.
const expectOptions = { poll: { timeout: 30_000 } };

export default defineConfig({
  test: {
    // At least two files at a time, also on a 2-core machine: a db file spends much of its time
    // waiting (on its server, a stand-in, a deadline), so two share the cores well. The e2e files run
    // one after another, after the rest (fileParallelism: false puts them in vitest's sequential group).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          // core/ is pure (no module state, no mocks), so its files share one module graph: the FIT
          // SDK and the time-zone data load once instead of once per file.
          name: 'unit:core',
          include: ['core/**/*.test.ts'],
          isolate: false,
          setupFiles,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', 'node_modules/**'],
          setupFiles,
          expect: expectOptions,
        },
      },
      {
        test: {
          // Node, not a DOM: these are the web app's pure modules. The only browser global they read
          // at load is the page's address (the API client's base URL), given by web/src/test-setup.ts.
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          setupFiles: [...setupFiles, 'web/src/test-setup.ts'],
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'db:pglite',
          include: dbSuites,
          env: { STRIDE_TEST_DB: 'pglite' },
          setupFiles,
          expect: expectOptions,
          globalSetup: dbGlobalSetup,
          testTimeout: DB_TEST_TIMEOUT_MS,
          hookTimeout: DB_TEST_TIMEOUT_MS,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'db:postgres',
                include: Object.keys(POSTGRES_SUITES),
                env: { STRIDE_TEST_DB: 'postgres' },
                setupFiles,
                expect: expectOptions,
                globalSetup: dbGlobalSetup,
                testTimeout: DB_TEST_TIMEOUT_MS,
                hookTimeout: DB_TEST_TIMEOUT_MS,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          expect: expectOptions,
          // A guard against a hung test, not a speed target: a loaded machine can slow a long journey
          // well past its usual 40 s.
          testTimeout: E2E_TEST_TIMEOUT_MS,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
