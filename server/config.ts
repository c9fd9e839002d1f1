/**
 * Server configuration from environment variables (a `.env` file is read by main.ts if present).
 * Defaults make `npm start` work on a fresh machine; NODE_ENV=production makes the secrets and
 * DATABASE_URL required (spec §5 "Startup", DESIGN.md "Configuration"). The sections for outside
 * services live in config-services.ts, the variable readers in config-readers.ts.
 */
import { DEFAULT_AUTH_MAILS_PER_HOUR } from '../core/mail-limits.ts';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ERROR_REPORTS_MAX_STORED } from '../core/error-reports.ts';
import { missingEnvironmentVariableMessage } from '../core/errors.ts';
import type { LoginThrottlePolicy } from '../core/login-throttle.ts';
import { PAGE_VIEW_REQUESTS_PER_MINUTE_TOTAL } from '../core/page-views.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../core/password-policy.ts';
import type { SubscriptionFeature } from '../core/subscription.ts';
import { ensurePrivateDirectory } from './security/private-directory.ts';
import { WEBHOOK_POSTS_PER_MINUTE } from '../core/strava/constants.ts';
import { ConfigError, readBoolean, readInteger, readServiceUrl, type Env } from './config-readers.ts';
import {
  loadGoogleConfig,
  loadMailConfig,
  loadSmsConfig,
  loadStravaConfig,
  loadStripeConfig,
  loadWeatherConfig,
  readSubscriptionFeatures,
  type GoogleConfig,
  type SmsConfig,
  type MailConfig,
  type PlannerConfig,
  type StravaConfig,
  type StripeConfig,
  type WeatherConfig,
} from './config-services.ts';

export { ConfigError } from './config-readers.ts';
export { GOOGLE_DISCOVERY_URL, STRIPE_VARIABLES, TWILIO_API_URL } from './config-services.ts';
export type * from './config-services.ts';

/** The database behind the server: PGlite in process by default, PostgreSQL when DATABASE_URL is set. */
export type DatabaseKind = 'pglite' | 'postgres';

export interface RateLimitRule {
  /** Window in seconds. */
  window: number;
  max: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  publicUrl: string;
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For. 0: the header is
   * ignored and the socket's address is the client's. N: the Nth address from the right is the
   * client's (each trusted proxy appends the address it was called from).
   */
  trustProxyHops: number;
  /** Per-account sign-in throttling, on top of the per-address limit. */
  loginThrottle: LoginThrottlePolicy;
  /** Account mails (reset, sign-in link, verification) the whole server sends an hour (core/mail-limits.ts). */
  authMailsPerHour: number;
  logLevel: string;
  passwordPolicy: PasswordPolicy;
  /** Sign-in and sign-up attempts per client address (better-auth rate limiter). */
  authRateLimit: RateLimitRule;
  /** Map tiles for activity maps: a {z}/{x}/{y} URL template and its attribution. */
  mapTileUrl: string;
  mapAttribution: string;
  /** The dark tiles every map uses for a runner whose profile has dark mode on, and their attribution. */
  mapTileUrlDark: string;
  mapAttributionDark: string;
  /** Where the built web app lives; absent when only the API is served. */
  webDir: string | undefined;
  /**
   * Whether the web app's `.map` files are served (SOURCE_MAPS): they hold the whole front-end
   * source, so only development serves them unless a setting says otherwise.
   */
  serveSourceMaps: boolean;
  strava: StravaConfig;
  uploads: UploadConfig;
  /**
   * Open live-event streams (/api/events): per user (one more closes the oldest; fewer for an
   * account younger than a day), per client address and in all.
   */
  eventStreams: { perUser: number; perNewAccount: number; perAddress: number; total: number };
  /** The read cache's memory budget in bytes (READ_CACHE_MAX_MB): least recently used answers go first. */
  readCacheMaxBytes: number;
  /** Re-derive stored uploads below the current derivation version at start-up (ACTIVITY_REDERIVE). */
  activityRederive: boolean;
  /**
   * The per-runner read cache (READ_CACHE, on by default). Off, every read goes to the database:
   * for measuring reads cold (`npm run bench -- load`), never for serving runners.
   */
  readCache: boolean;
  /**
   * How long an app server holds an export-archive import without renewing it (per entry) before
   * another may take it on (ARCHIVE_IMPORT_LEASE_MS): a server that died hands it on after this.
   */
  archiveLeaseMs: number;
  /** The rate limits routes declare (server/http/rate-limit.ts), counted per app server. */
  routeRateLimits: RouteRateLimits;
  /** The most error reports kept in all (ERROR_REPORTS_MAX_STORED): past it the oldest are removed. */
  errorReportsMaxStored: number;
  weather: WeatherConfig;
  /** The route planner's outside services, reached by the server on the browser's behalf. */
  planner: PlannerConfig;
  /** Stripe (all four STRIPE_* settings or none); null: this server takes no payments. */
  stripe: StripeConfig | null;
  /** What an active subscription unlocks (SUBSCRIPTION_FEATURES); empty: nothing is gated. */
  subscriptionFeatures: SubscriptionFeature[];
  /** Outgoing mail (SMTP_URL, MAIL_FROM); null: this server sends no mail and logs what it would send. */
  mail: MailConfig | null;
  /** REQUIRE_EMAIL_VERIFICATION: an account signs in with its password only once its e-mail is verified. */
  requireEmailVerification: boolean;
  /** The daily backup (docs/backups.md): its folder (BACKUP_DIR) and how many files it keeps (BACKUP_KEEP; 0: none taken). */
  backup: { dir: string; keep: number };
  /** Google sign-in (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, both or neither); null: Google is off. */
  google: GoogleConfig | null;
  /** Text messages over Twilio's Messages API (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM); null: none sent. */
  sms: SmsConfig | null;
}

