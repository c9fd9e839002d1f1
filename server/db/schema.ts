/**
 * Table types for Kysely. Columns are snake_case in PostgreSQL and camelCase here (CamelCasePlugin).
 * The tables are typed by group in schema/ (accounts, activities, training, outside services);
 * this module lists them as the Database and names the row types used across repositories.
 * The auth_* tables follow better-auth's model (user, session, account, verification, rateLimit).
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AuthUsersTable,
  AuthTwoFactorsTable,
  AuthMailCountsTable,
  AuthSessionsTable,
  AuthAccountsTable,
  AuthVerificationsTable,
  AuthLoginFailuresTable,
  AuthRateLimitsTable,
  ProfilesTable,
  ProfilePhotosTable,
  PrivacyZonesTable,
  PageViewsTable,
  MailSentLogTable,
  ErrorReportsTable,
  DataExportsTable,
} from './schema/account-tables.ts';
import type {
  ActivitiesTable,
  DeletedActivitiesTable,
  ActivityTracksTable,
  ActivityFilesTable,
  BestEffortsTable,
  ActivityLoadsTable,
  LoadExtentsTable,
  UserMedalsTable,
  MedalAwardsTable,
  UserAnalyticsTable,
  UploadUsageTable,
  ActivityWeatherTable,
  ArchiveImportsTable,
  ArchiveImportEntriesTable,
} from './schema/activity-tables.ts';
import type {
  GoalsTable,
  TrainingPlansTable,
  TrainingPlanVersionsTable,
  SavedRoutesTable,
  GearTable,
  GearDefaultsTable,
  CoachingCheckInsTable,
  CoachingSettingsTable,
  WellbeingEntriesTable,
} from './schema/training-tables.ts';
import type {
  StravaIntegrationsTable,
  StravaUserAppsTable,
  StravaOauthStatesTable,
  StravaSyncJobsTable,
  StravaPushSubscriptionsTable,
  StravaDeletedActivitiesTable,
  StripeCustomersTable,
  SubscriptionsTable,
  StripeEventsTable,
  WeatherForecastsTable,
  WeatherPlacesTable,
} from './schema/service-tables.ts';

export type * from './schema/account-tables.ts';
export type * from './schema/activity-tables.ts';
export type * from './schema/training-tables.ts';
export type * from './schema/service-tables.ts';

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
  deletedActivities: DeletedActivitiesTable;
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
