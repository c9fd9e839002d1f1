import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../core/password-policy.ts';
import {
  ConfigError,
  DEFAULT_AUTH_RATE_LIMIT,
  DEFAULT_LOGIN_THROTTLE,
  loadConfig,
  PRODUCTION_REQUIRED,
} from './config.ts';
import { forwardedAddress } from './http/client-address.ts';

const SECRET = 's'.repeat(40);
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: SECRET,
  PUBLIC_URL: 'https://stride.example.com',
  DATABASE_URL: 'postgres://stride:stride@db.example.com:5432/stride',
};

let cwd: string;

beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'stride-config-'));
});

afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig did not throw');
}

describe('loadConfig: map tiles', () => {
  it('reads the light and dark tiles and their attributions, trimmed', () => {
    const config = loadConfig(
      {
        ...PRODUCTION,
        MAP_TILE_URL: ' https://tiles.example.org/light/{z}/{x}/{y}.png ',
        MAP_ATTRIBUTION: '© Example light',
        MAP_TILE_URL_DARK: ' https://dark.example.org/{z}/{x}/{y}.png ',
        MAP_ATTRIBUTION_DARK: ' © Example dark ',
      },
      cwd,
    );
    expect(config).toMatchObject({
      mapTileUrl: 'https://tiles.example.org/light/{z}/{x}/{y}.png',
      mapAttribution: '© Example light',
      mapTileUrlDark: 'https://dark.example.org/{z}/{x}/{y}.png',
      mapAttributionDark: '© Example dark',
    });
  });

  it('falls back to CARTO Dark Matter when the dark settings are blank', () => {
    const config = loadConfig({ ...PRODUCTION, MAP_TILE_URL_DARK: '  ', MAP_ATTRIBUTION_DARK: '' }, cwd);
    expect(config.mapTileUrlDark).toBe('https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png');
    expect(config.mapAttributionDark).toBe('© OpenStreetMap contributors © CARTO');
  });
});

describe('loadConfig in production', () => {
  it('requires APP_SECRET, PUBLIC_URL and DATABASE_URL', () => {
    expect([...PRODUCTION_REQUIRED]).toEqual(['APP_SECRET', 'PUBLIC_URL', 'DATABASE_URL']);
  });

  it.each(PRODUCTION_REQUIRED.map((name) => [name]))(
    'stops with "Missing required environment variable: %s" when it is missing',
    (name) => {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[name];

      expect(configError(env)).toBe(`Missing required environment variable: ${name}`);
    },
  );

  it.each(PRODUCTION_REQUIRED.map((name) => [name]))('treats a blank %s as missing', (name) => {
    expect(configError({ ...PRODUCTION, [name]: '   ' })).toBe(`Missing required environment variable: ${name}`);
  });

  it('names the first missing variable when all are missing', () => {
    expect(configError({ NODE_ENV: 'production' })).toBe('Missing required environment variable: APP_SECRET');
  });

  it('loads with all three set, writing no secret file', () => {
    const config = loadConfig(PRODUCTION, cwd);

    expect(config).toMatchObject({
      env: 'production',
      appSecret: SECRET,
      publicUrl: 'https://stride.example.com',
      databaseUrl: PRODUCTION.DATABASE_URL,
      logLevel: 'info',
    });
    expect(existsSync(path.join(cwd, 'data', 'app-secret'))).toBe(false);
  });

  it('serves no source maps unless SOURCE_MAPS says so', () => {
    expect(loadConfig(PRODUCTION, cwd).serveSourceMaps).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SOURCE_MAPS: 'true' }, cwd).serveSourceMaps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SOURCE_MAPS: 'false' }, cwd).serveSourceMaps).toBe(false);
    expect(configError({ ...PRODUCTION, SOURCE_MAPS: 'maybe' })).toBe('SOURCE_MAPS must be true or false, got "maybe"');
  });
});

describe('backups', () => {
  it('go to BACKUP_DIR, relative to the working folder, keeping BACKUP_KEEP; 0 keeps none', () => {
    expect(loadConfig({ ...PRODUCTION, BACKUP_DIR: 'saved', BACKUP_KEEP: '0' }, cwd).backup).toEqual({
      dir: path.join(cwd, 'saved'),
      keep: 0,
    });
    expect(configError({ ...PRODUCTION, BACKUP_KEEP: 'weekly' })).toBe(
      'BACKUP_KEEP must be a whole number, got "weekly"',
    );
  });
});

