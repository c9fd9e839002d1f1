// A Strava-compatible HTTP server for Stride's tests and for trying the Strava feature without a Strava
// account. Routes, field names, error bodies and rate-limit headers follow
// developers.strava.com (authentication, reference, rate-limits, webhooks); README.md beside this file lists
// every route, option and fault switch.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  buildSplits,
  buildStreams,
  createRandom,
  encodePolyline,
  generateActivity,
  generateAthlete,
  generateHistory,
  stravaDate,
  stravaTimezone,
  summaryPolyline,
  utcOffsetSeconds,
  type ActivityStreams,
  type SimActivity,
  type SimAthlete,
  type SimSportType,
} from './generate-activities.ts';

export type ResetHeader = 'none' | 'x-ratelimit-reset' | 'retry-after' | 'both';

export interface SimulatorFaults {
  /** The next `count` matching requests answer 429; `resetHeader` chooses which reset header accompanies it. */
  rateLimit: { count: number; resetHeader: ResetHeader; resetInSeconds: number; match?: string } | null;
  /** The next `count` matching requests answer `status` (default 500). */
  serverError: { count: number; status: number; match?: string } | null;
  /** Every matching request waits `ms` before answering (for client timeouts); `count` limits it when set. */
  slow: { ms: number; count?: number; match?: string } | null;
  /** Every matching request is held open and never answered (Strava hanging); it is logged with status 0. */
  hang: { match?: string } | null;
  /** Every refresh_token grant answers 400 RefreshToken invalid. */
  invalidRefreshToken: boolean;
  /** Access tokens are issued already expired (expires_in 0) and existing ones are rejected with 401. */
  expiredAccessTokens: boolean;
  /** Refresh tokens are issued with refresh_token_expires_at in the past and refresh grants answer 400. */
  expiredRefreshTokens: boolean;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Authorization header as sent, or null. */
  authorization: string | null;
  /** Form or JSON body fields, for POST requests. */
  body: Record<string, string>;
  /** Epoch milliseconds when the request arrived. */
  time: number;
  status: number;
}

interface AccessTokenRecord {
  athleteId: number;
  expiresAt: number;
  scope: string;
}

interface RefreshTokenRecord {
  athleteId: number;
  expiresAt: number;
  scope: string;
}

export interface PushSubscription {
  id: number;
  callbackUrl: string;
  verifyToken: string;
  createdAt: number;
}

export interface SimulatorState {
  athletes: Map<number, SimAthlete>;
  activities: Map<number, SimActivity>;
  /** The athlete who "is signed in to Strava" and approves the authorise page. */
  signedInAthleteId: number | null;
  accessTokens: Map<string, AccessTokenRecord>;
  refreshTokens: Map<string, RefreshTokenRecord>;
  codes: Map<string, { athleteId: number; scope: string; redirectUri: string }>;
  subscription: PushSubscription | null;
  faults: SimulatorFaults;
  requests: LoggedRequest[];
  usage: { shortTerm: number; daily: number; shortWindow: number; dayWindow: number };
}

export interface StravaSimulatorOptions {
  port?: number;
  host?: string;
  seed?: number;
  clientId?: string;
  clientSecret?: string;
  /** Activities generated for a first athlete, created at start when set (0 creates the athlete only). */
  activities?: number;
  /**
   * Every visit to the authorise page signs in a new athlete with `activities` activities, as if each
   * Stride account belonged to another person on Strava (browser tests register a runner per test).
   */
  newAthletePerAuthorization?: boolean;
  accessTokenLifetimeSeconds?: number;
  refreshTokenLifetimeSeconds?: number;
  /** Strava's default "non-upload" limits: 100 per 15 minutes, 1,000 per day. */
  rateLimits?: { shortTerm: number; daily: number };
  /** Answer 429 once the counted usage exceeds the limits (default true). */
  enforceRateLimits?: boolean;
  /** Clock in epoch milliseconds, replaceable by tests. */
  now?: () => number;
}

export interface StravaSimulator {
  url: string;
  port: number;
  state: SimulatorState;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
  addAthlete(options?: { activities?: number; signIn?: boolean }): SimAthlete;
  addActivity(athleteId: number, changes?: Partial<SimActivity> & { sportType?: SimSportType }): SimActivity;
  editActivity(id: number, changes: Partial<SimActivity>): SimActivity;
  deleteActivity(id: number): void;
  setFault<K extends keyof SimulatorFaults>(name: K, value: SimulatorFaults[K]): void;
  clearFaults(): void;
  /** Issues tokens for an athlete without the browser dance, for tests that start connected. */
  issueTokens(athleteId: number): TokenPair;
  /** POSTs a webhook event to the subscription's callback; resolves with the callback's status. */
  sendWebhookEvent(event: WebhookEventInput): Promise<number>;
  /** Revokes the athlete's tokens and, with a subscription, sends Strava's deauthorisation event. */
  deauthorizeAthlete(athleteId: number): Promise<number | null>;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  refresh_token_expires_at: number;
}

