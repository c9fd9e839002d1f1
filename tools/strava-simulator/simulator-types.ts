/**
 * The Strava simulator's public shapes: its options, fault switches, request log, state and the
 * handle createStravaSimulator returns (README.md beside this file describes each).
 */
import type { SimActivity, SimAthlete } from './generate-activities.ts';
import type { SimSportType } from './name-tables.ts';

export type ResetHeader = 'none' | 'x-ratelimit-reset' | 'retry-after' | 'both';

export interface SimulatorFaults {
  /** The next `count` matching requests answer 429; `resetHeader` chooses which reset header accompanies it. */
  rateLimit: { count: number; resetHeader: ResetHeader; resetInSeconds: number; match?: string } | null;
  /** The next `count` matching requests answer `status` (default 500). */
  serverError: { count: number; status: number; match?: string } | null;
  /** Every matching request waits `ms` before answering (for client timeouts); `count` limits it when set. */
  slow: { ms: number; count?: number; match?: string } | null;
  /**
   * Every matching request is held open and never answered (Strava hanging); it is logged with status 0.
   * With `after`, that many matching requests are answered first.
   */
  hang: { match?: string; after?: number } | null;
  /** Every refresh_token grant answers 400 RefreshToken invalid. */
  invalidRefreshToken: boolean;
  /** Access tokens are issued already expired (expires_in 0) and existing ones are rejected with 401. */
  expiredAccessTokens: boolean;
  /** Refresh tokens are issued with refresh_token_expires_at in the past and refresh grants answer 400. */
  expiredRefreshTokens: boolean;
  /** Every value of the stream `key` is answered as `value` (hostile data: 1e308 altitudes). */
  streamValue: { key: string; value: number } | null;
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

export interface AccessTokenRecord {
  athleteId: number;
  expiresAt: number;
  scope: string;
}

export interface RefreshTokenRecord {
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

/** No fault switched on: Strava behaving. */
export function noFaults(): SimulatorFaults {
  return {
    rateLimit: null,
    serverError: null,
    slow: null,
    hang: null,
    invalidRefreshToken: false,
    expiredAccessTokens: false,
    expiredRefreshTokens: false,
    streamValue: null,
  };
}
