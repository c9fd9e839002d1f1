/**
 * The composition root of the use cases: everything a service needs (database, events, logger,
 * clock, configuration, the import pool, Strava's options) goes in once, and the use cases come
 * out, each method shaped `(userId, input)` (or `(input)` for public ones). Routes receive these
 * and nothing that reaches SQL; a service that needs another gets it here, never from a route.
 * The module functions in this folder are the implementations; this file only binds them.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { PasswordChange } from '../../core/account-security.ts';
import type { PageViewPattern } from '../../core/page-views.ts';
import type { ActivityEdit, ManualActivityInput } from '../../core/activity/activity-edit.ts';
import type { ActivityBulkAction } from '../../core/activity/activity-bulk.ts';
import type { ActivityListQuery, UploadEvent } from '../../core/activity/schemas.ts';
import type { ChartQuery } from '../../core/charts/chart-api.ts';
import type { HeartRateSettingsUpdate } from '../../core/running/heart-rate-api.ts';
import type { GoalCreate, GoalUpdate } from '../../core/training/goals.ts';
import type { PlanRequest } from '../../core/training/plan-generation.ts';
import type { PlanStatus, TaskToggle } from '../../core/training/plan-progress.ts';
import type { ProfileUpdate } from '../../core/profile.ts';
import type { PrivacyZoneInput, ProfilePrivacyUpdate } from '../../core/profile-privacy.ts';
import type { LatLng } from '../../core/routes/geometry.ts';
import type { RouteSave } from '../../core/routes/route-api.ts';
import type { CheckInInput, CoachingSettings, WellbeingPreferencesUpdate } from '../../core/wellbeing/check-in.ts';
import type { ExerciseDone } from '../../core/wellbeing/wellbeing-api.ts';
import { createAuth, SESSION_LIFETIME_S, SESSION_UPDATE_AGE_S, type Auth } from '../auth/auth.ts';
import type { PasswordHashing } from '../auth/password-hashing.ts';
import { createLocalInvalidationBus, type InvalidationBus } from '../cache/invalidation-bus.ts';
import { createReadCache } from '../cache/read-cache.ts';
import { createSessionCache } from '../cache/session-cache.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { REAL_CLOCK, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { EventHub } from '../events/event-hub.ts';
import { createMailer } from '../mail/mailer.ts';
import { createErrorReports } from './error-report-service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createWeatherClient } from '../integrations/weather/open-meteo-client.ts';
import { createStripeGateway } from '../integrations/stripe/stripe-gateway.ts';
import {
  createRouteServicesClient,
  type ElevationClient,
} from '../integrations/route-services/route-services-client.ts';
import type { SubscriptionFeature, SubscriptionPlan } from '../../core/subscription.ts';
import type { SpooledFile } from '../spooled-file.ts';
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  isNewAccount,
  setAccountDisabled,
} from './account-service.ts';
import { startActivityRederive, type ActivityRederiveRunner } from './activity-rederive.ts';
import { importFiles, type ImportOutcome } from './activity-import.ts';
import { createArchiveImports } from './archive-import.ts';
import {
  addSampleActivities,
  confirmActivity,
  changeActivities,
  deleteActivity,
  exportGpx,
  getActivity,
  getDisplayTrack,
  getShareTrack,
  getOriginalFile,
  getSportTotals,
  listActivities,
  removeSampleActivities,
  editActivity,
  revertActivity,
  addManualActivity,
  totalsReaction,
} from './activity-service.ts';
import {
  addPageTime,
  countScreenshot,
  getAnalytics,
  getMostVisitedScreens,
  getRunningDays,
  recalculateStreak,
  recordPageViews,
  recordSession,
} from './analytics-service.ts';
import {
  getActivityBestEfforts,
  getPersonalBests,
  startTrackFiguresBackfill,
  trackFiguresReaction,
} from './best-efforts-service.ts';
import { getCharts } from './charts-service.ts';
import { createGoal, deleteGoal, listGoals, reorderGoalList } from './goal-service.ts';
import { getHeartRateSettings, updateHeartRateSettings } from './heart-rate-service.ts';
import { calendarFeed } from './plan-calendar.ts';
import { loadAggregatesReaction } from './load-aggregates.ts';
import {
  addGear,
  changeGear,
  gearDefaultsReaction,
  importStravaGear,
  listRunnerGear,
  removeGear,
  setDefaultGear,
} from './gear-service.ts';
import type { GearDefault, GearInput, GearUpdate } from '../../core/gear.ts';
import { planTicksReaction } from './plan-ticking.ts';
import { answerReplan, createWeeklyReplan, replanPlan } from './plan-replanning.ts';
import {
  createPlan,
  updateGoalAndPlans,
  deletePlan,
  getDailyProgress,
  getPlan,
  listPlans,
  planDefaults,
  setTask,
  todayTasks,
  updatePlan,
} from './training-plan-service.ts';
import type { ImportPool } from './import-pool.ts';
import { createLoginThrottle } from './login-throttle-service.ts';
import { endAccountSession, listAccountSessions, signInMethods } from './account-sessions-service.ts';
import { createMailings } from './mailings/mailings.ts';
import { createDataExports } from './data-export-service.ts';
import {
  checkMedals,
  getTrophyCase,
  getUnseenCount,
  markMedalViewed,
  medalsReaction,
  startMedalRederive,
  type MedalRederiveRunner,
} from './medal-service.ts';
import { readProfilePhoto, removeProfilePhoto, setProfilePhoto } from './profile-photo-service.ts';
import { ensureProfile, getProfile, updateOwnProfile, type ProfileOwner } from './profile-service.ts';
import {
  addPrivacyZone,
  getPrivacyZones,
  getProfilePrivacy,
  getPublicProfile,
  removePrivacyZone,
  updateProfilePrivacy,
} from './public-profile-service.ts';
import {
  deleteRoute,
  exportRouteGpx,
  getRoute,
  importRouteGpx,
  listRoutes,
  renameRoute,
  saveRoute,
  updateRoute,
} from './saved-route-service.ts';
import {
  createServiceContext,
  livePublishReaction,
  type ActivityReaction,
  readCacheReaction,
  type ServiceContext,
} from './service-context.ts';
import { createStrava } from './strava/strava.ts';
import {
  cancelForDeletion,
  getSubscriptionView,
  handleStripeWebhook,
  openPortal,
  requireFeature,
  startCheckout,
  type SubscriptionContext,
} from './subscription-service.ts';
import { createUploadLimits } from './upload-limits.ts';
import {
  createWeatherMemory,
  getActivityWeather,
  getWeather,
  loadWeather,
  type WeatherContext,
} from './weather-service.ts';
import {
  finishExercise,
  getCoachingSettings,
  getLatestCheckIn,
  getReadiness,
  getWellbeingOverview,
  getWellbeingPreferences,
  saveCheckIn,
  updateCoachingSettings,
  updateWellbeingPreferences,
  type InZone,
} from './wellbeing-service.ts';

export interface ServiceDeps {
  db: Db;
  events: EventHub;
  logger: Logger;
  /** Time for every service (medals, analytics, imports, sign-in throttle, samples). */
  clock: Clock;
  /** Only the Strava client's waits (retries, spacing); defaults to `clock`. Tests shorten them. */
  stravaClock?: Clock;
  config: Config;
  /** Worker threads that parse uploaded files and re-derive stored ones. */
  importPool: ImportPool;
  /** The general background job queue (server/jobs/job-queue.ts); services declare their queues on it. */
  jobs: JobQueue;
  /**
   * What the caches must forget, shared by every app server (LISTEN/NOTIFY, server/cache/); without
   * one the caches are invalidated within this process only.
   */
  invalidations?: InvalidationBus;
  /** The time session expiry is judged by: better-auth's, the machine's (tests move it). */
  sessionClock?: Clock;
  /** Test servers only: passwords hashed at a test's scrypt cost instead of better-auth's. */
  passwordHashing?: PasswordHashing;
}

