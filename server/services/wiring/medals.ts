/** Medals (spec §4) and the runner's activity analytics: streaks, sessions, page views. */
import {
  addPageTime,
  countScreenshot,
  getAnalytics,
  getMostVisitedScreens,
  getRunningDays,
  recalculateStreak,
  recordPageViews,
  recordSession,
} from '../analytics-service.ts';
import type { PageViewPattern } from '../../../core/page-views.ts';
import {
  checkMedals,
  getTrophyCase,
  getUnseenCount,
  markMedalViewed,
  startMedalRederive,
  type MedalRederiveRunner,
} from '../medal-service.ts';
import { inBackgroundUnit } from './context.ts';
import type { Mailings } from './mail.ts';
import type { WiringContext } from '../service-context.ts';

export function wireMedals(ctx: WiringContext, mailings: Mailings) {
  return {
    trophyCase: (userId: string, timeZone?: string) => getTrophyCase(ctx, userId, timeZone),
    unseenCount: (userId: string) => ctx.reads.get(userId, 'medals:unseen', () => getUnseenCount(ctx.db, userId)),
    check: async (userId: string, timeZone?: string) => {
      const checked = await checkMedals(ctx, userId, timeZone);
      if (checked.awarded.length > 0) {
        await mailings.queueMedalMails(userId);
      }
      return checked;
    },
    markViewed: (userId: string, medalId: string) => markMedalViewed(ctx, userId, medalId),
    /** The start-up pass re-deriving medals whose rule changed since they were awarded. */
    startRederive: (): MedalRederiveRunner => inBackgroundUnit(ctx.units, () => startMedalRederive(ctx)),
  };
}

export function wireAnalytics(ctx: WiringContext) {
  return {
    get: (userId: string, timeZone?: string) => getAnalytics(ctx, userId, timeZone),
    recordSession: (userId: string, timeZone?: string) => recordSession(ctx, userId, timeZone),
    addPageTime: (userId: string, input: { page: string; elapsedMs: number }) =>
      addPageTime(ctx, userId, input.page, input.elapsedMs),
    countScreenshot: (userId: string) => countScreenshot(ctx, userId),
    recalculateStreak: (userId: string, timeZone?: string) => recalculateStreak(ctx, userId, timeZone),
    runningDays: (userId: string, timeZone?: string) => getRunningDays(ctx, userId, timeZone),
    recordPageViews: (userId: string, views: readonly PageViewPattern[]) => recordPageViews(ctx, userId, views),
    mostVisitedScreens: (userId: string) => getMostVisitedScreens(ctx, userId),
  };
}
