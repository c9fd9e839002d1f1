/**
 * The composition root of the use cases: everything a service needs (database, events, logger,
 * clock, configuration, the import pool, the job queue) goes in once as one context
 * (wiring/context.ts), and the use cases come out, each method shaped `(userId, input)` (or
 * `(input)` for public ones). Each domain wires itself in its own module under wiring/; this file
 * lists them in the order they need each other. Routes receive these and nothing that reaches SQL.
 *
 * Every use case runs as a unit of work (server/cache/unit-of-work.ts): the cached reads of the
 * tables it wrote are dropped as it ends, here and on every other app server.
 */
import { createErrorReports } from './error-report-service.ts';
import { totalsReaction } from './activity-service.ts';
import { trackFiguresReaction } from './best-efforts-service.ts';
import { gearDefaultsReaction } from './gear-service.ts';
import { loadAggregatesReaction } from './load-aggregates.ts';
import { medalsReaction } from './medal-service.ts';
import { planTicksReaction } from './plan-ticking.ts';
import {
  livePublishReaction,
  readCacheReaction,
  type ActivityReaction,
  type ServiceContext,
} from './service-context.ts';
import { wireAccounts, wireAuth } from './wiring/accounts.ts';
import { wireActivities, wireArchives, wireImports } from './wiring/activities.ts';
import { createWiringContext, useCases, type ServiceDeps } from './wiring/context.ts';
import { wireGear } from './wiring/gear.ts';
import { wireDataExports, wireMail, wireMailings } from './wiring/mail.ts';
import { wireAnalytics, wireMedals } from './wiring/medals.ts';
import { wirePrivacy, wireProfiles } from './wiring/profiles.ts';
import { wireRoutes } from './wiring/routes.ts';
import { wireStrava } from './wiring/strava.ts';
import { wireSubscriptions } from './wiring/subscriptions.ts';
import { wireCharts, wireTraining } from './wiring/training.ts';
import { wireWeather, wireWellbeing } from './wiring/wellbeing.ts';

export type { ServiceDeps } from './wiring/context.ts';
export type { ImportInput } from './wiring/activities.ts';

/**
 * What follows a change of a runner's activities, in this order (service-context.ts): the profile's
 * statistics and the stored training loads (a failure of either fails the change), the new
 * activities' track figures (best efforts, heart-rate zones), plan ticks, the medals (spec §4: after
 * every import), the default gear of new and re-typed activities (core/gear.ts), then the cached
 * reads of what the change wrote are dropped (after every write above), and last the open pages hear
 * of it: what they read again is never an answer kept from before the change. Each further reaction
 * is one line here.
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

export function createServices(deps: ServiceDeps) {
  const ctx = createWiringContext(deps);
  const { units, reads } = ctx;
  const mailings = wireMailings(ctx);
  registerActivityReactions(ctx, { medalMails: mailings.medalMailsReaction });
  const dataExports = useCases(units, wireDataExports(ctx));
  const subscriptions = useCases(units, wireSubscriptions(ctx));
  const profiles = useCases(units, wireProfiles(ctx));
  const strava = useCases(units, wireStrava(ctx, mailings));
  const auth = wireAuth(ctx, profiles);
  return {
    /** The "activities changed" seam: its reactions, in order (tests register one more to watch it). */
    activityChanges: ctx.changes,
    /** The per-runner read cache: a test that writes rows behind the use cases drops the runner's answers. */
    readCache: {
      invalidateUser: (userId: string) => reads.invalidateUser(userId),
      /** What it holds now (answers, users, estimated bytes): the load bench reports it. */
      stats: () => reads.stats(),
      /** Every unit of work begun so far has ended and dropped what it wrote. */
      settled: () => units.settled(),
    },
    auth,
    profiles,
    privacy: useCases(units, wirePrivacy(ctx)),
    gear: useCases(units, wireGear(ctx)),
    activities: useCases(units, wireActivities(ctx, strava)),
    imports: useCases(units, wireImports(ctx)),
    archives: useCases(units, wireArchives(ctx)),
    medals: useCases(units, wireMedals(ctx, mailings)),
    analytics: useCases(units, wireAnalytics(ctx)),
    charts: useCases(units, wireCharts(ctx)),
    training: useCases(units, wireTraining(ctx, subscriptions)),
    wellbeing: useCases(units, wireWellbeing(ctx, subscriptions)),
    routes: useCases(units, wireRoutes(ctx)),
    accounts: useCases(units, wireAccounts(ctx, auth, { strava, subscriptions, dataExports })),
    strava,
    weather: useCases(units, wireWeather(ctx)),
    subscriptions,
    errorReports: useCases(units, createErrorReports(ctx, { maxStored: ctx.config.errorReportsMaxStored })),
    /** Account → "Download my data"; start() and stop() run the hourly sweep of expired files. */
    dataExports,
    mailer: ctx.mailer,
    mail: useCases(units, wireMail(ctx, mailings)),
  };
}

export type Services = ReturnType<typeof createServices>;
