/**
 * Server configuration from environment variables (a `.env` file is read by main.ts if present).
 * Defaults make `npm start` work on a fresh machine; NODE_ENV=production makes the secrets and
 * DATABASE_URL required (spec §5 "Startup", DESIGN.md "Configuration").
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
import {
  SUBSCRIPTION_FEATURE_IDS,
  SUBSCRIPTION_FEATURES,
  type SubscriptionFeature,
  type SubscriptionPlan,
} from '../core/subscription.ts';
import { ensurePrivateDirectory } from './security/private-directory.ts';
import {
  API_REQUEST_TIMEOUT_MS,
  INTERACTIVE_DEADLINE_MS,
  RATE_LIMIT_INTERACTIVE_RESERVE,
  RATE_LIMIT_MAX_REQUESTS,
  RATE_LIMIT_MIN_SPACING_MS,
  RATE_LIMIT_SYNC_RESERVE,
  TOKEN_REFRESH_TIMEOUT_MAX_MS,
  TOKEN_REFRESH_TIMEOUT_MS,
  WEBHOOK_POSTS_PER_MINUTE,
} from '../core/strava/constants.ts';
import { DEFAULT_GEOCODING_URL, DEFAULT_WEATHER_ARCHIVE_URL, DEFAULT_WEATHER_URL } from '../core/weather/open-meteo.ts';

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
  /** Re-derive stored uploads below the current derivation version at start-up (ACTIVITY_REDERIVE). */
  activityRederive: boolean;
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

/** Twilio's Programmable Messaging API (server/integrations/sms/twilio-sms.ts). */
export interface SmsConfig {
  accountSid: string;
  authToken: string;
  /** SMS_FROM: the sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** SMS_API_URL: Twilio's API (a stand-in in tests). */
  apiUrl: string;
  timeoutMs: number;
}

export const TWILIO_API_URL = 'https://api.twilio.com';
const SMS_VARIABLES = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;

/** Google sign-in over OpenID Connect (server/auth/google.ts). */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** GOOGLE_DISCOVERY_URL: the issuer's OpenID configuration (another issuer in tests). */
  discoveryUrl: string;
}

/** Google's own OpenID configuration, the default GOOGLE_DISCOVERY_URL. */
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

/** Outgoing mail over SMTP (server/mail/mailer.ts). */
export interface MailConfig {
  /** SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  smtpUrl: string;
  /** MAIL_FROM: the sender, `Stride <stride@example.org>`; by default stride@ the PUBLIC_URL's host. */
  from: string;
}

/** Stripe Checkout, the Billing Portal and signed webhooks (docs/subscription.md). */
export interface StripeConfig {
  secretKey: string;
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  /** The Stripe price id Checkout sells for each plan. */
  prices: Readonly<Record<SubscriptionPlan, string>>;
  /** STRIPE_API_URL: another Stripe-compatible API (the local stand-in); null is Stripe itself. */
  apiUrl: string | null;
  /** PUBLIC_URL when set: where Checkout and the portal send the browser back. Otherwise the address it used. */
  returnBaseUrl: string | null;
}

/** The settings that configure Stripe: all of them, or none. */
export const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

/** The Open-Meteo-compatible weather provider (forecast, historical archive, geocoding); no key. */
export interface WeatherConfig {
  /** `{forecastUrl}/v1/forecast`. */
  forecastUrl: string;
  /** `{archiveUrl}/v1/archive`: the weather at an activity's start. */
  archiveUrl: string;
  /** `{geocodingUrl}/v1/search`: the profile's location text to a place. */
  geocodingUrl: string;
  /** One request's limit; a slower answer counts as a failure ("Weather unavailable"). */
  timeoutMs: number;
}

