/**
 * Test tiers (STYLE.md §6): `unit` (pure core/ and server units), `db:pglite` and `db:postgres` (the
 * same server suites over HTTP on a real database; PostgreSQL only when TEST_DATABASE_URL is set),
 * and `e2e` (Playwright in Debian's Chromium against the built app).
 */
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
const dbSuites = ['server/**/*.db.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', 'node_modules/**'],
        },
      },
      {
        test: {
          name: 'db:pglite',
          include: dbSuites,
          env: { STRIDE_TEST_DB: 'pglite' },
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
