/**
 * Every migration, in order. To add one: create `NNNN-what-it-does.ts` exporting `up` (and `down`)
 * and list it here; it runs at the next start on both PGlite and PostgreSQL.
 */
import type { Migration } from 'kysely';
import * as accountsAndProfiles from './0001-accounts-and-profiles.ts';
import * as activities from './0002-activities.ts';
import * as medalsAndAnalytics from './0003-medals-and-analytics.ts';
import * as strava from './0004-strava.ts';
import * as stravaDeletedActivities from './0005-strava-deleted-activities.ts';
import * as stravaDetail from './0006-strava-detail.ts';
import * as activityFlags from './0007-activity-flags.ts';
import * as loginThrottle from './0008-login-throttle.ts';
import * as uploadUsage from './0009-upload-usage.ts';
import * as profilePhotos from './0010-profile-photos.ts';
import * as activityTiming from './0011-activity-timing.ts';
import * as multisportLegs from './0012-multisport-legs.ts';
import * as activityDerivationVersion from './0013-activity-derivation-version.ts';
import * as stravaStepsAndSports from './0014-strava-steps-and-sports.ts';
import * as bestEfforts from './0015-best-efforts.ts';
import * as heartRateZones from './0016-heart-rate-zones.ts';
import * as weather from './0017-weather.ts';
import * as savedRoutes from './0018-saved-routes.ts';
import * as goalsAndPlans from './0019-goals-and-plans.ts';
import * as wellbeing from './0020-wellbeing.ts';
import * as stravaEffortsMovingTime from './0021-strava-efforts-moving-time.ts';
import * as activityFileWarnings from './0022-activity-file-warnings.ts';
import * as stravaEffortsBackfill from './0023-strava-efforts-backfill.ts';
import * as activityEdits from './0024-activity-edits.ts';
import * as sessionCacheInvalidation from './0025-session-cache-invalidation.ts';
import * as stripeSubscriptions from './0027-stripe-subscriptions.ts';
import * as errorReports from './0028-error-reports.ts';
import * as loadAggregates from './0029-load-aggregates.ts';
import * as pageViews from './0030-page-views.ts';
import * as twoFactor from './0033-two-factor.ts';
import * as mailSentLog from './0034-mail-sent-log.ts';
import * as profilePrivacy from './0035-profile-privacy.ts';
import * as profileTimeZone from './0036-profile-time-zone.ts';
import * as heartRateSettings from './0037-heart-rate-settings.ts';
import * as gear from './0038-gear.ts';
import * as archiveImports from './0039-archive-imports.ts';
import * as dataExports from './0040-data-exports.ts';
import * as publicProfileOffByDefault from './0041-public-profile-off-by-default.ts';
import * as authMailLimits from './0042-auth-mail-limits.ts';
import * as subscriptionPlanAndEnd from './0043-subscription-plan-and-end.ts';
import * as deviceTimer from './0044-device-timer.ts';
import * as medalRulesVersion from './0045-medal-rules-version.ts';
import * as activityGivenStart from './0046-activity-given-start.ts';
import * as untimedOutOfStatistics from './0047-untimed-out-of-statistics.ts';
import * as activityCorrections from './0048-activity-corrections.ts';
import * as theme from './0049-theme.ts';
import * as deletedActivities from './0050-deleted-activities.ts';
import * as phoneNumbers from './0051-phone-numbers.ts';
import * as planVersions from './0052-plan-versions.ts';
import * as planVersionPaces from './0053-plan-version-paces.ts';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001-accounts-and-profiles': accountsAndProfiles,
  '0002-activities': activities,
  '0003-medals-and-analytics': medalsAndAnalytics,
  '0004-strava': strava,
  '0005-strava-deleted-activities': stravaDeletedActivities,
  '0006-strava-detail': stravaDetail,
  '0007-activity-flags': activityFlags,
  '0008-login-throttle': loginThrottle,
  '0009-upload-usage': uploadUsage,
  '0010-profile-photos': profilePhotos,
  '0011-activity-timing': activityTiming,
  '0012-multisport-legs': multisportLegs,
  '0013-activity-derivation-version': activityDerivationVersion,
  '0014-strava-steps-and-sports': stravaStepsAndSports,
  '0015-best-efforts': bestEfforts,
  '0016-heart-rate-zones': heartRateZones,
  '0017-weather': weather,
  '0018-saved-routes': savedRoutes,
  '0019-goals-and-plans': goalsAndPlans,
  '0020-wellbeing': wellbeing,
  '0021-strava-efforts-moving-time': stravaEffortsMovingTime,
  '0022-activity-file-warnings': activityFileWarnings,
  '0023-strava-efforts-backfill': stravaEffortsBackfill,
  '0024-activity-edits': activityEdits,
  '0025-session-cache-invalidation': sessionCacheInvalidation,
  '0027-stripe-subscriptions': stripeSubscriptions,
  '0028-error-reports': errorReports,
  '0029-load-aggregates': loadAggregates,
  '0030-page-views': pageViews,
  '0033-two-factor': twoFactor,
  '0034-mail-sent-log': mailSentLog,
  '0035-profile-privacy': profilePrivacy,
  '0036-profile-time-zone': profileTimeZone,
  '0037-heart-rate-settings': heartRateSettings,
  '0038-gear': gear,
  '0039-archive-imports': archiveImports,
  '0040-data-exports': dataExports,
  '0041-public-profile-off-by-default': publicProfileOffByDefault,
  '0042-auth-mail-limits': authMailLimits,
  '0043-subscription-plan-and-end': subscriptionPlanAndEnd,
  '0044-device-timer': deviceTimer,
  '0045-medal-rules-version': medalRulesVersion,
  '0046-activity-given-start': activityGivenStart,
  '0047-untimed-out-of-statistics': untimedOutOfStatistics,
  '0048-activity-corrections': activityCorrections,
  '0049-theme': theme,
  '0050-deleted-activities': deletedActivities,
  '0051-phone-numbers': phoneNumbers,
  '0052-plan-versions': planVersions,
  '0053-plan-version-paces': planVersionPaces,
};

export const LATEST_MIGRATION = Object.keys(migrations).at(-1) ?? 'none';
