/**
 * Test tiers (STYLE.md §6): `unit:core` (pure core/, one shared module graph), `unit` (server and
 * tools units, each file isolated), `web` (the web app's pure modules, in Node), `db:pglite` and
 * `db:postgres` (the same server suites over HTTP on a real database; PostgreSQL only when
 * TEST_DATABASE_URL is set), and `e2e` (Playwright in Debian's Chromium against the built app).
 *
 * Every tier but e2e loads server/test-support/no-network.ts first: a test that tries to reach a
 * non-loopback address fails with a clear error instead of touching the internet (e2e aborts such
 * requests in the browser, e2e/support/browser.ts).
 */
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
const dbSuites = ['server/**/*.db.test.ts'];
const setupFiles = ['server/test-support/no-network.ts'];
// Migrates a template database once per run; each test database starts as a copy of it.
const dbGlobalSetup = ['server/test-support/database-template.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // core/ is pure (no module state, no mocks), so its files share one module graph: the FIT
          // SDK and the time-zone data load once instead of once per file.
          name: 'unit:core',
          include: ['core/**/*.test.ts'],
          isolate: false,
          setupFiles,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', 'node_modules/**'],
          setupFiles,
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
        },
      },
      {
        test: {
          name: 'db:pglite',
          include: dbSuites,
          env: { STRIDE_TEST_DB: 'pglite' },
          setupFiles,
          globalSetup: dbGlobalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'db:postgres',
                include: dbSuites,
                env: { STRIDE_TEST_DB: 'postgres' },
                setupFiles,
                globalSetup: dbGlobalSetup,
                testTimeout: 30_000,
                hookTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
