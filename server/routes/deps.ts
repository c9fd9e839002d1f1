/** What route modules are built from; assembled once in server.ts. Routes reach data only through `services`. */
import type { Logger } from 'pino';
import type { Auth } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Config, DatabaseKind } from '../config.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { SecurityLog } from '../http/security-log.ts';
import type { Services } from '../services/services.ts';

export interface RouteDeps {
  services: Services;
  auth: Auth;
  config: Config;
  logger: Logger;
  /** The clock of the routes' own rate limits (server/http/rate-limit.ts) and their timers (SSE keep-alives, upload limits). */
  clock: Clock;
  version: string;
  /** The newest migration applied when this server started (migrateToLatest). */
  migration: string;
  databaseKind: DatabaseKind;
  /** The live-event hub the SSE route subscribes to. */
  events: EventHub;
  /** Aggregated security events (failed sign-ins, refusals, 4xx bursts) for the operator's alerts. */
  securityLog: SecurityLog;
}
