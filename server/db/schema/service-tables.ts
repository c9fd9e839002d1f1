/**
 * Table types for Kysely (server/db/schema.ts lists them all): outside services: Strava, Stripe
 * subscriptions and the shared weather caches.
 */
import type { SyncKind, SyncState } from '../../../core/strava/api.ts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp, UpdatedAt } from './column-types.ts';

/** Spec §3 "Fitness-service integration record"; accessToken and refreshToken are sealed (server/security/secret-box.ts). */
export interface StravaIntegrationsTable {
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  athleteId: string | null;
  athleteName: string | null;
  scope: string | null;
  clientId: string | null;
  connectedAt: Timestamp | null;
  updatedAt: UpdatedAt;
  lastRefreshAttempt: Timestamp | null;
  disconnectedAt: Timestamp | null;
  isActive: boolean;
  lastSyncAt: Timestamp | null;
}

export interface StravaUserAppsTable {
  userId: string;
  clientId: string;
  /** Sealed. */
  clientSecret: string;
  updatedAt: UpdatedAt;
}

export interface StravaOauthStatesTable {
  state: string;
  userId: string;
  clientId: string | null;
  createdAt: CreatedAt;
}

export interface StravaSyncJobsTable {
  userId: string;
  kind: SyncKind;
  state: SyncState;
  nextPage: number;
  afterEpoch: ColumnType<string | null, number | null, number | null>;
  pages: number;
  activities: number;
  imported: number;
  error: string | null;
  resumesAt: Timestamp | null;
  leaseOwner: string | null;
  leaseUntil: Timestamp | null;
  startedAt: Timestamp;
  finishedAt: Timestamp | null;
  updatedAt: Timestamp;
}

export interface StravaPushSubscriptionsTable {
  clientId: string;
  subscriptionId: string | null;
  callbackUrl: string;
  verifyToken: string;
  createdAt: CreatedAt;
}

export interface StravaDeletedActivitiesTable {
  userId: string;
  stravaId: string;
  deletedAt: CreatedAt;
}

/** A runner's Stripe customer (created at their first checkout). */
export interface StripeCustomersTable {
  userId: string;
  stripeCustomerId: string;
  createdAt: Timestamp;
}

/** Spec §3 Subscription; `stateAt` is the creation time (epoch seconds) of the event that reported it. */
export interface SubscriptionsTable {
  userId: string;
  stripeSubscriptionId: string;
  status: string;
  currentPeriodEnd: Timestamp;
  plan: string | null;
  cancelAtPeriodEnd: Generated<boolean>;
  endedAt: Timestamp | null;
  stateAt: ColumnType<string | number, number, number>;
  updatedAt: Timestamp;
}

/** Stripe events already processed, by id. */
export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: Timestamp;
}

/** The newest forecast of one rounded location, shared by every app server (migration 0017). */
export interface WeatherForecastsTable {
  /** "52.52,13.41": the location rounded to 0.01°. */
  locationKey: string;
  lat: number;
  lng: number;
  /** weatherCacheKey: the location and the UTC hour the forecast was fetched in. */
  cacheKey: string | null;
  /** Open-Meteo's answer as parsed by forecastResponseSchema. */
  forecast: Json<unknown> | null;
  fetchedAt: Timestamp | null;
  sourceUrl: string | null;
  /** A server fetching it now; others wait for its answer until then. */
  claimedUntil: Timestamp | null;
}

/** The profile location text as geocoded; lat/lng null when the geocoder knew no such place. */
export interface WeatherPlacesTable {
  userId: string;
  query: string;
  name: string | null;
  lat: number | null;
  lng: number | null;
  geocodedAt: Timestamp;
}
