/**
 * Table types for Kysely. Columns are snake_case in PostgreSQL and camelCase here (CamelCasePlugin).
 * The auth_* tables follow better-auth's model (user, session, account, verification, rateLimit).
 */
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import type { ActivityOverrides, FileFigures } from '../../core/activity/activity-corrections.ts';
import type { HeartRateZoneMethod } from '../../core/running/heart-rate-zones.ts';
import type { ActivitySource } from '../../core/activity/schemas.ts';
import type { GearKind } from '../../core/gear.ts';
import type { SyncKind, SyncState } from '../../core/strava/api.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  disabled: Generated<boolean>;
  twoFactorEnabled: Generated<boolean>;
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

export interface ActivitiesTable {
  id: string;
  userId: string;
  name: string;
  type: UploadActivityType;
  source: ActivitySource;
  startDate: Timestamp;
  startDateLocal: string;
  timezone: string;
  distance: number;
  /** Stride's own stop detection (spec §5). */
  movingTime: number;
  /** The device's own timer (FIT total_timer_time, TCX laps' TotalTimeSeconds), null without one. */
  timerTime: number | null;
  elapsedTime: number;
  elevationGain: number;
  /** False for a track without timing data: no time, pace or splits, in no total (core/activity/untimed.ts). */
  hasTiming: Generated<boolean>;
  averageSpeed: number;
  maxSpeed: number;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  averageCadence: number | null;
  calories: number | null;
  startLat: number | null;
  startLng: number | null;
  endLat: number | null;
  endLng: number | null;
  description: Generated<string>;
  deviceName: string | null;
  sportLabel: string | null;
  laps: Json<unknown[]>;
  splitsMetric: Json<unknown[]>;
  splitsStandard: Json<unknown[]>;
  /** What could not be read of the uploaded file (core/activity/parsed.ts warnings). */
  fileWarnings: ColumnType<string[], string | undefined, string>;
  originalFilename: string | null;
  fileSize: number | null;
  fileType: string | null;
  fileSha256: string | null;
  /** The legs of one multisport file share this id (migration 0012); null otherwise. */
  multisportId: string | null;
  /** 0, 1, 2… in time order among the legs of a multisport file; null otherwise. */
  legIndex: number | null;
  uploadedAt: Timestamp | null;
  /** The start given for a file without times (its archive's activities.csv row, or the runner's). */
  givenStart: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  stravaId: string | null;
  duplicateOf: string | null;
  strava: Json<Record<string, unknown>> | null;
  /** Detail-only Strava fields, kept apart from `strava` (which a sync compares). */
  stravaDetail: Json<Record<string, unknown>> | null;
  syncedAt: Timestamp | null;
  detailCachedAt: Timestamp | null;
  streamsCachedAt: Timestamp | null;
  /** Physically implausible (core/activity/plausibility.ts): left out of totals until confirmed. */
  flagged: Generated<boolean>;
  /** The sentence saying why, shown to the runner. */
  flagReason: string | null;
  /** When the runner confirmed a flagged activity; from then on it counts. */
  flagConfirmedAt: Timestamp | null;
  /** The derivation rules the figures come from (core/activity/derivation.ts); 0 before versions. */
  derivationVersion: Generated<number>;
  /**
   * When the figures read from the track (best efforts, heart-rate histogram) were worked out, even
   * if there are none; null: still to do.
   */
  trackFiguresAt: Timestamp | null;
  /** Seconds at ≤ b bpm at index b (core/running/heart-rate-zones.ts); null without heart rate. */
  heartRateSecondsAtMost: number[] | null;
  /** When the run was offered to the runner's plans to tick a task; null: still to offer. */
  planMatchedAt: Timestamp | null;
  /** Strava answered for good without a usable detail: the best-efforts back-fill does not ask again. */
  stravaDetailRefusedAt: Timestamp | null;
  /** An app server's best-efforts back-fill is fetching this run's detail until then. */
  effortsClaimedUntil: Timestamp | null;
  /** The runner's own notes (core/activity/activity-edit.ts): never shown publicly. */
  privateNotes: Generated<string>;
  /** The runner's word on counting: true counts even when flagged, false never; null: the flag decides. */
  countedOverride: boolean | null;
  /** The runner chose the type: re-deriving the file keeps it. */
  typeEdited: Generated<boolean>;
  /** The gear it was done with (core/gear.ts); null: none. */
  gearId: string | null;
  /** The runner (or Strava) chose the gear: a re-type keeps it. */
  gearChosen: Generated<boolean>;
  /** Still to be given its sport's default gear (the "gear defaults" reaction). */
  gearPending: Generated<boolean>;
  /** The runner's corrections of the file's figures (core/activity/activity-corrections.ts); null: none. */
  overrides: Json<ActivityOverrides> | null;
  /** What the file gave for the corrected fields, while the activity is corrected; null otherwise. */
  fileFigures: Json<FileFigures> | null;
}