describe('loadConfig defaults (npm start on a fresh machine)', () => {
  it('runs in development on port 3000 with the embedded database in ./data', () => {
    const config = loadConfig({}, cwd);

    expect(config).toEqual({
      env: 'development',
      port: 3000,
      host: undefined,
      dataDir: path.join(cwd, 'data'),
      backup: { dir: path.join(cwd, 'data', 'backups'), keep: 7 },
      databaseUrl: undefined,
      appSecret: expect.any(String) as unknown,
      publicUrl: 'http://localhost:3000',
      trustProxyHops: 0,
      loginThrottle: DEFAULT_LOGIN_THROTTLE,
      authMailsPerHour: 300,
      logLevel: 'info',
      passwordPolicy: DEFAULT_PASSWORD_POLICY,
      authRateLimit: DEFAULT_AUTH_RATE_LIMIT,
      routeRateLimits: {
        windowMs: 60_000,
        uploadsPerUser: 120,
        stravaConnectsPerUser: 60,
        webhookPostsPerAddress: 600,
        plannerPerAddress: 120,
        unsubscribesPerAddress: 30,
        pageViewsTotalPerMinute: 1200,
      },
      errorReportsMaxStored: 10_000,
      planner: { routingUrl: null, elevationUrl: null, timeoutMs: 5000, elevationMinSpacingMs: 1000 },
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: '© OpenStreetMap contributors',
      mapTileUrlDark: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png',
      mapAttributionDark: '© OpenStreetMap contributors © CARTO',
      webDir: path.join(cwd, 'dist', 'web'),
      serveSourceMaps: true,
      strava: {
        clientId: null,
        clientSecret: null,
        baseUrl: 'https://www.strava.com',
        minSpacingMs: 2000,
        requestTimeoutMs: 15_000,
        refreshTimeoutMs: 10_000,
        redirectBaseUrl: null,
        webhookCallbackUrl: null,
        jobLeaseMs: 60_000,
        effortsBackfill: true,
        interactiveDeadlineMs: 15_000,
        maxRequestsPerWindow: 100,
        interactiveReserve: 20,
        syncReserve: 30,
      },
      uploads: {
        workers: 0,
        workerMemoryMb: 512,
        fileTimeoutMs: 60_000,
        filesPerMinute: 30,
        bytesPerHour: 1024 ** 3,
        concurrentPerUser: 2,
        idleTimeoutMs: 30_000,
      },
      eventStreams: { perUser: 10, perNewAccount: 2, perAddress: 50, total: 2000 },
      readCacheMaxBytes: 200 * 1024 * 1024,
      activityRederive: true,
      readCache: true,
      archiveLeaseMs: 60_000,
      weather: {
        forecastUrl: 'https://api.open-meteo.com',
        archiveUrl: 'https://archive-api.open-meteo.com',
        geocodingUrl: 'https://geocoding-api.open-meteo.com',
        timeoutMs: 10_000,
      },
      stripe: null,
      subscriptionFeatures: ['plan-generation', 'readiness-insights'],
      mail: null,
      requireEmailVerification: false,
      google: null,
      sms: null,
    });
    expect(DEFAULT_AUTH_RATE_LIMIT).toEqual({ window: 60, max: 10 });
  });

  it('turns Google sign-in on with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, on Google unless GOOGLE_DISCOVERY_URL says otherwise', () => {
    expect(loadConfig({ APP_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    expect(
      loadConfig({
        APP_SECRET: SECRET,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:4030/.well-known/openid-configuration',
      }).google?.discoveryUrl,
    ).toBe('http://127.0.0.1:4030/.well-known/openid-configuration');
    expect(() => loadConfig({ APP_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
    expect(() =>
      loadConfig({
        APP_SECRET: SECRET,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_DISCOVERY_URL: 'ftp://x',
      }),
    ).toThrow('GOOGLE_DISCOVERY_URL must be an http:// or https:// URL');
  });

  it('texts through Twilio with SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM together, or not at all', () => {
    expect(loadConfig({ APP_SECRET: SECRET }).sms).toBeNull();
    expect(
      loadConfig({ APP_SECRET: SECRET, SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'token', SMS_FROM: '+15005550006' }).sms,
    ).toEqual({
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ APP_SECRET: SECRET, SMS_ACCOUNT_SID: 'AC1', SMS_FROM: '+15005550006' })).toThrow(
      'Text messages need SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM together; missing SMS_AUTH_TOKEN',
    );
  });

  it('points the weather provider where WEATHER_URL, WEATHER_ARCHIVE_URL and WEATHER_GEOCODING_URL say', () => {
    const config = loadConfig(
      {
        APP_SECRET: SECRET,
        WEATHER_URL: 'http://127.0.0.1:4020/',
        WEATHER_ARCHIVE_URL: 'http://127.0.0.1:4021',
        WEATHER_GEOCODING_URL: 'http://127.0.0.1:4022',
        WEATHER_TIMEOUT_MS: '2500',
      },
      cwd,
    );
    expect(config.weather).toEqual({
      forecastUrl: 'http://127.0.0.1:4020',
      archiveUrl: 'http://127.0.0.1:4021',
      geocodingUrl: 'http://127.0.0.1:4022',
      timeoutMs: 2500,
    });
  });

  it('reads the upload limits and refuses a worker memory cap too small to parse anything', () => {
    const uploads = loadConfig(
      {
        APP_SECRET: SECRET,
        IMPORT_WORKERS: '3',
        IMPORT_WORKER_MEMORY_MB: '256',
        IMPORT_FILE_TIMEOUT_MS: '5000',
        UPLOAD_FILES_PER_MINUTE: '5',
        UPLOAD_BYTES_PER_HOUR: '1000000',
        UPLOAD_CONCURRENT_PER_USER: '1',
        UPLOAD_IDLE_TIMEOUT_MS: '2000',
      },
      cwd,
    ).uploads;
    expect(uploads).toEqual({
      workers: 3,
      workerMemoryMb: 256,
      fileTimeoutMs: 5000,
      filesPerMinute: 5,
      bytesPerHour: 1_000_000,
      concurrentPerUser: 1,
      idleTimeoutMs: 2000,
    });
    expect(() => loadConfig({ APP_SECRET: SECRET, IMPORT_WORKER_MEMORY_MB: '8' }, cwd)).toThrow(
      'IMPORT_WORKER_MEMORY_MB must be at least 16',
    );
  });

  it('re-derives stored activities at start-up unless ACTIVITY_REDERIVE is off', () => {
    expect(loadConfig({ APP_SECRET: SECRET }, cwd).activityRederive).toBe(true);
    expect(loadConfig({ APP_SECRET: SECRET, ACTIVITY_REDERIVE: 'on' }, cwd).activityRederive).toBe(true);
    expect(loadConfig({ APP_SECRET: SECRET, ACTIVITY_REDERIVE: 'off' }, cwd).activityRederive).toBe(false);
    expect(configError({ APP_SECRET: SECRET, ACTIVITY_REDERIVE: 'later' })).toBe(
      'ACTIVITY_REDERIVE must be true or false, got "later"',
    );
  });

  it('keeps the token refresh timeout at 15 s or less (spec §7)', () => {
    expect(loadConfig({ APP_SECRET: SECRET, STRAVA_REFRESH_TIMEOUT_MS: '15000' }, cwd).strava.refreshTimeoutMs).toBe(
      15_000,
    );
    expect(configError({ APP_SECRET: SECRET, STRAVA_REFRESH_TIMEOUT_MS: '20000' })).toBe(
      'STRAVA_REFRESH_TIMEOUT_MS must be at most 15000, got "20000"',
    );
  });

  it('reads the Strava settings, which come in pairs', () => {
    const strava = loadConfig(
      {
        APP_SECRET: SECRET,
        PUBLIC_URL: 'https://run.example.com/',
        STRAVA_CLIENT_ID: '12345',
        STRAVA_CLIENT_SECRET: 'f'.repeat(40),
        STRAVA_BASE_URL: 'http://127.0.0.1:4010/',
        STRAVA_MIN_SPACING_MS: '50',
      },
      cwd,
    ).strava;
    expect(strava).toMatchObject({
      clientId: '12345',
      baseUrl: 'http://127.0.0.1:4010',
      minSpacingMs: 50,
      redirectBaseUrl: 'https://run.example.com',
      webhookCallbackUrl: 'https://run.example.com/api/strava/webhook',
    });
    expect(() => loadConfig({ APP_SECRET: SECRET, STRAVA_CLIENT_ID: '12345' }, cwd)).toThrow(
      'STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET must be set together',
    );
  });

  it('reads Stripe only as all four settings or none, and what a subscription unlocks', () => {
    const base = { APP_SECRET: SECRET };
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    };
    const unconfigured = loadConfig(base, cwd);
    expect(unconfigured.stripe).toBeNull();
    expect(unconfigured.subscriptionFeatures).toEqual(['plan-generation', 'readiness-insights']);
    expect(loadConfig({ ...base, ...stripe, STRIPE_API_URL: 'http://127.0.0.1:4242/' }, cwd).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { monthly: 'price_m', yearly: 'price_y' },
      apiUrl: 'http://127.0.0.1:4242',
      returnBaseUrl: null,
    });
    expect(configError({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_YEARLY: 'price_y' })).toBe(
      'Stripe needs all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY or none of them; missing: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY',
    );
    expect(loadConfig({ ...base, SUBSCRIPTION_FEATURES: 'none' }, cwd).subscriptionFeatures).toEqual([]);
    expect(loadConfig({ ...base, SUBSCRIPTION_FEATURES: '' }, cwd).subscriptionFeatures).toEqual([]);
    expect(loadConfig({ ...base, SUBSCRIPTION_FEATURES: ' Readiness-Insights ' }, cwd).subscriptionFeatures).toEqual([
      'readiness-insights',
    ]);
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.org:587' }, cwd).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.org:587',
      from: 'Stride <stride@localhost>',
    });
    expect(
      loadConfig({ ...base, SMTP_URL: 'smtps://mail.example.org', PUBLIC_URL: 'https://run.example.org' }, cwd).mail,
    ).toEqual({ smtpUrl: 'smtps://mail.example.org', from: 'Stride <stride@run.example.org>' });
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://m', MAIL_FROM: 'Club <club@example.org>' }, cwd).mail?.from).toBe(
      'Club <club@example.org>',
    );
    expect(configError({ ...base, SMTP_URL: 'mail.example.org:25' })).toBe(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    );
    expect(configError({ ...base, SUBSCRIPTION_FEATURES: 'plan-generation,maps' })).toBe(
      'SUBSCRIPTION_FEATURES must list some of plan-generation, readiness-insights (or none), got "maps"',
    );
  });

  it('is quiet in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', APP_SECRET: SECRET }, cwd).logLevel).toBe('silent');
  });

  it('follows PORT in the default public URL and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080', APP_SECRET: SECRET }, cwd).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://run.example.com//', APP_SECRET: SECRET }, cwd).publicUrl).toBe(
      'https://run.example.com',
    );
  });

  it('resolves DATA_DIR and WEB_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'state', WEB_DIR: 'public', APP_SECRET: SECRET }, cwd);

    expect(config.dataDir).toBe(path.join(cwd, 'state'));
    expect(config.webDir).toBe(path.join(cwd, 'public'));
  });

  it('reads the password policy and the sign-in rate limit', () => {
    const config = loadConfig(
      {
        APP_SECRET: SECRET,
        PASSWORD_MIN_LENGTH: '10',
        PASSWORD_MAX_LENGTH: '64',
        PASSWORD_REQUIRE_LOWERCASE: 'true',
        PASSWORD_REQUIRE_UPPERCASE: 'yes',
        PASSWORD_REQUIRE_NUMERIC: '1',
        PASSWORD_REQUIRE_NON_ALPHANUMERIC: 'off',
        AUTH_RATE_LIMIT_WINDOW: '30',
        AUTH_RATE_LIMIT_MAX: '5',
        TRUST_PROXY: 'ON',
      },
      cwd,
    );

    expect(config.passwordPolicy).toEqual({
      minLength: 10,
      maxLength: 64,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: false,
    });
    expect(config.authRateLimit).toEqual({ window: 30, max: 5 });
    expect(config.trustProxyHops).toBe(1);
  });
});