export interface WebhookEventInput {
  object_type: 'activity' | 'athlete';
  object_id: number;
  aspect_type: 'create' | 'update' | 'delete';
  owner_id: number;
  updates?: Record<string, string>;
  event_time?: number;
}

const SCOPES = [
  'read',
  'read_all',
  'profile:read_all',
  'profile:write',
  'activity:read',
  'activity:read_all',
  'activity:write',
];
const STREAM_KEYS = [
  'time',
  'distance',
  'latlng',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'moving',
  'grade_smooth',
] as const;
type StreamKey = (typeof STREAM_KEYS)[number];

function noFaults(): SimulatorFaults {
  return {
    rateLimit: null,
    serverError: null,
    slow: null,
    hang: null,
    invalidRefreshToken: false,
    expiredAccessTokens: false,
    expiredRefreshTokens: false,
  };
}

function token(bytes = 20): string {
  // 40 hex characters, the length of Strava's tokens.
  return randomBytes(bytes).toString('hex');
}

function fault(resource: string, field: string, code: string, message = 'Bad Request'): object {
  return { message, errors: [{ resource, field, code }] };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') {
    return {};
  }
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function createStravaSimulator(options: StravaSimulatorOptions = {}): Promise<StravaSimulator> {
  const now = options.now ?? (() => Date.now());
  const random = createRandom(options.seed ?? 42);
  const clientId = options.clientId ?? '12345';
  // 40 hex digits, the shape of a real Strava client secret.
  const clientSecret = options.clientSecret ?? '5f1e0c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f';
  const accessLifetime = options.accessTokenLifetimeSeconds ?? 21600;
  const refreshLifetime = options.refreshTokenLifetimeSeconds ?? 180 * 86400;
  const limits = options.rateLimits ?? { shortTerm: 100, daily: 1000 };
  const enforceRateLimits = options.enforceRateLimits ?? true;
  let nextAthleteId = 1000001;
  let nextActivityId = 12000000001;
  let nextSubscriptionId = 1;

  const state: SimulatorState = {
    athletes: new Map(),
    activities: new Map(),
    signedInAthleteId: null,
    accessTokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    subscription: null,
    faults: noFaults(),
    requests: [],
    usage: { shortTerm: 0, daily: 0, shortWindow: 0, dayWindow: 0 },
  };

  const seconds = (): number => Math.floor(now() / 1000);

  function addAthlete(addOptions: { activities?: number; signIn?: boolean } = {}): SimAthlete {
    const athlete = generateAthlete(random, nextAthleteId, now());
    nextAthleteId += 1;
    state.athletes.set(athlete.id, athlete);
    for (const activity of generateHistory(
      random,
      athlete,
      addOptions.activities ?? 0,
      now(),
      () => nextActivityId++,
    )) {
      state.activities.set(activity.id, activity);
    }
    if (addOptions.signIn ?? state.signedInAthleteId === null) {
      state.signedInAthleteId = athlete.id;
    }
    return athlete;
  }

  function addActivity(athleteId: number, changes: Partial<SimActivity> = {}): SimActivity {
    const athlete = state.athletes.get(athleteId);
    if (!athlete) {
      throw new Error(`No simulated athlete ${athleteId}`);
    }
    const startMs = changes.startMs ?? Math.floor(now() / 1000) * 1000 - 2 * 3600_000;
    const generated = generateActivity(random, athlete, nextActivityId, {
      startMs,
      ...(changes.sportType ? { sportType: changes.sportType } : {}),
    });
    nextActivityId += 1;
    const activity: SimActivity = { ...generated, ...changes, id: generated.id, athleteId, updatedMs: now() };
    state.activities.set(activity.id, activity);
    return activity;
  }

  function editActivity(id: number, changes: Partial<SimActivity>): SimActivity {
    const existing = state.activities.get(id);
    if (!existing) {
      throw new Error(`No simulated activity ${id}`);
    }
    const activity: SimActivity = { ...existing, ...changes, id, updatedMs: now() };
    state.activities.set(id, activity);
    return activity;
  }

  function issueTokens(athleteId: number, scope = 'read,activity:read_all,profile:read_all'): TokenPair {
    const accessToken = token();
    const refreshToken = token();
    const expiresAt = state.faults.expiredAccessTokens ? seconds() : seconds() + accessLifetime;
    const refreshExpiresAt = state.faults.expiredRefreshTokens ? seconds() - 60 : seconds() + refreshLifetime;
    state.accessTokens.set(accessToken, { athleteId, expiresAt, scope });
    state.refreshTokens.set(refreshToken, { athleteId, expiresAt: refreshExpiresAt, scope });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: expiresAt,
      expires_in: Math.max(0, expiresAt - seconds()),
      refresh_token_expires_at: refreshExpiresAt,
    };
  }

  function revokeAthlete(athleteId: number): void {
    for (const [key, record] of state.accessTokens) {
      if (record.athleteId === athleteId) {
        state.accessTokens.delete(key);
      }
    }
    for (const [key, record] of state.refreshTokens) {
      if (record.athleteId === athleteId) {
        state.refreshTokens.delete(key);
      }
    }
  }

  async function sendWebhookEvent(event: WebhookEventInput): Promise<number> {
    const subscription = state.subscription;
    if (!subscription) {
      throw new Error('No push subscription: POST /api/v3/push_subscriptions first');
    }
    const payload = {
      aspect_type: event.aspect_type,
      event_time: event.event_time ?? seconds(),
      object_id: event.object_id,
      object_type: event.object_type,
      owner_id: event.owner_id,
      subscription_id: subscription.id,
      updates: event.updates ?? {},
    };
    const response = await fetch(subscription.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(2000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  // ---- JSON shapes (developers.strava.com/docs/reference: SummaryAthlete, SummaryActivity, ...) ----

  function athleteJson(athlete: SimAthlete, detailed: boolean): object {
    const summary = {
      id: athlete.id,
      username: athlete.username,
      resource_state: detailed ? 3 : 2,
      firstname: athlete.firstname,
      lastname: athlete.lastname,
      bio: '',
      city: athlete.home.city,
      state: athlete.home.state,
      country: athlete.home.country,
      sex: athlete.sex,
      premium: false,
      summit: false,
      created_at: stravaDate(athlete.createdAt),
      updated_at: stravaDate(now()),
      badge_type_id: 0,
      weight: athlete.weight,
      profile_medium: 'avatar/athlete/medium.png',
      profile: 'avatar/athlete/large.png',
      friend: null,
      follower: null,
    };
    if (!detailed) {
      return summary;
    }
    return {
      ...summary,
      follower_count: 12,
      friend_count: 15,
      measurement_preference: 'meters',
      ftp: null,
      clubs: [],
      bikes: [{ id: 'b1234567', primary: true, name: 'Road bike', resource_state: 2, distance: 0 }],
      shoes: [{ id: 'g7654321', primary: true, name: 'Daily trainers', resource_state: 2, distance: 0 }],
    };
  }

  function activityType(sport: SimSportType): string {
    // `type` is the deprecated ActivityType; TrailRun has no ActivityType of its own and reports "Run".
    return sport === 'TrailRun' ? 'Run' : sport;
  }

  function summaryActivityJson(activity: SimActivity): Record<string, unknown> {
    const offset = utcOffsetSeconds(activity.startMs, activity.timeZone);
    const end = summaryEnd(activity);
    const json: Record<string, unknown> = {
      resource_state: 2,
      athlete: { id: activity.athleteId, resource_state: 1 },
      name: activity.name,
      distance: activity.distance,
      moving_time: activity.movingTime,
      elapsed_time: activity.elapsedTime,
      total_elevation_gain: activity.totalElevationGain,
      type: activityType(activity.sportType),
      sport_type: activity.sportType,
      workout_type: activity.workoutType,
      id: activity.id,
      start_date: stravaDate(activity.startMs),
      start_date_local: stravaDate(activity.startMs + offset * 1000),
      timezone: stravaTimezone(activity.startMs, activity.timeZone),
      utc_offset: offset,
      location_city: null,
      location_state: null,
      location_country: state.athletes.get(activity.athleteId)?.country ?? null,
      achievement_count: activity.kudosCount % 4,
      kudos_count: activity.kudosCount,
      comment_count: activity.commentCount,
      athlete_count: 1,
      photo_count: 0,
      map: { id: `a${activity.id}`, summary_polyline: summaryPolyline(activity), resource_state: 2 },
      trainer: activity.trainer,
      commute: activity.commute,
      manual: activity.manual,
      private: activity.private,
      visibility: activity.private ? 'only_me' : 'everyone',
      flagged: false,
      gear_id: activity.gearId,
      start_latlng: [activity.startLat, activity.startLng],
      end_latlng: end,
      average_speed: Math.round((activity.distance / activity.movingTime) * 1000) / 1000,
      max_speed: Math.round((activity.distance / activity.movingTime) * 1.25 * 1000) / 1000,
      average_cadence: activity.sportType === 'Ride' ? 85 : activity.sportType === 'Walk' ? 56 : 84,
      has_heartrate: activity.hasHeartrate,
      heartrate_opt_out: false,
      display_hide_heartrate_option: activity.hasHeartrate,
      elev_high:
        Math.round(
          (activity.elevBase + activity.totalElevationGain / Math.max(1, Math.round(activity.distance / 3000))) * 10,
        ) / 10,
      elev_low: activity.elevBase,
      upload_id: activity.manual ? null : activity.id + 1000000000,
      upload_id_str: activity.manual ? null : String(activity.id + 1000000000),
      external_id: activity.manual ? null : `${activity.id}.fit`,
      from_accepted_tag: false,
      pr_count: 0,
      total_photo_count: 0,
      has_kudoed: false,
    };
    if (activity.hasHeartrate) {
      json.average_heartrate = activity.averageHeartrate;
      json.max_heartrate = activity.maxHeartrate;
      json.suffer_score = Math.round((activity.movingTime / 60) * ((activity.averageHeartrate - 100) / 40));
    }
    if (activity.sportType === 'Ride') {
      json.average_watts = 180;
      json.kilojoules = Math.round(180 * activity.movingTime) / 1000;
      json.device_watts = false;
    }
    return json;
  }

  function summaryEnd(activity: SimActivity): [number, number] {
    // Loops end where they start, give or take the GPS fix.
    return [
      Math.round((activity.startLat + 0.00004) * 1e6) / 1e6,
      Math.round((activity.startLng - 0.00003) * 1e6) / 1e6,
    ];
  }

  function detailedActivityJson(activity: SimActivity): object {
    const streams = buildStreams(activity);
    const summary = summaryActivityJson(activity);
    const lapLength = activity.sportType === 'Ride' ? 10000 : 5000;
    const laps = buildSplits(activity, streams, lapLength).map((split, index) => {
      const startIndex = streams.distance.findIndex((d) => d >= index * lapLength);
      const endDistance = Math.min(activity.distance, (index + 1) * lapLength);
      const endIndex = streams.distance.findIndex((d) => d >= endDistance - 0.05);
      const startSeconds = streams.time[Math.max(0, startIndex)] ?? 0;
      const startMs = activity.startMs + startSeconds * 1000;
      const offset = utcOffsetSeconds(activity.startMs, activity.timeZone);
      return {
        id: activity.id * 100 + index + 1,
        resource_state: 2,
        name: `Lap ${index + 1}`,
        activity: { id: activity.id, resource_state: 1 },
        athlete: { id: activity.athleteId, resource_state: 1 },
        elapsed_time: split.elapsed_time,
        moving_time: split.moving_time,
        start_date: stravaDate(startMs),
        start_date_local: stravaDate(startMs + offset * 1000),
        distance: split.distance,
        start_index: Math.max(0, startIndex),
        end_index: endIndex === -1 ? streams.distance.length - 1 : endIndex,
        total_elevation_gain: Math.max(0, split.elevation_difference),
        average_speed: split.average_speed,
        max_speed: Math.round(split.average_speed * 1.2 * 100) / 100,
        average_cadence: summary.average_cadence,
        average_watts: activity.sportType === 'Ride' ? 180 : null,
        device_watts: false,
        average_heartrate: activity.hasHeartrate ? activity.averageHeartrate : undefined,
        lap_index: index + 1,
        split: index + 1,
        pace_zone: 0,
      };
    });
    const calories = Math.round((activity.distance / 1000) * (activity.sportType === 'Ride' ? 25 : 62));
    return {
      ...summary,
      resource_state: 3,
      description: activity.description,
      calories,
      map: {
        id: `a${activity.id}`,
        polyline: encodePolyline(streams.latlng),
        summary_polyline: summaryPolyline(activity),
        resource_state: 3,
      },
      splits_metric: buildSplits(activity, streams, 1000),
      splits_standard: buildSplits(activity, streams, 1609.34),
      laps,
      best_efforts: [],
      segment_efforts: [],
      photos: { primary: null, count: 0 },
      gear: activity.gearId
        ? {
            id: activity.gearId,
            primary: true,
            name: activity.sportType === 'Ride' ? 'Road bike' : 'Daily trainers',
            resource_state: 2,
            distance: 0,
          }
        : null,
      device_name: activity.deviceName,
      embed_token: token(16),
      hide_from_home: false,
      available_zones: [],
    };
  }

  function streamsJson(activity: SimActivity, keys: StreamKey[], keyByType: boolean): unknown {
    const streams: ActivityStreams = buildStreams(activity);
    // Strava always returns the distance stream alongside what was asked for.
    const wanted = new Set<StreamKey>(['distance', ...keys]);
    const entries: [StreamKey, unknown[]][] = [];
    for (const key of STREAM_KEYS) {
      if (!wanted.has(key)) {
        continue;
      }
      const data = streams[key];
      if (data) {
        entries.push([key, data]);
      }
    }
    const wrap = (key: StreamKey, data: unknown[]): Record<string, unknown> => ({
      ...(keyByType ? {} : { type: key }),
      data,
      series_type: 'distance',
      original_size: data.length,
      resolution: 'high',
    });
    if (keyByType) {
      return Object.fromEntries(entries.map(([key, data]) => [key, wrap(key, data)]));
    }
    return entries.map(([key, data]) => wrap(key, data));
  }

  // ---- Request handling ----

  function matches(match: string | undefined, path: string): boolean {
    return match === undefined || path.includes(match);
  }

  function rateLimitHeaders(): Record<string, string> {
    const shortWindow = Math.floor(now() / 900_000);
    const dayWindow = Math.floor(now() / 86_400_000);
    if (state.usage.shortWindow !== shortWindow) {
      state.usage.shortWindow = shortWindow;
      state.usage.shortTerm = 0;
    }
    if (state.usage.dayWindow !== dayWindow) {
      state.usage.dayWindow = dayWindow;
      state.usage.daily = 0;
    }
    const limit = `${limits.shortTerm},${limits.daily}`;
    const usage = `${state.usage.shortTerm},${state.usage.daily}`;
    return {
      'X-RateLimit-Limit': limit,
      'X-RateLimit-Usage': usage,
      'X-ReadRateLimit-Limit': limit,
      'X-ReadRateLimit-Usage': usage,
    };
  }

  function resetHeaders(kind: ResetHeader, resetInSeconds: number): Record<string, string> {
    const headers: Record<string, string> = {};
    if (kind === 'x-ratelimit-reset' || kind === 'both') {
      headers['X-RateLimit-Reset'] = String(seconds() + resetInSeconds);
    }
    if (kind === 'retry-after' || kind === 'both') {
      headers['Retry-After'] = String(resetInSeconds);
    }
    return headers;
  }

  const rateLimitBody = fault('Application', 'rate limit', 'exceeded', 'Rate Limit Exceeded');

  function authenticate(request: IncomingMessage): AccessTokenRecord {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const record = match?.[1] ? state.accessTokens.get(match[1]) : undefined;
    if (!record || record.expiresAt <= seconds() || state.faults.expiredAccessTokens) {
      throw new HttpError(401, fault('Athlete', 'access_token', 'invalid', 'Authorization Error'));
    }
    return record;
  }

  function ownedActivity(id: string, athleteId: number): SimActivity {
    const activity = state.activities.get(Number(id));
    if (!activity || activity.athleteId !== athleteId) {
      throw new HttpError(404, fault('Activity', 'id', 'invalid', 'Record Not Found'));
    }
    return activity;
  }

  function requireClient(fields: Record<string, string>): void {
    if (fields.client_id !== clientId) {
      throw new HttpError(400, fault('Application', 'client_id', 'invalid'));
    }
    if (fields.client_secret !== clientSecret) {
      throw new HttpError(401, fault('Application', 'client_secret', 'invalid'));
    }
  }

  function authorizePage(query: URLSearchParams): { status: number; html: string; location?: string } {
    if (query.get('client_id') !== clientId) {
      throw new HttpError(400, fault('Application', 'client_id', 'invalid'));
    }
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri || !URL.canParse(redirectUri)) {
      throw new HttpError(400, fault('Application', 'redirect_uri', 'invalid'));
    }
    if (query.get('response_type') !== 'code') {
      throw new HttpError(400, fault('Application', 'response_type', 'invalid'));
    }
    const prompt = query.get('approval_prompt');
    if (prompt !== null && prompt !== 'auto' && prompt !== 'force') {
      throw new HttpError(400, fault('Application', 'approval_prompt', 'invalid'));
    }
    const requested = (query.get('scope') ?? 'read')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (requested.some((scope) => !SCOPES.includes(scope))) {
      throw new HttpError(400, fault('Application', 'scope', 'invalid'));
    }
    const athleteId = options.newAthletePerAuthorization
      ? addAthlete({ activities: options.activities ?? 0, signIn: true }).id
      : (state.signedInAthleteId ?? addAthlete().id);
    const athlete = state.athletes.get(athleteId);
    const scope = requested.includes('read') ? requested.join(',') : ['read', ...requested].join(',');
    const code = token();
    state.codes.set(code, { athleteId, scope, redirectUri });
    const approve = new URL(redirectUri);
    approve.searchParams.set('state', query.get('state') ?? '');
    approve.searchParams.set('code', code);
    approve.searchParams.set('scope', scope);
    const deny = new URL(redirectUri);
    deny.searchParams.set('state', query.get('state') ?? '');
    deny.searchParams.set('error', 'access_denied');
    const name = athlete ? `${athlete.firstname} ${athlete.lastname}` : 'athlete';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize | Strava simulator</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 4rem auto">
<h1>Strava simulator</h1>
<p>Signed in as <strong>${escapeHtml(name)}</strong>. An application (client id ${escapeHtml(clientId)}) asks to:</p>
<ul>${scope
      .split(',')
      .map((s) => `<li>${escapeHtml(s)}</li>`)
      .join('')}</ul>
<p><a id="authorize" role="button" href="${escapeHtml(approve.toString())}">Authorize</a>
 &nbsp; <a id="deny" href="${escapeHtml(deny.toString())}">Cancel</a></p>
</body></html>`;
    return { status: 200, html };
  }

  function tokenGrant(fields: Record<string, string>): object {
    requireClient(fields);
    if (fields.grant_type === 'authorization_code') {
      const code = fields.code ? state.codes.get(fields.code) : undefined;
      if (!fields.code || !code) {
        throw new HttpError(400, fault('AuthorizationCode', 'code', 'invalid'));
      }
      state.codes.delete(fields.code);
      const athlete = state.athletes.get(code.athleteId);
      if (!athlete) {
        throw new HttpError(400, fault('AuthorizationCode', 'code', 'invalid'));
      }
      const tokens = issueTokens(athlete.id, code.scope);
      return {
        token_type: 'Bearer',
        expires_at: tokens.expires_at,
        expires_in: tokens.expires_in,
        refresh_token: tokens.refresh_token,
        access_token: tokens.access_token,
        refresh_token_expires_at: tokens.refresh_token_expires_at,
        athlete: athleteJson(athlete, false),
      };
    }
    if (fields.grant_type === 'refresh_token') {
      const invalid = new HttpError(400, fault('RefreshToken', 'refresh_token', 'invalid'));
      const record = fields.refresh_token ? state.refreshTokens.get(fields.refresh_token) : undefined;
      if (!fields.refresh_token || !record || state.faults.invalidRefreshToken || state.faults.expiredRefreshTokens) {
        throw invalid;
      }
      if (record.expiresAt <= seconds()) {
        throw invalid;
      }
      // Strava hands back the current access token while it has more than an hour left.
      for (const [accessToken, access] of state.accessTokens) {
        if (
          access.athleteId === record.athleteId &&
          access.expiresAt - seconds() > 3600 &&
          !state.faults.expiredAccessTokens
        ) {
          return {
            token_type: 'Bearer',
            access_token: accessToken,
            expires_at: access.expiresAt,
            expires_in: access.expiresAt - seconds(),
            refresh_token: fields.refresh_token,
            refresh_token_expires_at: record.expiresAt,
          };
        }
      }
      state.refreshTokens.delete(fields.refresh_token);
      const tokens = issueTokens(record.athleteId, record.scope);
      return {
        token_type: 'Bearer',
        access_token: tokens.access_token,
        expires_at: tokens.expires_at,
        expires_in: tokens.expires_in,
        refresh_token: tokens.refresh_token,
        refresh_token_expires_at: tokens.refresh_token_expires_at,
      };
    }
    throw new HttpError(400, fault('Application', 'grant_type', 'invalid'));
  }

  async function createSubscription(fields: Record<string, string>): Promise<object> {
    requireClient(fields);
    if (state.subscription) {
      throw new HttpError(400, fault('PushSubscription', '', 'already exists'));
    }
    const callbackUrl = fields.callback_url ?? '';
    if (!URL.canParse(callbackUrl)) {
      throw new HttpError(400, fault('PushSubscription', 'callback url', 'invalid'));
    }
    const challenge = token(8);
    const check = new URL(callbackUrl);
    check.searchParams.set('hub.mode', 'subscribe');
    check.searchParams.set('hub.challenge', challenge);
    check.searchParams.set('hub.verify_token', fields.verify_token ?? '');
    let echoed: unknown = null;
    let status = 0;
    try {
      const response = await fetch(check, { signal: AbortSignal.timeout(2000) });
      status = response.status;
      echoed = status === 200 ? ((await response.json()) as Record<string, unknown>)['hub.challenge'] : null;
    } catch {
      status = 0;
    }
    if (status !== 200 || echoed !== challenge) {
      throw new HttpError(
        400,
        fault('PushSubscription', 'callback url', 'GET to callback URL does not return 200 with the hub.challenge'),
      );
    }
    const subscription: PushSubscription = {
      id: nextSubscriptionId,
      callbackUrl,
      verifyToken: fields.verify_token ?? '',
      createdAt: now(),
    };
    nextSubscriptionId += 1;
    state.subscription = subscription;
    return { id: subscription.id };
  }

  function subscriptionJson(subscription: PushSubscription): object {
    return {
      id: subscription.id,
      resource_state: 2,
      application_id: Number(clientId) || clientId,
      callback_url: subscription.callbackUrl,
      created_at: stravaDate(subscription.createdAt),
      updated_at: stravaDate(subscription.createdAt),
    };
  }

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, string>,
    request: IncomingMessage,
  ): Promise<{ status: number; json?: unknown; html?: string }> {
    if (method === 'GET' && path === '/oauth/authorize') {
      return authorizePage(query);
    }
    const fields = { ...Object.fromEntries(query), ...body };
    if (method === 'POST' && path === '/oauth/token') {
      return { status: 200, json: tokenGrant(fields) };
    }
    if (method === 'POST' && path === '/oauth/deauthorize') {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const accessToken = fields.access_token ?? bearer ?? '';
      const record = state.accessTokens.get(accessToken);
      if (!record) {
        throw new HttpError(401, fault('Athlete', 'access_token', 'invalid', 'Authorization Error'));
      }
      revokeAthlete(record.athleteId);
      return { status: 200, json: { access_token: accessToken } };
    }
    if (path === '/api/v3/push_subscriptions' && method === 'POST') {
      return { status: 201, json: await createSubscription(fields) };
    }
    if (path === '/api/v3/push_subscriptions' && method === 'GET') {
      requireClient(fields);
      return { status: 200, json: state.subscription ? [subscriptionJson(state.subscription)] : [] };
    }
    const deleteMatch = /^\/api\/v3\/push_subscriptions\/(\d+)$/.exec(path);
    if (deleteMatch && method === 'DELETE') {
      requireClient(fields);
      if (!state.subscription || state.subscription.id !== Number(deleteMatch[1])) {
        throw new HttpError(404, fault('PushSubscription', 'id', 'not found', 'Resource Not Found'));
      }
      state.subscription = null;
      return { status: 204 };
    }
    if (method !== 'GET' || !path.startsWith('/api/v3/')) {
      throw new HttpError(404, fault('resource', 'path', 'invalid', 'Record Not Found'));
    }
    const auth = authenticate(request);
    if (path === '/api/v3/athlete') {
      const athlete = state.athletes.get(auth.athleteId);
      return { status: 200, json: athlete ? athleteJson(athlete, true) : {} };
    }
    if (path === '/api/v3/athlete/activities') {
      const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
      const perPage = Math.min(200, Math.max(1, Number(query.get('per_page') ?? '30') || 30));
      const before = query.get('before');
      const after = query.get('after');
      // Strava rejects an `after` in the future, which is what a client sending milliseconds gets.
      if (after !== null && Number(after) > seconds()) {
        throw new HttpError(400, fault('Application', 'after', 'future'));
      }
      const list = [...state.activities.values()]
        .filter((activity) => activity.athleteId === auth.athleteId)
        .filter((activity) => before === null || activity.startMs / 1000 < Number(before))
        .filter((activity) => after === null || activity.startMs / 1000 > Number(after))
        .sort((a, b) => b.startMs - a.startMs || b.id - a.id);
      const slice = list.slice((page - 1) * perPage, page * perPage);
      return { status: 200, json: slice.map(summaryActivityJson) };
    }
    const activityMatch = /^\/api\/v3\/activities\/(\d+)$/.exec(path);
    if (activityMatch?.[1]) {
      return { status: 200, json: detailedActivityJson(ownedActivity(activityMatch[1], auth.athleteId)) };
    }
    const streamsMatch = /^\/api\/v3\/activities\/(\d+)\/streams$/.exec(path);
    if (streamsMatch?.[1]) {
      const activity = ownedActivity(streamsMatch[1], auth.athleteId);
      const keys = (query.get('keys') ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key): key is StreamKey => (STREAM_KEYS as readonly string[]).includes(key));
      return { status: 200, json: streamsJson(activity, keys, query.get('key_by_type') === 'true') };
    }
    throw new HttpError(404, fault('resource', 'path', 'invalid', 'Record Not Found'));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const arrived = now();
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    let body: Record<string, string> = {};
    const headers: Record<string, string> = {};
    let status = 500;
    let payload: string | undefined;
    const isApi = path.startsWith('/api/v3/');
    const faultable = !(method === 'GET' && path === '/oauth/authorize');
    try {
      body = method === 'POST' ? await readBody(request) : {};
      const faults = state.faults;
      if (faultable && faults.hang && matches(faults.hang.match, path)) {
        const query = Object.fromEntries(url.searchParams);
        const authorization = request.headers.authorization ?? null;
        state.requests.push({ method, path, query, authorization, body, time: arrived, status: 0 });
        // Held until the client gives up or the simulator stops.
        await new Promise<void>((resolve) => response.once('close', () => resolve()));
        return;
      }
      if (faultable && faults.slow && matches(faults.slow.match, path)) {
        const ms = faults.slow.ms;
        if (faults.slow.count !== undefined) {
          faults.slow.count -= 1;
          if (faults.slow.count <= 0) {
            faults.slow = null;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      if (isApi) {
        // Roll the 15-minute and daily windows over first, then count this request (Strava counts 429s too).
        rateLimitHeaders();
        state.usage.shortTerm += 1;
        state.usage.daily += 1;
        Object.assign(headers, rateLimitHeaders());
      }
      if (faultable && faults.rateLimit && matches(faults.rateLimit.match, path)) {
        const { resetHeader, resetInSeconds } = faults.rateLimit;
        faults.rateLimit.count -= 1;
        if (faults.rateLimit.count <= 0) {
          faults.rateLimit = null;
        }
        throw new HttpError(429, rateLimitBody, resetHeaders(resetHeader, resetInSeconds));
      }
      if (
        isApi &&
        enforceRateLimits &&
        (state.usage.shortTerm > limits.shortTerm || state.usage.daily > limits.daily)
      ) {
        throw new HttpError(429, rateLimitBody);
      }
      if (faultable && faults.serverError && matches(faults.serverError.match, path)) {
        const errorStatus = faults.serverError.status;
        faults.serverError.count -= 1;
        if (faults.serverError.count <= 0) {
          faults.serverError = null;
        }
        throw new HttpError(errorStatus, { message: 'Internal Server Error', errors: [] });
      }
      const result = await route(method, path, url.searchParams, body, request);
      status = result.status;
      if (result.html !== undefined) {
        headers['Content-Type'] = 'text/html; charset=utf-8';
        payload = result.html;
      } else if (result.json !== undefined) {
        headers['Content-Type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify(result.json);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        status = error.status;
        Object.assign(headers, error.headers);
        headers['Content-Type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify(error.body);
      } else {
        status = 500;
        headers['Content-Type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify({
          message: 'Internal Server Error',
          errors: [{ resource: 'simulator', field: '', code: String(error) }],
        });
      }
    }
    state.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization ?? null,
      body,
      time: arrived,
      status,
    });
    response.writeHead(status, headers);
    response.end(payload);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';

  if (options.activities !== undefined) {
    addAthlete({ activities: options.activities, signIn: true });
  }

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    state,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    addAthlete,
    addActivity,
    editActivity,
    deleteActivity: (id) => {
      state.activities.delete(id);
    },
    setFault: (name, value) => {
      state.faults[name] = value;
    },
    clearFaults: () => {
      state.faults = noFaults();
    },
    issueTokens: (athleteId) => issueTokens(athleteId),
    sendWebhookEvent,
    deauthorizeAthlete: async (athleteId) => {
      revokeAthlete(athleteId);
      if (!state.subscription) {
        return null;
      }
      return sendWebhookEvent({
        object_type: 'athlete',
        object_id: athleteId,
        aspect_type: 'update',
        owner_id: athleteId,
        updates: { authorized: 'false' },
      });
    },
  };
}
