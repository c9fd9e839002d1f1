/**
 * Table types for Kysely (server/db/schema.ts lists them all): the accounts: better-auth's tables
 * (user, session, account, verification, rateLimit, twoFactor), sign-in throttling, profiles and
 * what hangs off them (photo, privacy zones, page views, mail sent, error reports, data exports).
 */
import type { HeartRateZoneMethod } from '../../../core/running/heart-rate-zones.ts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp, UpdatedAt } from './column-types.ts';

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  disabled: Generated<boolean>;
  twoFactorEnabled: Generated<boolean>;
  /** E.164, unique; signs in by text message once confirmed (migration 0051). */
  phoneNumber: string | null;
  phoneNumberVerified: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** better-auth's twoFactor plugin: one row per account that began enrolling (migration 0033). */
export interface AuthTwoFactorsTable {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  verified: Generated<boolean>;
  failedVerificationCount: Generated<number>;
  lockedUntil: Timestamp | null;
  /** The TOTP time step of the last accepted code (migration 0042). */
  lastTotpStep: ColumnType<string | null, number | null | undefined, number | null>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/** Mail requests counted per counter and window (core/mail-limits.ts). */
export interface AuthMailCountsTable {
  counter: string;
  windowStart: Timestamp;
  count: number;
}

export interface AuthSessionsTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AuthAccountsTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AuthLoginFailuresTable {
  emailHash: string;
  failures: number;
  lastFailureAt: Timestamp;
  lockedUntil: Timestamp | null;
}

export interface AuthRateLimitsTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number, number, number>;
}

export interface ProfilesTable {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  location: Generated<string>;
  bio: Generated<string>;
  photoUrl: Generated<string>;
  totalActivities: Generated<number>;
  totalDistance: Generated<number>;
  totalElevation: Generated<number>;
  totalDuration: Generated<number>;
  athleteProfile: Json<Record<string, unknown>>;
  wellbeingPreferences: Json<Record<string, string>>;
  unitSystem: Generated<'imperial' | 'metric'>;
  theme: Generated<'dark' | 'light' | 'system'>;
  darkMode: Generated<boolean>;
  emailNotifications: Generated<boolean>;
  weeklyReport: Generated<boolean>;
  /** The runner's IANA time zone from Account; null: the browser's. */
  timeZone: string | null;
  /** Which time an activity's time, pace and totals use (core/profile.ts ACTIVITY_TIMES). */
  activityTime: Generated<'device' | 'moving'>;
  /** The maximum heart rate the runner set (bpm); null: the highest recorded applies. */
  maxHeartRate: number | null;
  /** Off: /{username} answers as for a name no runner has (core/profile-privacy.ts). */
  publicProfile: Generated<boolean>;
  showLocation: Generated<boolean>;
  /** Resting heart rate (bpm), lactate-threshold heart rate (bpm), threshold pace (s/km); null: not set. */
  restingHeartRate: number | null;
  lactateThresholdHeartRate: number | null;
  thresholdPaceSecondsPerKm: number | null;
  heartRateZoneMethod: Generated<HeartRateZoneMethod>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ProfilePhotosTable {
  userId: string;
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
  updatedAt: UpdatedAt;
}

/** A place cut out of every map the runner's public profile shows (core/profile-privacy.ts). */
export interface PrivacyZonesTable {
  id: string;
  userId: string;
  label: string;
  lat: number;
  lon: number;
  /** Metres. */
  radius: number;
  createdAt: Timestamp;
  /** Insertion order: the list's order, also for zones added in the same instant. */
  added: Generated<number>;
}

/** Page views per runner and screen (migration 0030). */
export interface PageViewsTable {
  userId: string;
  path: string;
  count: number;
}

/** Mail sent to a runner, once per kind and period (migration 0034). */
export interface MailSentLogTable {
  userId: string;
  /** 'weekly-report', 'medal' or 'strava-connection'. */
  kind: string;
  /** The reported week's Monday, the medal's id, or when the Strava connection ended. */
  period: string;
  claimedUntil: Timestamp;
  sentAt: Timestamp | null;
}

/** Error reports from the web app (migration 0028); `userId` null when nobody was signed in. */
export interface ErrorReportsTable {
  id: string;
  userId: string | null;
  type: string;
  severity: string;
  message: string;
  stack: string | null;
  path: string;
  action: string | null;
  userAgent: string | null;
  occurredAt: Date;
  receivedAt: Generated<Date>;
}

/** A runner's "Download my data" ZIP (migration 0040, core/data-export.ts). */
export interface DataExportsTable {
  id: string;
  userId: string;
  state: 'building' | 'ready' | 'failed';
  requestedAt: Timestamp;
  readyAt: Timestamp | null;
  /** 7 days after readyAt: the download stops and the file is deleted. */
  expiresAt: Timestamp | null;
  sizeBytes: ColumnType<string | number, number | null, number | null> | null;
  /** When its file was deleted (expired); null while it may still exist. */
  fileDeletedAt: Timestamp | null;
}