export interface ActivityTracksTable {
  activityId: string;
  pointCount: number;
  data: Uint8Array;
}

export interface ActivityFilesTable {
  activityId: string;
  contentEncoding: 'gzip';
  data: Uint8Array;
}

export interface ProfilePhotosTable {
  userId: string;
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
  updatedAt: UpdatedAt;
}

export interface UserMedalsTable {
  id: string;
  userId: string;
  medalId: string;
  title: string;
  description: string;
  icon: string;
  type: string;
  earnedAt: Timestamp;
  isNew: Generated<boolean>;
  viewedAt: Timestamp | null;
  value: string | null;
  activityId: string | null;
  /** The medal rules' version it was awarded or last re-derived under (MEDAL_RULES_VERSION). */
  rulesVersion: Generated<number>;
}

export interface MedalAwardsTable {
  id: string;
  userId: string;
  medalType: string;
  earnedAt: Timestamp;
}

export interface UserAnalyticsTable {
  userId: string;
  createdAt: CreatedAt;
  lastActive: UpdatedAt;
  streakCurrent: number;
  streakLongest: number;
  streakLastActiveDate: string | null;
  minutesSpentPlanning: Generated<number>;
  medalsEarned: Generated<number>;
  totalMedals: number;
  screenshotsTaken: Generated<number>;
  totalSessions: Generated<number>;
  lastUpdated: UpdatedAt;
}

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

export interface UploadUsageTable {
  id: string;
  userId: string;
  receivedAt: CreatedAt;
  files: number;
  /** bigint: read back through a cast to a number. */
  bytes: ColumnType<string, number, never>;
}

/** The fastest stretch of a standard distance in one run (core/running/best-efforts.ts). */
export interface BestEffortsTable {
  activityId: string;
  userId: string;
  /** BEST_EFFORT_DISTANCES id: '400m', '1k', '1mi', '5k', '10k', 'half', 'marathon'. */
  distanceId: string;
  seconds: number;
  /** 'track' (worked out by Stride) or 'strava' (Strava's best_efforts). */
  source: string;
}

