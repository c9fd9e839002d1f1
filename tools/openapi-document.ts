/**
 * Builds Stride's OpenAPI document exactly as the server serves it at /api/docs, from the app
 * assembled in-process on an in-memory database. `npm run openapi` writes it to docs/openapi.json
 * and a test fails when that committed copy is stale (STYLE.md §7).
 */
import path from 'node:path';
import { createApp } from '../server/app.ts';
import { createSecurityLog } from '../server/http/security-log.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createEventHub } from '../server/events/event-hub.ts';
import { createLogger } from '../server/logger.ts';
import { createJobQueue } from '../server/jobs/job-queue.ts';
import { createImportPool } from '../server/services/import-pool.ts';
import { createServices } from '../server/services/services.ts';
import { REAL_CLOCK } from '../server/clock.ts';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');

/** The document as committed: two-space JSON with a final newline. */
export async function buildOpenApiDocument(): Promise<string> {
  // Nothing here signs or serves anything; the secret only has to satisfy the configuration check.
  const config = { ...loadConfig({ NODE_ENV: 'test', APP_SECRET: 'o'.repeat(40), PORT: '0' }), webDir: undefined };
  const logger = createLogger('silent');
  const database = await openDatabase({});
  const events = await createEventHub(database, logger);
  try {
    // Built, never started: documenting the routes makes no request to Strava, and the import
    // pool is created lazily, so no worker thread starts unless a file is imported.
    const services = createServices({
      db: database.db,
      events,
      logger,
      clock: REAL_CLOCK,
      config,
      importPool: createImportPool({ workers: 1, memoryMb: 64, fileTimeoutMs: 1000 }),
      // Declared on, never started: no job runs.
      jobs: createJobQueue({ database, logger }),
    });
    const app = createApp({
      services,
      auth: services.auth,
      config,
      logger,
      clock: REAL_CLOCK,
      events,
      securityLog: createSecurityLog(logger, REAL_CLOCK),
      databaseKind: database.kind,
      version: '0.0.0',
      migration: 'none',
    });
    const response = await app.request('/api/docs');
    if (response.status !== 200) {
      throw new Error(`GET /api/docs answered ${response.status}`);
    }
    return `${JSON.stringify(await response.json(), null, 2)}\n`;
  } finally {
    await events.close();
    await database.close();
  }
}