/** Requests per window: upload requests and Strava connect/exchange per user, webhook posts per address. */
export interface RouteRateLimits {
  windowMs: number;
  uploadsPerUser: number;
  stravaConnectsPerUser: number;
  webhookPostsPerAddress: number;
  /** The planner's snapping and elevation requests per client address (they are public). */
  plannerPerAddress: number;
  /** Unsubscribe page and one-click requests per client address (they need no session). */
  unsubscribesPerAddress: number;
  /** Page-view requests from every runner together (PAGE_VIEW_REQUESTS_TOTAL), per minute. */
  pageViewsTotalPerMinute: number;
}

/** How uploads are processed and how much one user may send (docs/activities.md). */
export interface UploadConfig {
  /** Import worker threads; 0 means one fewer than the cores (at least 1, at most 4). */
  workers: number;
  /** Each import worker's heap cap in MB. */
  workerMemoryMb: number;
  /** How long one file may take to parse and derive. */
  fileTimeoutMs: number;
  /** Per user, counted in the database so they hold across app servers. */
  filesPerMinute: number;
  bytesPerHour: number;
  /** Uploads one user may have in flight on one app server. */
  concurrentPerUser: number;
  /** An upload body that sends nothing for this long is ended and its files removed. */
  idleTimeoutMs: number;
}

/**
 * Dark map tiles when MAP_TILE_URL_DARK is not set: CARTO's "Dark Matter" basemap of OpenStreetMap
 * data, which asks to be credited beside OpenStreetMap.
 */
export const DEFAULT_MAP_TILE_URL_DARK = 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION_DARK = '© OpenStreetMap contributors © CARTO';

/** Ten tabs of one runner stay live; an eleventh closes the oldest instead of piling up. */
export const DEFAULT_EVENT_STREAMS = { perUser: 10, perNewAccount: 2, perAddress: 50, total: 2000 } as const;

/** Failed sign-ins per e-mail address before each further attempt must wait (core/login-throttle.ts). */
export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  freeFailures: 5,
  windowSeconds: 15 * 60,
  maxDelaySeconds: 15 * 60,
};

/** Variables that must be set when NODE_ENV=production. */
export const PRODUCTION_REQUIRED = ['APP_SECRET', 'PUBLIC_URL', 'DATABASE_URL'] as const;

/** Sign-in attempts allowed per address per minute. Tight enough to stop guessing, loose for typos. */
export const DEFAULT_AUTH_RATE_LIMIT: RateLimitRule = { window: 60, max: 10 };

/**
 * TRUST_PROXY_HOPS, or the older TRUST_PROXY=true meaning one proxy. Only safe behind proxies that
 * append to (or overwrite) X-Forwarded-For: reached directly, a client could write any address there.
 */
function readTrustProxyHops(env: Env): number {
  if (env.TRUST_PROXY_HOPS !== undefined && env.TRUST_PROXY_HOPS.trim() !== '') {
    return readInteger(env, 'TRUST_PROXY_HOPS', 0);
  }
  return readBoolean(env, 'TRUST_PROXY', false) ? 1 : 0;
}