/** What an upload hands to the import, after the body was received and checked. */
export interface ImportInput {
  files: readonly SpooledFile[];
  /** The browser's time zone, for files without one and for the medal check after. */
  timeZone: string;
  /** The start the runner gave a file without any date uploaded alone (epoch ms). */
  givenStart?: number | undefined;
  /** Aborted when the client goes away: queued and running files are dropped. */
  signal: AbortSignal;
  emit(event: UploadEvent): Promise<void>;
}

/**
 * What follows a change of a runner's activities, in this order (service-context.ts): the profile's
 * statistics and the stored training loads (a failure of either fails the change), the new
 * activities' track figures (best efforts, heart-rate zones), plan ticks, the medals (spec §4: after
 * every import), the default gear of new and re-typed activities (core/gear.ts), then the runner's
 * cached reads are dropped (after every write above), and last the open pages hear of it: what they
 * read again is never an answer kept from before the change. Each further reaction is one line here.
 */
export function registerActivityReactions(context: ServiceContext, mail: { medalMails?: ActivityReaction } = {}): void {
  context.changes.register(totalsReaction);
  context.changes.register(loadAggregatesReaction);
  context.changes.register(trackFiguresReaction);
  context.changes.register(planTicksReaction);
  context.changes.register(medalsReaction);
  context.changes.register(gearDefaultsReaction);
  if (mail.medalMails) {
    context.changes.register(mail.medalMails);
  }
  context.changes.register(readCacheReaction);
  context.changes.register(livePublishReaction);
}