/** The planner's routing (OSRM-compatible, foot profile) and elevation (Open-Topo-Data/Open-Elevation) services. */
export interface PlannerConfig {
  /** Base URL: `{routingUrl}/route/v1/foot/{lon,lat;lon,lat}`; null draws legs straight. */
  routingUrl: string | null;
  /** The lookup endpoint: `{elevationUrl}?locations=lat,lng|…`; null shows no climb. */
  elevationUrl: string | null;
  /**
   * Time one planner request (a snap of up to 50 legs, or an elevation look-up) may spend on its
   * service, queueing and every call included, before the planner goes on without it.
   */
  timeoutMs: number;
  /**
   * Least time between the starts of two elevation requests, across all runners (the public
   * Open-Topo-Data API allows one call a second); a 429 is asked again once after this spacing.
   */
  elevationMinSpacingMs: number;
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

/** Strava: the server-wide app, where Strava is, and the client's pacing. */
export interface StravaConfig {
  /** The server's Strava app; null when not configured (users may still enter their own). */
  clientId: string | null;
  clientSecret: string | null;
  /** `{baseUrl}/oauth/...` and `{baseUrl}/api/v3/...`; the simulator or any Strava-compatible server. */
  baseUrl: string;
  /** Spec §9: at least 2 s between requests; shortened for tests and benchmarks. */
  minSpacingMs: number;
  /** Spec §7: 15 s for API calls, 10 s for the token refresh. */
  requestTimeoutMs: number;
  refreshTimeoutMs: number;
  /**
   * A call someone waits for (an opened activity's detail or streams, the OAuth exchange) gets this
   * long in all, retries and limiter queueing included, before the page hears the spec's message.
   */
  interactiveDeadlineMs: number;
  /** Spec §9's 100 requests a window, of which `interactiveReserve` are kept for requests someone waits for. */
  maxRequestsPerWindow: number;
  interactiveReserve: number;
  /** Of the rest, slots webhook follow-ups and back-fills leave to the runners' own syncs. */
  syncReserve: number;
  /** PUBLIC_URL when set: where Strava sends the browser back. Otherwise the address the browser used. */
  redirectBaseUrl: string | null;
  /** The push subscription's callback, when PUBLIC_URL is set and the server has a Strava app. */
  webhookCallbackUrl: string | null;
  /** A sync job whose server stopped answering is taken over after this long. */
  jobLeaseMs: number;
  /** After each sync, read every synced run's detail in the background for its best efforts. */
  effortsBackfill: boolean;
}

/** Failed sign-ins per e-mail address before each further attempt must wait (core/login-throttle.ts). */
export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  freeFailures: 5,
  windowSeconds: 15 * 60,
  maxDelaySeconds: 15 * 60,
};

export class ConfigError extends Error {}

/** Variables that must be set when NODE_ENV=production. */
export const PRODUCTION_REQUIRED = ['APP_SECRET', 'PUBLIC_URL', 'DATABASE_URL'] as const;

/** Sign-in attempts allowed per address per minute. Tight enough to stop guessing, loose for typos. */
export const DEFAULT_AUTH_RATE_LIMIT: RateLimitRule = { window: 60, max: 10 };

type Env = Readonly<Record<string, string | undefined>>;

function readInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

/** Spec §7 names 10 s and 15 s for the token refresh: 10 s by default, never more than 15 s. */
function readRefreshTimeout(env: Env): number {
  const value = readInteger(env, 'STRAVA_REFRESH_TIMEOUT_MS', TOKEN_REFRESH_TIMEOUT_MS);
  if (value > TOKEN_REFRESH_TIMEOUT_MAX_MS) {
    throw new ConfigError(`STRAVA_REFRESH_TIMEOUT_MS must be at most ${TOKEN_REFRESH_TIMEOUT_MAX_MS}, got "${value}"`);
  }
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') {
    return fallback;
  }
  if (['1', 'true', 'yes', 'on'].includes(raw)) {
    return true;
  }
  if (['0', 'false', 'no', 'off'].includes(raw)) {
    return false;
  }
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

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
    activityRederive: readBoolean(env, 'ACTIVITY_REDERIVE', true),
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

function loadSmsConfig(env: Env): SmsConfig | null {
  const [accountSid = '', authToken = '', from = ''] = SMS_VARIABLES.map((name) => env[name]?.trim() ?? '');
  const missing = SMS_VARIABLES.filter((name) => (env[name]?.trim() ?? '') === '');
  if (missing.length === SMS_VARIABLES.length) {
    return null;
  }
  if (missing.length > 0) {
    throw new ConfigError(`Text messages need ${SMS_VARIABLES.join(', ')} together; missing ${missing.join(', ')}`);
  }
  const apiUrl = (env.SMS_API_URL?.trim() || TWILIO_API_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(apiUrl)) {
    throw new ConfigError('SMS_API_URL must be an http:// or https:// URL');
  }
  return { accountSid, authToken, from, apiUrl, timeoutMs: Math.max(1, readInteger(env, 'SMS_TIMEOUT_MS', 10_000)) };
}

function loadGoogleConfig(env: Env): GoogleConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim() ?? '';
  if (clientId === '' && clientSecret === '') {
    return null;
  }
  if (clientId === '' || clientSecret === '') {
    throw new ConfigError('Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
  }
  const discoveryUrl = env.GOOGLE_DISCOVERY_URL?.trim() || GOOGLE_DISCOVERY_URL;
  if (!/^https?:\/\/[^\s]+$/.test(discoveryUrl)) {
    throw new ConfigError('GOOGLE_DISCOVERY_URL must be an http:// or https:// URL');
  }
  return { clientId, clientSecret, discoveryUrl };
}