export interface GoalsTable {
  id: string;
  userId: string;
  order: number;
  status: Generated<string>;
  progress: Generated<number>;
  kind: string;
  /** The kind's fields (core/training/goals.ts GoalDefinition), kind included. */
  definition: Json<Record<string, unknown>>;
  /** The runner's zone when the goal was set: its days are that zone's days. */
  timeZone: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A re-plan of a training plan (migration 0050): proposed, then accepted or kept. */
export interface TrainingPlanVersionsTable {
  id: string;
  seq: Generated<number>;
  planId: string;
  userId: string;
  status: 'proposed' | 'accepted' | 'kept' | 'superseded' | 'unchanged';
  kind: string;
  reason: string;
  changes: Json<unknown[]>;
  /** The schedule proposed (core TrainingPlanSchedule). */
  schedule: Json<Record<string, unknown>>;
  /** The schedule an accepted re-plan replaced. */
  replacedSchedule: Json<Record<string, unknown>> | null;
  /** The plan's local day it was made on. */
  madeOn: string;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

export interface TrainingPlansTable {
  id: string;
  userId: string;
  goalId: string;
  status: Generated<string>;
  /** The plan request (level, runs a week, long-run day) it was generated from. */
  request: Json<Record<string, unknown>>;
  /** core/training/plan-generation.ts TrainingPlanSchedule. */
  schedule: Json<Record<string, unknown>>;
  /** Spec §3 dailyProgress: "YYYY-MM-DD" → { completedTasks, lastUpdated }. */
  dailyProgress: Json<Record<string, unknown>>;
  timeZone: string;
  /** The secret part of the plan's private calendar feed URL. */
  calendarToken: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
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

/** The archived hour nearest an activity's start. */
export interface ActivityWeatherTable {
  activityId: string;
  userId: string;
  hour: Timestamp;
  temperature: number;
  precipitation: number | null;
  windSpeed: number | null;
  weatherCode: number | null;
  sourceUrl: string;
  fetchedAt: Timestamp;
}

/** A planner route a runner saved (migration 0018): waypoints and drawn line as JSON arrays of {lat, lng}. */
export interface SavedRoutesTable {
  id: string;
  userId: string;
  name: string;
  waypoints: Json<{ lat: number; lng: number }[]>;
  line: Json<{ lat: number; lng: number }[]>;
  /** Metres along the line. */
  distance: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A runner's shoes, bike or other gear (migration 0038, core/gear.ts); distances in metres. */
export interface GearTable {
  id: string;
  userId: string;
  kind: GearKind;
  name: string;
  brand: Generated<string>;
  model: Generated<string>;
  /** YYYY-MM-DD; null when not given. */
  startDate: string | null;
  startingDistance: Generated<number>;
  retirementDistance: number | null;
  retired: Generated<boolean>;
  /** Strava's id of the gear, when it came from the athlete's Strava shoes or bikes. */
  stravaGearId: string | null;
  createdAt: Timestamp;
  /** Insertion order: the list's order. */
  added: Generated<number>;
}

/** The gear a new activity of a sport gets (one per runner and sport). */
export interface GearDefaultsTable {
  userId: string;
  activityType: UploadActivityType;
  gearId: string;
}

/** Spec §3 "Coaching check-in"; `timestamp` is the instant in milliseconds, `date` the runner's local day. */
export interface CoachingCheckInsTable {
  id: string;
  userId: string;
  wellbeingScore: number;
  date: string;
  timestamp: ColumnType<string | number, number, number>;
  note: string | null;
  createdAt: Timestamp;
  sleepQuality: string;
  energyLevel: string;
  stressLevel: string;
  soreness: string;
  hydration: string;
  nutrition: string;
  moodRating: string;
  injuryFeeling: string;
}

export interface CoachingSettingsTable {
  userId: string;
  remindersEnabled: boolean;
  reminderTime: string;
  focus: string;
  updatedAt: Timestamp;
}

/** Spec §3 "Wellbeing entry": one row per runner and local day. */
export interface WellbeingEntriesTable {
  userId: string;
  date: string;
  exercises: ColumnType<string[], string[] | undefined, string[]>;
  updatedAt: Timestamp;
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

/** A charted, timed activity's training load on its local day (migration 0029, load-aggregates.ts). */
export interface ActivityLoadsTable {
  activityId: string;
  userId: string;
  /** The activity's own local day, "YYYY-MM-DD". */
  day: string;
  type: UploadActivityType;
  load: number;
}

/** A runner's charted history in brief, and the maximum heart rate their stored loads used (migration 0029). */
export interface LoadExtentsTable {
  userId: string;
  firstDay: string | null;
  maxHeartrate: number | null;
  loadMaxHeartRate: number;
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

export interface Database {
  authUsers: AuthUsersTable;
  authSessions: AuthSessionsTable;
  authAccounts: AuthAccountsTable;
  authVerifications: AuthVerificationsTable;
  authRateLimits: AuthRateLimitsTable;
  authLoginFailures: AuthLoginFailuresTable;
  authTwoFactors: AuthTwoFactorsTable;
  authMailCounts: AuthMailCountsTable;
  profiles: ProfilesTable;
  activities: ActivitiesTable;
  activityTracks: ActivityTracksTable;
  activityFiles: ActivityFilesTable;
  userMedals: UserMedalsTable;
  medalAwards: MedalAwardsTable;
  userAnalytics: UserAnalyticsTable;
  stravaIntegrations: StravaIntegrationsTable;
  stravaUserApps: StravaUserAppsTable;
  stravaOauthStates: StravaOauthStatesTable;
  stravaSyncJobs: StravaSyncJobsTable;
  stravaPushSubscriptions: StravaPushSubscriptionsTable;
  stravaDeletedActivities: StravaDeletedActivitiesTable;
  uploadUsage: UploadUsageTable;
  profilePhotos: ProfilePhotosTable;
  bestEfforts: BestEffortsTable;
  goals: GoalsTable;
  trainingPlans: TrainingPlansTable;
  trainingPlanVersions: TrainingPlanVersionsTable;
  weatherForecasts: WeatherForecastsTable;
  weatherPlaces: WeatherPlacesTable;
  activityWeather: ActivityWeatherTable;
  savedRoutes: SavedRoutesTable;
  gear: GearTable;
  gearDefaults: GearDefaultsTable;
  coachingCheckIns: CoachingCheckInsTable;
  coachingSettings: CoachingSettingsTable;
  wellbeingEntries: WellbeingEntriesTable;
  errorReports: ErrorReportsTable;
  activityLoads: ActivityLoadsTable;
  loadExtents: LoadExtentsTable;
  pageViews: PageViewsTable;
  mailSentLog: MailSentLogTable;
  privacyZones: PrivacyZonesTable;
  dataExports: DataExportsTable;
  stripeCustomers: StripeCustomersTable;
  subscriptions: SubscriptionsTable;
  stripeEvents: StripeEventsTable;
  archiveImports: ArchiveImportsTable;
  archiveImportEntries: ArchiveImportEntriesTable;
}

/** An export archive being imported, or imported (migration 0039). */
export interface ArchiveImportsTable {
  id: string;
  userId: string;
  fileName: string;
  filePath: string;
  fileSize: number;
  timeZone: string;
  status: string;
  total: Generated<number>;
  done: Generated<number>;
  imported: Generated<number>;
  duplicates: Generated<number>;
  refused: Generated<number>;
  message: string | null;
  leasedUntil: Date | null;
  createdAt: CreatedAt;
  finishedAt: Date | null;
}

/** One entry of an archive handled: the per-file report and the resume point. */
export interface ArchiveImportEntriesTable {
  importId: string;
  entryKey: string;
  position: number;
  name: string;
  outcome: string;
  message: string | null;
  activityId: string | null;
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

export type UserMedalRow = Selectable<UserMedalsTable>;
export type UserAnalyticsRow = Selectable<UserAnalyticsTable>;

export type ActivityRow = Selectable<ActivitiesTable>;
export type StravaIntegrationRow = Selectable<StravaIntegrationsTable>;
export type StravaSyncJobRow = Selectable<StravaSyncJobsTable>;
export type NewActivityRow = Insertable<ActivitiesTable>;

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfileRow = Insertable<ProfilesTable>;
export type PrivacyZoneRow = Selectable<PrivacyZonesTable>;
export type NewPrivacyZoneRow = Insertable<PrivacyZonesTable>;
export type ProfileRowUpdate = Updateable<ProfilesTable>;
