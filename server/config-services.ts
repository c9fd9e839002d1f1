/**
 * The configuration's sections for outside services (config.ts gathers them): text messages, Google sign-in, mail,
 * Stripe and what a subscription unlocks, the weather provider, the planner's routing and
 * elevation services, and Strava.
 */
import {
  SUBSCRIPTION_FEATURE_IDS,
  SUBSCRIPTION_FEATURES,
  type SubscriptionFeature,
  type SubscriptionPlan,
} from '../core/subscription.ts';
import {
  API_REQUEST_TIMEOUT_MS,
  INTERACTIVE_DEADLINE_MS,
  RATE_LIMIT_INTERACTIVE_RESERVE,
  RATE_LIMIT_MAX_REQUESTS,
  RATE_LIMIT_MIN_SPACING_MS,
  RATE_LIMIT_SYNC_RESERVE,
  TOKEN_REFRESH_TIMEOUT_MAX_MS,
  TOKEN_REFRESH_TIMEOUT_MS,
} from '../core/strava/constants.ts';
import { DEFAULT_GEOCODING_URL, DEFAULT_WEATHER_ARCHIVE_URL, DEFAULT_WEATHER_URL } from '../core/weather/open-meteo.ts';
import { ConfigError, readBoolean, readInteger, readServiceUrl, type Env } from './config-readers.ts';

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

export function loadSmsConfig(env: Env): SmsConfig | null {
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

/** Spec §7 names 10 s and 15 s for the token refresh: 10 s by default, never more than 15 s. */
function readRefreshTimeout(env: Env): number {
  const value = readInteger(env, 'STRAVA_REFRESH_TIMEOUT_MS', TOKEN_REFRESH_TIMEOUT_MS);
  if (value > TOKEN_REFRESH_TIMEOUT_MAX_MS) {
    throw new ConfigError(`STRAVA_REFRESH_TIMEOUT_MS must be at most ${TOKEN_REFRESH_TIMEOUT_MAX_MS}, got "${value}"`);
  }
  return value;
}

export function loadGoogleConfig(env: Env): GoogleConfig | null {
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

export function loadMailConfig(env: Env): MailConfig | null {
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

export function loadStripeConfig(env: Env): StripeConfig | null {
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
export function readSubscriptionFeatures(env: Env): SubscriptionFeature[] {
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

export function loadWeatherConfig(env: Env): WeatherConfig {
  return {
    forecastUrl: baseUrl(env.WEATHER_URL, DEFAULT_WEATHER_URL),
    archiveUrl: baseUrl(env.WEATHER_ARCHIVE_URL, DEFAULT_WEATHER_ARCHIVE_URL),
    geocodingUrl: baseUrl(env.WEATHER_GEOCODING_URL, DEFAULT_GEOCODING_URL),
    timeoutMs: Math.max(1, readInteger(env, 'WEATHER_TIMEOUT_MS', 10_000)),
  };
}

export function loadStravaConfig(env: Env): StravaConfig {
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
