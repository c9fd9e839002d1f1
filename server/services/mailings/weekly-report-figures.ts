/**
 * The weekly report's figures for one runner and week, read through the repositories the app's own
 * screens use: the dashboard's totals per sport (limited to the week), the plan's ticks, the
 * best-effort progression (a personal best when it was run) and the medals earned.
 */
import { orderSportTotals } from '../../../core/activity/sport-totals.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { BEST_EFFORT_DISTANCES } from '../../../core/running/best-efforts.ts';
import { localDayStartUtc } from '../../../core/training/local-day.ts';
import { planWeekSummary, type ReportWeek, type WeeklyReportFigures } from '../../../core/mailings/weekly-report.ts';
import { sportTotals } from '../../db/activity-totals-repository.ts';
import { bestEffortProgression } from '../../db/best-effort-repository.ts';
import type { Db } from '../../db/db.ts';
import { medalsEarnedBetween } from '../../db/mailing-repository.ts';
import { listPlans } from '../../db/training-plan-repository.ts';

export async function weeklyReportFigures(
  db: Db,
  userId: string,
  week: ReportWeek,
  timeZone: string,
  units: UnitSystem,
): Promise<WeeklyReportFigures> {
  const started = {
    from: new Date(localDayStartUtc(week.weekStart, timeZone)),
    to: new Date(localDayStartUtc(week.nextWeekStart, timeZone)),
  };
  const sports = orderSportTotals(await sportTotals(db, userId, started)).filter((sport) => sport.activities > 0);
  const [activePlan] = await listPlans(db, userId, { status: 'active' });
  const personalBests: WeeklyReportFigures['personalBests'][number][] = [];
  for (const distance of BEST_EFFORT_DISTANCES) {
    // A distance beaten twice in the week is named once, with the week's best.
    const inWeek = (await bestEffortProgression(db, userId, distance.id)).filter((row) => {
      const day = row.startDateLocal.slice(0, 10);
      return day >= week.weekStart && day <= week.weekEnd;
    });
    const best = inWeek.at(-1);
    if (best) {
      personalBests.push({ label: distance.label, seconds: best.seconds, date: best.startDateLocal.slice(0, 10) });
    }
  }
  return {
    week,
    sports,
    plan: activePlan ? planWeekSummary(activePlan.schedule, activePlan.dailyProgress, week, units) : null,
    personalBests,
    medals: await medalsEarnedBetween(db, userId, started.from, started.to),
  };
}
