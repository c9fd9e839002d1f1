/** What route modules are built from; assembled once in app.ts. */
import type { Logger } from 'pino';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { DatabaseKind } from '../db/database.ts';
import type { Db } from '../db/db.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { ImportPool } from '../services/import-pool.ts';
import type { Strava } from '../services/strava/strava.ts';

export interface RouteDeps {
  db: Db;
  databaseKind: DatabaseKind;
  auth: Auth;
  config: Config;
  version: string;
  /** The newest migration applied when this server started (migrateToLatest). */
  migration: string;
  logger: Logger;
  events: EventHub;
  strava: Strava;
  /** Worker threads that parse uploaded files. */
  importPool: ImportPool;
}
