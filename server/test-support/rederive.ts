/**
 * The start-up re-derivation pass run once by hand on a test server's database (as the next start
 * would run it over activities stored under older rules), with the activities-changed reactions of a
 * real server, and its outcome.
 */
import path from 'node:path';
import type { Clock } from '../clock.ts';
import { createEventHub } from '../events/event-hub.ts';
import { createLogger } from '../logger.ts';
import { rederiveStoredActivities } from '../services/activity-rederive.ts';
import { createImportPool } from '../services/import-pool.ts';
import { createServiceContext } from '../services/service-context.ts';
import { registerActivityReactions } from '../services/services.ts';
import type { TestServer } from './test-server.ts';

export async function rederiveNow(server: TestServer, clock: Clock) {
  const logger = createLogger('silent');
  const pool = createImportPool({ workers: 1, memoryMb: 256, fileTimeoutMs: 60_000 });
  const events = await createEventHub(server.database, logger);
  try {
    const context = createServiceContext({ db: server.database.db, events, logger, clock });
    registerActivityReactions(context);
    return await rederiveStoredActivities({ ...context, pool, spoolDir: path.join(server.config.dataDir, 'tmp') });
  } finally {
    await pool.close();
    await events.close();
  }
}