describe('loadConfig trusted proxies', () => {
  it('trusts no X-Forwarded-For by default', () => {
    expect(loadConfig({ APP_SECRET: SECRET }, cwd).trustProxyHops).toBe(0);
  });

  it('reads TRUST_PROXY_HOPS as the number of trusted proxies', () => {
    expect(loadConfig({ APP_SECRET: SECRET, TRUST_PROXY_HOPS: '2' }, cwd).trustProxyHops).toBe(2);
  });

  it('keeps TRUST_PROXY=true as one proxy, and TRUST_PROXY_HOPS wins when both are set', () => {
    expect(loadConfig({ APP_SECRET: SECRET, TRUST_PROXY: 'true' }, cwd).trustProxyHops).toBe(1);
    expect(loadConfig({ APP_SECRET: SECRET, TRUST_PROXY: 'false' }, cwd).trustProxyHops).toBe(0);
    expect(loadConfig({ APP_SECRET: SECRET, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' }, cwd).trustProxyHops).toBe(0);
  });

  it('refuses a hop count that is not a whole number', () => {
    expect(() => loadConfig({ APP_SECRET: SECRET, TRUST_PROXY_HOPS: 'yes' }, cwd)).toThrow(
      new ConfigError('TRUST_PROXY_HOPS must be a whole number, got "yes"'),
    );
  });

  it('reads the per-account sign-in throttle', () => {
    const config = loadConfig(
      {
        APP_SECRET: SECRET,
        LOGIN_THROTTLE_FREE_FAILURES: '3',
        LOGIN_THROTTLE_WINDOW: '600',
        LOGIN_THROTTLE_MAX_DELAY: '120',
      },
      cwd,
    );

    expect(config.loginThrottle).toEqual({ freeFailures: 3, windowSeconds: 600, maxDelaySeconds: 120 });
    expect(DEFAULT_LOGIN_THROTTLE).toEqual({ freeFailures: 5, windowSeconds: 900, maxDelaySeconds: 900 });
  });

  it('reads the server-wide account-mail limit, at least 1 an hour', () => {
    expect(loadConfig({ APP_SECRET: SECRET, AUTH_MAIL_MAX_PER_HOUR: '40' }, cwd).authMailsPerHour).toBe(40);
    expect(loadConfig({ APP_SECRET: SECRET, AUTH_MAIL_MAX_PER_HOUR: '0' }, cwd).authMailsPerHour).toBe(1);
  });

  it('reads REQUIRE_EMAIL_VERIFICATION, off unless set', () => {
    expect(loadConfig({ APP_SECRET: SECRET }, cwd).requireEmailVerification).toBe(false);
    expect(loadConfig({ APP_SECRET: SECRET, REQUIRE_EMAIL_VERIFICATION: 'true' }, cwd).requireEmailVerification).toBe(
      true,
    );
    expect(configError({ APP_SECRET: SECRET, REQUIRE_EMAIL_VERIFICATION: 'maybe' })).toBe(
      'REQUIRE_EMAIL_VERIFICATION must be true or false, got "maybe"',
    );
  });
});

describe('forwardedAddress (the client address behind trusted proxies)', () => {
  it('takes the Nth address from the right, so addresses a client wrote further left are ignored', () => {
    expect(forwardedAddress('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedAddress('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
  });

  it('believes nothing with zero hops, a missing header or fewer entries than hops', () => {
    expect(forwardedAddress('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedAddress(undefined, 1)).toBeUndefined();
    expect(forwardedAddress('203.0.113.7', 2)).toBeUndefined();
    expect(forwardedAddress(' , ', 1)).toBeUndefined();
  });
});

describe('loadConfig development secret', () => {
  it('is generated once, kept in DATA_DIR with owner-only access, and reused', () => {
    const dataDir = path.join(cwd, 'state');

    const first = loadConfig({ DATA_DIR: dataDir }, cwd);
    const second = loadConfig({ DATA_DIR: dataDir }, cwd);

    const file = path.join(dataDir, 'app-secret');
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.appSecret).toBe(first.appSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('differs between data folders', () => {
    const a = loadConfig({ DATA_DIR: 'a' }, cwd);
    const b = loadConfig({ DATA_DIR: 'b' }, cwd);

    expect(a.appSecret).not.toBe(b.appSecret);
  });

  it('is not written when APP_SECRET is set', () => {
    expect(loadConfig({ APP_SECRET: SECRET }, cwd).appSecret).toBe(SECRET);
    expect(existsSync(path.join(cwd, 'data', 'app-secret'))).toBe(false);
  });

  it('rejects an APP_SECRET shorter than 32 characters', () => {
    expect(configError({ APP_SECRET: 'x'.repeat(31) })).toBe('APP_SECRET must be at least 32 characters long');
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }, cwd).appSecret).toBe('x'.repeat(32));
  });
});

describe('loadConfig rejects bad values', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['PORT', '3000x'],
    ['AUTH_RATE_LIMIT_MAX', 'ten'],
    ['AUTH_RATE_LIMIT_WINDOW', '1e'],
    ['PASSWORD_MIN_LENGTH', 'six'],
  ])('%s=%j', (name, value) => {
    expect(configError({ APP_SECRET: SECRET, [name]: value })).toBe(`${name} must be a whole number, got "${value}"`);
  });

  it.each([
    ['TRUST_PROXY', 'maybe'],
    ['PASSWORD_REQUIRE_UPPERCASE', 'sometimes'],
  ])('%s=%j', (name, value) => {
    expect(configError({ APP_SECRET: SECRET, [name]: value })).toBe(`${name} must be true or false, got "${value}"`);
  });

  it.each([
    ['a minimum of 0', { PASSWORD_MIN_LENGTH: '0' }],
    ['a maximum below the minimum', { PASSWORD_MIN_LENGTH: '10', PASSWORD_MAX_LENGTH: '8' }],
  ])('a password policy with %s', (_label, env) => {
    expect(configError({ APP_SECRET: SECRET, ...env })).toBe(
      'PASSWORD_MIN_LENGTH must be at least 1 and not above PASSWORD_MAX_LENGTH',
    );
  });

  it('treats an empty number as unset', () => {
    expect(loadConfig({ APP_SECRET: SECRET, PORT: '' }, cwd).port).toBe(3000);
  });
});

describe('the read cache', () => {
  it('reads READ_CACHE_MAX_MB as its byte budget, and refuses what is no whole number', () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), READ_CACHE_MAX_MB: '64' }).readCacheMaxBytes).toBe(
      64 * 1024 * 1024,
    );
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(32), READ_CACHE_MAX_MB: '1.5' })).toThrow(
      'READ_CACHE_MAX_MB must be a whole number, got "1.5"',
    );
  });
});

describe('event stream limits', () => {
  it('reads EVENT_STREAMS_PER_USER and EVENT_STREAMS_MAX', () => {
    const config = loadConfig({ APP_SECRET: 'x'.repeat(32), EVENT_STREAMS_PER_USER: '3', EVENT_STREAMS_MAX: '50' });
    expect(config.eventStreams).toEqual({ perUser: 3, perNewAccount: 2, perAddress: 50, total: 50 });
  });

  it('reads EVENT_STREAMS_PER_NEW_ACCOUNT and EVENT_STREAMS_PER_ADDRESS, at least 1 each', () => {
    const env = { APP_SECRET: 'x'.repeat(32), EVENT_STREAMS_PER_NEW_ACCOUNT: '1', EVENT_STREAMS_PER_ADDRESS: '20' };
    expect(loadConfig(env).eventStreams).toEqual({ perUser: 10, perNewAccount: 1, perAddress: 20, total: 2000 });
    const zero = { APP_SECRET: 'x'.repeat(32), EVENT_STREAMS_PER_NEW_ACCOUNT: '0', EVENT_STREAMS_PER_ADDRESS: '0' };
    expect(loadConfig(zero).eventStreams).toMatchObject({ perNewAccount: 1, perAddress: 1 });
  });
});