function loadMailConfig(env: Env): MailConfig | null {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) {
    return null;
  }
  if (!/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  const host = new URL(env.PUBLIC_URL?.trim() || 'http://localhost').hostname;
  return { smtpUrl, from: env.MAIL_FROM?.trim() || `Stride <stride@${host}>` };
}

function loadStripeConfig(env: Env): StripeConfig | null {
  const values = STRIPE_VARIABLES.map((name) => env[name]?.trim() ?? '');
  const missing = STRIPE_VARIABLES.filter((_name, index) => values[index] === '');
  if (missing.length === STRIPE_VARIABLES.length) {
    return null;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Stripe needs all of ${STRIPE_VARIABLES.join(', ')} or none of them; missing: ${missing.join(', ')}`,
    );
  }
  const [secretKey = '', webhookSecret = '', monthly = '', yearly = ''] = values;
  return {
    secretKey,
    webhookSecret,
    prices: { monthly, yearly },
    apiUrl: readServiceUrl(env, 'STRIPE_API_URL'),
    returnBaseUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
  };
}

/**
 * SUBSCRIPTION_FEATURES: a comma-separated list of what a subscription unlocks; unset means all of
 * core/subscription.ts's list, `none` (or an empty value) means nothing is gated.
 */
function readSubscriptionFeatures(env: Env): SubscriptionFeature[] {
  const raw = env.SUBSCRIPTION_FEATURES;
  if (raw === undefined) {
    return [...SUBSCRIPTION_FEATURE_IDS];
  }
  const names = raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'none');
  const unknown = names.filter((name) => !(name in SUBSCRIPTION_FEATURES));
  if (unknown.length > 0) {
    throw new ConfigError(
      `SUBSCRIPTION_FEATURES must list some of ${SUBSCRIPTION_FEATURE_IDS.join(', ')} (or none), got "${unknown.join(', ')}"`,
    );
  }
  return [...new Set(names as SubscriptionFeature[])];
}

const baseUrl = (raw: string | undefined, fallback: string) => (raw?.trim() || fallback).replace(/\/+$/, '');

function loadWeatherConfig(env: Env): WeatherConfig {
  return {
    forecastUrl: baseUrl(env.WEATHER_URL, DEFAULT_WEATHER_URL),
    archiveUrl: baseUrl(env.WEATHER_ARCHIVE_URL, DEFAULT_WEATHER_ARCHIVE_URL),
    geocodingUrl: baseUrl(env.WEATHER_GEOCODING_URL, DEFAULT_GEOCODING_URL),
    timeoutMs: Math.max(1, readInteger(env, 'WEATHER_TIMEOUT_MS', 10_000)),
  };
}

/** An optional http(s) base URL without a trailing slash; unset or empty is null. */
function readServiceUrl(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') {
    return null;
  }
  if (!/^https?:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
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

function loadStravaConfig(env: Env): StravaConfig {
  const clientId = env.STRAVA_CLIENT_ID?.trim() || null;
  const clientSecret = env.STRAVA_CLIENT_SECRET?.trim() || null;
  if ((clientId === null) !== (clientSecret === null)) {
    throw new ConfigError('STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET must be set together');
  }
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  return {
    clientId,
    clientSecret,
    baseUrl: (env.STRAVA_BASE_URL?.trim() || 'https://www.strava.com').replace(/\/+$/, ''),
    minSpacingMs: readInteger(env, 'STRAVA_MIN_SPACING_MS', RATE_LIMIT_MIN_SPACING_MS),
    requestTimeoutMs: readInteger(env, 'STRAVA_REQUEST_TIMEOUT_MS', API_REQUEST_TIMEOUT_MS),
    refreshTimeoutMs: readRefreshTimeout(env),
    interactiveDeadlineMs: readInteger(env, 'STRAVA_INTERACTIVE_DEADLINE_MS', INTERACTIVE_DEADLINE_MS),
    // Strava's numbers, not a setting: tests scale the window down through the config object.
    maxRequestsPerWindow: RATE_LIMIT_MAX_REQUESTS,
    interactiveReserve: RATE_LIMIT_INTERACTIVE_RESERVE,
    syncReserve: RATE_LIMIT_SYNC_RESERVE,
    redirectBaseUrl: publicUrl || null,
    webhookCallbackUrl: publicUrl && clientId ? `${publicUrl}/api/strava/webhook` : null,
    jobLeaseMs: readInteger(env, 'STRAVA_JOB_LEASE_MS', 60_000),
    effortsBackfill: readBoolean(env, 'STRAVA_EFFORTS_BACKFILL', true),
  };
}