/** Every time zone's offset is a multiple of 15 minutes, so any zone's day starts on such a boundary. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** The dashboard's weather shows the hours from the current one and skips an hour once half over. */
const HALF_HOUR_MS = 30 * 60 * 1000;
/** The readiness's check-in reminder starts at a minute the runner chose. */
const MINUTE_MS = 60 * 1000;

export function createServices(deps: ServiceDeps) {
  const { db, events, logger, clock, config, importPool } = deps;
  /** Every message Stride sends goes through it (server/mail/mailer.ts); without SMTP_URL it logs them. */
  const mailer = createMailer(config.mail, logger);
  const bus = deps.invalidations ?? createLocalInvalidationBus();
  /**
   * The per-runner read cache (server/cache/read-cache.ts). Its entries are dropped by the "activities
   * changed" seam (readCacheReaction) and by every use case below wrapped in `writes`: each write that
   * can change a cached read (the list and totals, the profile, unseen medals, today's training,
   * readiness, the weather, the Strava status) drops the runner's entries when it ends, before its answer returns.
   */
  const reads = createReadCache({ bus, now: () => clock.now() });
  const sessionClock = deps.sessionClock ?? REAL_CLOCK;
  const sessions = createSessionCache({
    bus,
    now: () => sessionClock.now(),
    lifetimeMs: SESSION_LIFETIME_S * 1000,
    updateAgeMs: SESSION_UPDATE_AGE_S * 1000,
  });
  const writes =
    <U extends string | null | undefined, A extends unknown[], R>(write: (userId: U, ...args: A) => Promise<R>) =>
    async (userId: U, ...args: A): Promise<R> => {
      try {
        return await write(userId, ...args);
      } finally {
        if (typeof userId === 'string') {
          await reads.invalidateUser(userId);
        }
      }
    };
  /**
   * A read that depends on the time: its key names the time zone and the current span of `spanMs`
   * (the quarter hour for today's tasks, so a new day in any zone is a new key; the minute for the
   * readiness, whose reminder starts at a chosen minute).
   */
  const timeKey = (name: string, timeZone: string | undefined, spanMs: number) =>
    `${name}:${timeZone ?? ''}:${Math.floor(clock.now() / spanMs)}`;
  const context = createServiceContext({ db, events, logger, clock, reads });
  /** The weekly report and the notifications, sent from the job queue (server/services/mailings/). */
  const mailings = createMailings({
    db,
    logger,
    clock,
    mailer,
    jobs: deps.jobs,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });
  registerActivityReactions(context, { medalMails: mailings.medalMailsReaction });
  /** Account → "Download my data": the ZIP built on the job queue (server/services/data-export-service.ts). */
  const dataExports = createDataExports({
    context,
    jobs: deps.jobs,
    mailer,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
  });

  const subscriptionContext: SubscriptionContext = {
    db,
    events,
    logger,
    clock,
    stripe: config.stripe ? { gateway: createStripeGateway(config.stripe), config: config.stripe } : null,
    features: config.subscriptionFeatures,
  };
  /** The paid subscription (docs/subscription.md): Checkout, the Billing Portal, webhooks, the gate. */
  const subscriptions = {
    view: (userId: string) => getSubscriptionView(subscriptionContext, userId),
    checkout: (user: SessionUser, input: { plan: SubscriptionPlan; requestOrigin: string }) =>
      startCheckout(subscriptionContext, user, input),
    portal: (userId: string, input: { requestOrigin: string }) => openPortal(subscriptionContext, userId, input),
    /** Public: Stripe calls it; the signature over the raw body is the key. */
    handleWebhook: (input: { rawBody: string; signature: string }) => handleStripeWebhook(subscriptionContext, input),
    /** 403 with a sentence when the feature needs an active subscription the runner lacks. */
    require: (userId: string, feature: SubscriptionFeature) => requireFeature(subscriptionContext, userId, feature),
  };

  const profiles = {
    get: (userId: string) => reads.get(userId, 'profile', () => getProfile(db, userId)),
    /** The account name follows the profile's, so the cached sessions (which hold it) are dropped too. */
    update: writes(async (userId: string, update: ProfileUpdate) => {
      try {
        return await updateOwnProfile(db, userId, update, new Date(clock.now()), context.changes);
      } finally {
        await sessions.userSessionsChanged(userId);
      }
    }),
    setPhoto: writes((userId: string, bytes: Uint8Array) => setProfilePhoto(db, userId, bytes, new Date(clock.now()))),
    removePhoto: writes((userId: string) => removeProfilePhoto(db, userId, new Date(clock.now()))),
    /** Creates the profile of a new user if missing (better-auth's user hook). */
    ensure: (owner: ProfileOwner) => ensureProfile(db, owner),
    getPublic: (username: string) => getPublicProfile(db, username),
    readPhoto: (userId: string) => readProfilePhoto(db, userId),
  };

  /** Shoes and gear (core/gear.ts): the Gear screen and the default gear per sport. */
  const gear = {
    list: (userId: string) => listRunnerGear(db, userId),
    add: writes((userId: string, input: GearInput) => addGear(context, userId, input)),
    update: writes((userId: string, input: { id: string; update: GearUpdate }) =>
      changeGear(context, userId, input.id, input.update),
    ),
    remove: writes((userId: string, id: string) => removeGear(context, userId, id)),
    setDefault: writes((userId: string, input: GearDefault) => setDefaultGear(context, userId, input)),
  };

  /** Account → Public profile (core/profile-privacy.ts). */
  const privacy = {
    get: (userId: string) => getProfilePrivacy(db, userId),
    update: (userId: string, update: ProfilePrivacyUpdate) =>
      updateProfilePrivacy(db, userId, update, new Date(clock.now())),
    zones: (userId: string) => getPrivacyZones(db, userId),
    addZone: (userId: string, input: PrivacyZoneInput) => addPrivacyZone(db, userId, input, new Date(clock.now())),
    removeZone: (userId: string, id: string) => removePrivacyZone(db, userId, id),
  };

  const auth: Auth = createAuth(db, config, logger, { onUserCreated: profiles.ensure }, sessions, mailer, {
    clock,
    sessionClock,
    jobs: deps.jobs,
    passwordHashing: deps.passwordHashing,
  });

  /**
   * Strava's own events (a connection or a sync that changed, here or in a background sync) tell the
   * runner's pages to read the status again, so they first drop the runner's cached reads.
   */
  const stravaEvents: EventHub = {
    publish: async (userId, event) => {
      await reads.invalidateUser(userId);
      await events.publish(userId, event);
    },
    subscribe: (userId, listener, onEnd) => events.subscribe(userId, listener, onEnd),
    endSubscriptions: () => events.endSubscriptions(),
    close: () => events.close(),
  };
  const stravaService = createStrava({
    db,
    config: config.strava,
    appSecret: config.appSecret,
    events: stravaEvents,
    logger,
    clock: deps.stravaClock ?? clock,
    jobs: deps.jobs,
    changes: context.changes,
    connectionLost: (userId) => mailings.stravaConnectionLost(userId),
    importGear: (userId, gear) => importStravaGear(context, userId, gear),
  });
  /**
   * The status is kept until a Strava event or the runner's own Strava write drops it, or until the
   * token check of a page load would decide otherwise (a token coming within its margin).
   */
  const strava = {
    ...stravaService,
    status: (userId: string) =>
      reads.getLoaded(userId, 'strava-status', async () => {
        const { status, holdsForMs } = await stravaService.timedStatus(userId);
        return { answer: status, keep: holdsForMs > 0 ? { answer: status, until: clock.now() + holdsForMs } : null };
      }),
    exchange: writes(stravaService.exchange),
    disconnect: writes(stravaService.disconnect),
    requestSync: writes(stravaService.requestSync),
    saveOwnApp: writes(stravaService.saveOwnApp),
    removeOwnApp: writes(stravaService.removeOwnApp),
  };

  const activities = {
    list: (userId: string, query: ActivityListQuery) =>
      reads.get(userId, `activities:${JSON.stringify(query)}`, () => listActivities(db, userId, query)),
    /** The dashboard's totals per sport. */
    totals: (userId: string) => reads.get(userId, 'totals', () => getSportTotals(db, userId)),
    get: (userId: string, id: string) => getActivity(db, userId, id, strava.remote),
    displayTrack: (userId: string, id: string) => getDisplayTrack(db, userId, id, strava.remote),
    shareTrack: (userId: string, id: string) => getShareTrack(db, userId, id, strava.remote),
    edit: writes((userId: string, input: { id: string; edit: ActivityEdit }) =>
      editActivity(context, userId, input.id, input.edit),
    ),
    addManual: writes((userId: string, input: ManualActivityInput) => addManualActivity(context, userId, input)),
    delete: writes((userId: string, id: string) => deleteActivity(context, userId, id)),
    changeMany: writes((userId: string, action: ActivityBulkAction) => changeActivities(context, userId, action)),
    confirm: writes((userId: string, input: { id: string; timeZone?: string | undefined }) =>
      confirmActivity(context, userId, input.id, input.timeZone),
    ),
    revert: writes((userId: string, input: { id: string; timeZone?: string | undefined }) =>
      revertActivity(context, userId, input.id, input.timeZone),
    ),
    originalFile: (userId: string, id: string) => getOriginalFile(db, userId, id),
    exportGpx: (userId: string, id: string) => exportGpx(db, userId, id, strava.remote),
    /** Its best efforts and where each places among the runner's own ("2nd fastest 5K"). */
    bestEfforts: (userId: string, id: string) => getActivityBestEfforts(context, userId, id),
    addSamples: writes((userId: string) => addSampleActivities(context, userId)),
    removeSamples: writes((userId: string) => removeSampleActivities(context, userId)),
    /** The start-up pass re-deriving stored uploads (docs/activities.md "Re-deriving stored activities"). */
    startRederive: (): ActivityRederiveRunner =>
      startActivityRederive({ ...context, pool: importPool, spoolDir: path.join(config.dataDir, 'tmp') }),
  };

  const uploadLimits = createUploadLimits(db, config.uploads, clock);
  const imports = {
    /** Before the body is read: the user's in-flight and rate quotas (429); returns the slot's release. */
    admit: (userId: string) => uploadLimits.admit(userId),
    /** After the body: the batch must fit the quotas; then it is counted. */
    accept: (userId: string, batch: { files: number; bytes: number }) =>
      uploadLimits.accept(userId, batch.files, batch.bytes),
    /** Imports the files one by one (spec §4 "Upload processing"), then the activities-changed path. */
    importFiles: writes(async (userId: string, input: ImportInput): Promise<ImportOutcome> => {
      const outcome = await importFiles(
        {
          db,
          userId,
          fallbackTimeZone: input.timeZone,
          logger,
          clock,
          pool: importPool,
          signal: input.signal,
          emit: (event) => input.emit(event),
          givenStart: input.givenStart ?? null,
          // A file uploaded alone without any date is not dated by its upload: its runner is asked.
          askForDate: input.files.length === 1,
        },
        input.files,
      );
      if (outcome.imported > 0) {
        await context.changes.changed({ userId, source: 'upload', added: outcome.added, timeZone: input.timeZone });
      }
      return outcome;
    }),
  };

  /** Importing a whole export archive in the background (archive-import.ts); one at a time per runner. */
  const archiveImports = createArchiveImports({
    context,
    pool: importPool,
    jobs: deps.jobs,
    dataDir: config.dataDir,
    leaseMs: config.archiveLeaseMs,
  });
  const archives = {
    ...archiveImports,
    start: writes(archiveImports.start),
  };

  const medals = {
    trophyCase: (userId: string, timeZone?: string) => getTrophyCase(context, userId, timeZone),
    unseenCount: (userId: string) => reads.get(userId, 'medals:unseen', () => getUnseenCount(db, userId)),
    check: writes(async (userId: string, timeZone?: string) => {
      const checked = await checkMedals(context, userId, timeZone);
      if (checked.awarded.length > 0) {
        await mailings.queueMedalMails(userId);
      }
      return checked;
    }),
    markViewed: writes((userId: string, medalId: string) => markMedalViewed(context, userId, medalId)),
    /** The start-up pass re-deriving medals whose rule changed since they were awarded. */
    startRederive: (): MedalRederiveRunner => startMedalRederive(context),
  };

  const analytics = {
    get: (userId: string, timeZone?: string) => getAnalytics(context, userId, timeZone),
    recordSession: writes((userId: string, timeZone?: string) => recordSession(context, userId, timeZone)),
    addPageTime: (userId: string, input: { page: string; elapsedMs: number }) =>
      addPageTime(context, userId, input.page, input.elapsedMs),
    countScreenshot: writes((userId: string) => countScreenshot(context, userId)),
    recalculateStreak: writes((userId: string, timeZone?: string) => recalculateStreak(context, userId, timeZone)),
    runningDays: (userId: string, timeZone?: string) => getRunningDays(context, userId, timeZone),
    // No cached read holds page views: nothing to invalidate.
    recordPageViews: (userId: string, views: readonly PageViewPattern[]) => recordPageViews(context, userId, views),
    mostVisitedScreens: (userId: string) => getMostVisitedScreens(context, userId),
  };

  const charts = {
    get: (userId: string, query: ChartQuery) => getCharts(context, userId, query),
    personalBests: (userId: string, query: { distance: string }) => getPersonalBests(context, userId, query),
    /** The maximum heart rate the runner set, the highest recorded, and the one zones and load use. */
    heartRate: (userId: string) => getHeartRateSettings(db, userId),
    setHeartRate: writes((userId: string, update: HeartRateSettingsUpdate) =>
      updateHeartRateSettings(db, userId, update),
    ),
    /** The start-up pass working out the track figures (best efforts, heart-rate histogram) still missing. */
    startTrackFiguresBackfill: () => startTrackFiguresBackfill(context),
  };

  const weeklyReplan = createWeeklyReplan({ context, jobs: deps.jobs, clock, logger });
  /** Goals, training plans and their daily progress (docs/training.md "Goals & Training"). */
  const training = {
    goals: (userId: string) => listGoals(context, userId),
    createGoal: writes((userId: string, input: { goal: GoalCreate; timeZone?: string | undefined }) =>
      createGoal(context, userId, input),
    ),
    updateGoal: writes((userId: string, input: { id: string; update: GoalUpdate }) =>
      updateGoalAndPlans(context, userId, input),
    ),
    deleteGoal: writes((userId: string, id: string) => deleteGoal(context, userId, id)),
    reorderGoals: writes((userId: string, goalIds: readonly string[]) => reorderGoalList(context, userId, goalIds)),
    plans: (userId: string, filter: { status?: PlanStatus | undefined; goalId?: string | undefined }) =>
      listPlans(context, userId, filter),
    planDefaults: (userId: string, input: { goalId: string; timeZone?: string | undefined }) =>
      planDefaults(context, userId, input),
    createPlan: writes(async (userId: string, input: { request: PlanRequest; timeZone?: string | undefined }) => {
      await subscriptions.require(userId, 'plan-generation');
      return createPlan(context, userId, input);
    }),
    plan: (userId: string, id: string) => getPlan(context, userId, id),
    updatePlan: writes((userId: string, input: { id: string; status: PlanStatus }) =>
      updatePlan(context, userId, input),
    ),
    deletePlan: writes((userId: string, id: string) => deletePlan(context, userId, id)),
    dailyProgress: (userId: string, id: string) => getDailyProgress(context, userId, id),
    setTask: writes((userId: string, input: { id: string; toggle: TaskToggle }) => setTask(context, userId, input)),
    replan: writes((userId: string, planId: string) => replanPlan(context, userId, planId)),
    answerReplan: writes((userId: string, input: { planId: string; versionId: string; accept: boolean }) =>
      answerReplan(context, userId, input),
    ),
    weeklyReplan,
    today: (userId: string, timeZone?: string) =>
      reads.get(userId, timeKey('training:today', timeZone, QUARTER_HOUR_MS), () =>
        todayTasks(context, userId, timeZone),
      ),
    /** Public: the token is the key. */
    calendarFeed: (token: string) => calendarFeed(context, token),
  };

  const routeServices = createRouteServicesClient(config.planner, logger, clock);
  /** The route planner: public snapping and elevation, and the signed-in runner's saved routes. */
  const routes = {
    snap: (input: { legs: { from: LatLng; to: LatLng }[] }) => routeServices.snap(input.legs),
    elevations: (input: { points: LatLng[]; client: ElevationClient }) =>
      routeServices.elevations(input.points, input.client),
    importGpx: (input: { bytes: Uint8Array; owner: string; signal?: AbortSignal }) =>
      importRouteGpx(importPool, logger, input),
    list: (userId: string) => listRoutes(context, userId),
    get: (userId: string, id: string) => getRoute(context, userId, id),
    save: (userId: string, input: RouteSave) => saveRoute(context, userId, input),
    rename: (userId: string, input: { id: string; name: string }) => renameRoute(context, userId, input.id, input.name),
    update: (userId: string, input: { id: string; route: RouteSave }) =>
      updateRoute(context, userId, input.id, input.route),
    delete: (userId: string, id: string) => deleteRoute(context, userId, id),
    exportGpx: (userId: string, id: string) =>
      exportRouteGpx(context, userId, id, (points) => routeServices.elevations(points, { userId })),
  };

  /** Wellbeing and coaching; a call without a user id throws spec §5's "User ID is required". */
  type UserId = string | null | undefined;
  const wellbeing = {
    saveCheckIn: writes((userId: UserId, input: CheckInInput & InZone) => saveCheckIn(context, userId, input)),
    latestCheckIn: (userId: UserId, input: InZone & { date?: string | undefined }) =>
      getLatestCheckIn(context, userId, input),
    overview: (userId: UserId, input: InZone) => getWellbeingOverview(context, userId, input),
    finishExercise: writes((userId: UserId, input: ExerciseDone & InZone) => finishExercise(context, userId, input)),
    preferences: (userId: UserId) => getWellbeingPreferences(context, userId),
    updatePreferences: writes((userId: UserId, update: WellbeingPreferencesUpdate) =>
      updateWellbeingPreferences(context, userId, update),
    ),
    coachingSettings: (userId: UserId) => getCoachingSettings(context, userId),
    updateCoachingSettings: writes((userId: UserId, update: Partial<CoachingSettings>) =>
      updateCoachingSettings(context, userId, update),
    ),
    readiness: async (userId: UserId, input: InZone) => {
      if (typeof userId !== 'string') {
        return getReadiness(context, userId, input);
      }
      await subscriptions.require(userId, 'readiness-insights');
      return reads.get(userId, timeKey('readiness', input.timeZone, MINUTE_MS), () =>
        getReadiness(context, userId, input),
      );
    },
  };

  const loginThrottle = createLoginThrottle(db, config.appSecret, config.loginThrottle, clock);
  /** Account use cases take the session's user: deletion checks its e-mail, the others its session. */
  const accounts = {
    delete: (user: SessionUser, input: { confirmEmail: string; password: string }) =>
      deleteAccount(db, auth, user, input, {
        revokeStrava: strava.revoke,
        cancelSubscription: (userId) => cancelForDeletion(subscriptionContext, userId),
        removeFiles: (userId) => dataExports.removeRunnerFiles(userId),
        logger,
        reads,
        sessions,
      }),
    changePassword: (user: SessionUser, input: { change: PasswordChange; headers: Headers }) =>
      changePassword(db, auth, user, input.change, input.headers, new Date(clock.now())),
    endOtherSessions: (user: SessionUser) => endOtherSessions(db, sessions, user, new Date(clock.now())),
    /** The operator disables or re-enables an account: its sessions are refused, or let in again, at once. */
    setDisabled: (userId: string, disabled: boolean) =>
      setAccountDisabled(db, sessions, userId, disabled, new Date(clock.now())),
    /** Whether the account is younger than a day (it holds fewer live-event streams). */
    isNewAccount: (userId: string) => isNewAccount(db, userId, clock.now()),
    /** The per-account sign-in throttle around better-auth's e-mail sign-in. */
    claimSignInAttempt: (email: string) => loginThrottle.claimAttempt(email),
    recordSignInSuccess: (key: string) => loginThrottle.recordSuccess(key),
    /** Account's active sessions, signing out one other, and the ways into the account. */
    listSessions: (user: SessionUser) => listAccountSessions(db, user, new Date(clock.now())),
    endSession: (user: SessionUser, sessionId: string) => endAccountSession(db, sessions, user, sessionId),
    signInMethods: (user: SessionUser) => signInMethods(db, user),
  };

  const weatherContext: WeatherContext = {
    db,
    clock,
    logger,
    client: createWeatherClient(config.weather, logger, clock),
    memory: createWeatherMemory(),
  };
  const weather = {
    /** The dashboard's weather: kept per half hour, never past its forecast's freshness (loadWeather). */
    get: (userId: string) =>
      reads.getLoaded(userId, timeKey('weather', undefined, HALF_HOUR_MS), () => loadWeather(weatherContext, userId)),
    /** The debug page: the same path, which fills the shared cache when it holds nothing fresh. */
    prime: (userId: string) => getWeather(weatherContext, userId),
    activity: (userId: string, activityId: string) => getActivityWeather(weatherContext, userId, activityId),
  };

  return {
    /** The "activities changed" seam: its reactions, in order (tests register one more to watch it). */
    activityChanges: context.changes,
    /** The per-runner read cache: a test that writes rows behind the use cases drops the runner's answers. */
    readCache: { invalidateUser: (userId: string) => reads.invalidateUser(userId) },
    auth,
    profiles,
    privacy,
    gear,
    activities,
    imports,
    archives,
    medals,
    analytics,
    charts,
    training,
    wellbeing,
    routes,
    accounts,
    strava,
    weather,
    subscriptions,
    errorReports: createErrorReports(context, { maxStored: config.errorReportsMaxStored }),
    /** Account → "Download my data"; start() and stop() run the hourly sweep of expired files. */
    dataExports: {
      status: (userId: string) => dataExports.status(userId),
      request: (userId: string) => dataExports.request(userId),
      file: (userId: string, id: string) => dataExports.file(userId, id),
      openFile: dataExports.openFile,
      removeExpired: () => dataExports.removeExpired(),
      start: () => dataExports.start(),
      stop: () => dataExports.stop(),
    },
    mailer,
    mail: {
      /** Whether this server sends mail (SMTP is configured): Account says so when not. */
      sendsMail: mailer.sendsMail,
      requestWeeklyReports: () => mailings.requestWeeklyReports(),
      /** The sweep itself: queues the runners whose report is due and not sent; returns how many. */
      queueDueWeeklyReports: () => mailings.queueDueWeeklyReports(),
      /** Every quarter hour, from when the job queue runs until stop(). */
      start: () => mailings.start(),
      stop: () => mailings.stop(),
      unsubscribeTarget: (token: string) => mailings.unsubscribeTarget(token),
      /** Public: the token is the key. The runner's cached profile is dropped. */
      unsubscribe: async (token: string) => {
        const target = await mailings.unsubscribe(token);
        if (target) {
          await reads.invalidateUser(target.userId);
        }
        return target?.preference ?? null;
      },
      unsubscribeUrl: mailings.unsubscribeUrl,
    },
  };
}

export type Services = ReturnType<typeof createServices>;