/** In development the secret is generated once and kept in the data folder, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  ensurePrivateDirectory(dataDir);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** DATA_DIR as an absolute folder (`./data` by default). */
export function dataDirOf(env: Env = process.env, cwd: string = process.cwd()): string {
  return path.resolve(cwd, env.DATA_DIR?.trim() || 'data');
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  if (mode === 'production') {
    for (const name of PRODUCTION_REQUIRED) {
      if (!env[name]?.trim()) {
        throw new ConfigError(missingEnvironmentVariableMessage(name));
      }
    }
  }
  const port = readInteger(env, 'PORT', 3000);
  const dataDir = dataDirOf(env, cwd);
  const appSecret = env.APP_SECRET?.trim() || developmentSecret(dataDir);
  if (appSecret.length < 32) {
    throw new ConfigError('APP_SECRET must be at least 32 characters long');
  }
  const minLength = readInteger(env, 'PASSWORD_MIN_LENGTH', DEFAULT_PASSWORD_POLICY.minLength);
  const maxLength = readInteger(env, 'PASSWORD_MAX_LENGTH', DEFAULT_PASSWORD_POLICY.maxLength);
  if (minLength < 1 || maxLength < minLength) {
    throw new ConfigError('PASSWORD_MIN_LENGTH must be at least 1 and not above PASSWORD_MAX_LENGTH');
  }
  return {
    env: mode,
    port,
    host: env.HOST?.trim() || undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    appSecret,
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxyHops: readTrustProxyHops(env),
    loginThrottle: {
      freeFailures: readInteger(env, 'LOGIN_THROTTLE_FREE_FAILURES', DEFAULT_LOGIN_THROTTLE.freeFailures),
      windowSeconds: readInteger(env, 'LOGIN_THROTTLE_WINDOW', DEFAULT_LOGIN_THROTTLE.windowSeconds),
      maxDelaySeconds: readInteger(env, 'LOGIN_THROTTLE_MAX_DELAY', DEFAULT_LOGIN_THROTTLE.maxDelaySeconds),
    },
    authMailsPerHour: Math.max(1, readInteger(env, 'AUTH_MAIL_MAX_PER_HOUR', DEFAULT_AUTH_MAILS_PER_HOUR)),
    logLevel: env.LOG_LEVEL?.trim() || (mode === 'test' ? 'silent' : 'info'),
    passwordPolicy: {
      minLength,
      maxLength,
      requireLowercase: readBoolean(env, 'PASSWORD_REQUIRE_LOWERCASE', false),
      requireUppercase: readBoolean(env, 'PASSWORD_REQUIRE_UPPERCASE', false),
      requireNumeric: readBoolean(env, 'PASSWORD_REQUIRE_NUMERIC', false),
      requireNonAlphanumeric: readBoolean(env, 'PASSWORD_REQUIRE_NON_ALPHANUMERIC', false),
    },
    authRateLimit: {
      window: readInteger(env, 'AUTH_RATE_LIMIT_WINDOW', DEFAULT_AUTH_RATE_LIMIT.window),
      max: readInteger(env, 'AUTH_RATE_LIMIT_MAX', DEFAULT_AUTH_RATE_LIMIT.max),
    },
    mapTileUrl: env.MAP_TILE_URL?.trim() || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    mapAttribution: env.MAP_ATTRIBUTION?.trim() || '© OpenStreetMap contributors',
    mapTileUrlDark: env.MAP_TILE_URL_DARK?.trim() || DEFAULT_MAP_TILE_URL_DARK,
    mapAttributionDark: env.MAP_ATTRIBUTION_DARK?.trim() || DEFAULT_MAP_ATTRIBUTION_DARK,
    webDir: env.WEB_DIR?.trim() ? path.resolve(cwd, env.WEB_DIR.trim()) : path.resolve(cwd, 'dist/web'),
    serveSourceMaps: readBoolean(env, 'SOURCE_MAPS', mode === 'development'),
    strava: loadStravaConfig(env),
    uploads: loadUploadConfig(env),
    eventStreams: {
      perUser: Math.max(1, readInteger(env, 'EVENT_STREAMS_PER_USER', DEFAULT_EVENT_STREAMS.perUser)),
      perNewAccount: Math.max(
        1,
        readInteger(env, 'EVENT_STREAMS_PER_NEW_ACCOUNT', DEFAULT_EVENT_STREAMS.perNewAccount),
      ),
      perAddress: Math.max(1, readInteger(env, 'EVENT_STREAMS_PER_ADDRESS', DEFAULT_EVENT_STREAMS.perAddress)),
      total: Math.max(1, readInteger(env, 'EVENT_STREAMS_MAX', DEFAULT_EVENT_STREAMS.total)),
    },
    readCacheMaxBytes: readInteger(env, 'READ_CACHE_MAX_MB', 200) * 1024 * 1024,
    activityRederive: readBoolean(env, 'ACTIVITY_REDERIVE', true),
    readCache: readBoolean(env, 'READ_CACHE', true),
    archiveLeaseMs: Math.max(1000, readInteger(env, 'ARCHIVE_IMPORT_LEASE_MS', 60_000)),
    routeRateLimits: {
      windowMs: Math.max(1, readInteger(env, 'ROUTE_RATE_LIMIT_WINDOW', 60)) * 1000,
      uploadsPerUser: Math.max(1, readInteger(env, 'UPLOAD_REQUESTS_PER_WINDOW', 120)),
      stravaConnectsPerUser: Math.max(1, readInteger(env, 'STRAVA_CONNECTS_PER_WINDOW', 60)),
      webhookPostsPerAddress: Math.max(
        1,
        readInteger(env, 'STRAVA_WEBHOOK_POSTS_PER_WINDOW', WEBHOOK_POSTS_PER_MINUTE),
      ),
      plannerPerAddress: Math.max(1, readInteger(env, 'PLANNER_REQUESTS_PER_WINDOW', 120)),
      unsubscribesPerAddress: Math.max(1, readInteger(env, 'UNSUBSCRIBE_REQUESTS_PER_WINDOW', 30)),
      pageViewsTotalPerMinute: Math.max(
        1,
        readInteger(env, 'PAGE_VIEW_REQUESTS_TOTAL', PAGE_VIEW_REQUESTS_PER_MINUTE_TOTAL),
      ),
    },
    errorReportsMaxStored: Math.max(1, readInteger(env, 'ERROR_REPORTS_MAX_STORED', ERROR_REPORTS_MAX_STORED)),
    planner: {
      routingUrl: readServiceUrl(env, 'ROUTING_URL'),
      elevationUrl: readServiceUrl(env, 'ELEVATION_URL'),
      timeoutMs: Math.max(1, readInteger(env, 'PLANNER_SERVICE_TIMEOUT_MS', 5000)),
      elevationMinSpacingMs: Math.max(0, readInteger(env, 'ELEVATION_MIN_SPACING_MS', 1000)),
    },
    weather: loadWeatherConfig(env),
    stripe: loadStripeConfig(env),
    subscriptionFeatures: readSubscriptionFeatures(env),
    mail: loadMailConfig(env),
    requireEmailVerification: readBoolean(env, 'REQUIRE_EMAIL_VERIFICATION', false),
    backup: {
      dir: path.resolve(cwd, env.BACKUP_DIR?.trim() || path.join(dataDir, 'backups')),
      keep: readInteger(env, 'BACKUP_KEEP', 7),
    },
    google: loadGoogleConfig(env),
    sms: loadSmsConfig(env),
  };
}

function loadUploadConfig(env: Env): UploadConfig {
  const workerMemoryMb = readInteger(env, 'IMPORT_WORKER_MEMORY_MB', 512);
  if (workerMemoryMb < 16) {
    throw new ConfigError('IMPORT_WORKER_MEMORY_MB must be at least 16');
  }
  return {
    workers: readInteger(env, 'IMPORT_WORKERS', 0),
    workerMemoryMb,
    fileTimeoutMs: readInteger(env, 'IMPORT_FILE_TIMEOUT_MS', 60_000),
    filesPerMinute: readInteger(env, 'UPLOAD_FILES_PER_MINUTE', 30),
    bytesPerHour: readInteger(env, 'UPLOAD_BYTES_PER_HOUR', 1024 * 1024 * 1024),
    concurrentPerUser: readInteger(env, 'UPLOAD_CONCURRENT_PER_USER', 2),
    idleTimeoutMs: readInteger(env, 'UPLOAD_IDLE_TIMEOUT_MS', 30_000),
  };
}
