/**
 * Done against asked (core/training/session-score.ts): a ticked structured session scored from its
 * day's run (the one whose laps line up with its steps, else the nearest its distance: core
 * runForSession). Computed when read: the laps come with the run's row, and the track is decoded only
 * when they do not line up, so nothing is stored that an edit, an untick or a re-plan would leave
 * stale.
 */
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { decodeTrack } from '../../core/activity/track-codec.ts';
import { localDate } from '../../core/activity/time-zone.ts';
import { localDayRangeUtc } from '../../core/training/local-day.ts';
import { type PlanTask, planDays } from '../../core/training/plan-generation.ts';
import {
  plannedText,
  repText,
  runForSession,
  SCORED_KINDS,
  scoreSession,
  scoreSummary,
} from '../../core/training/session-score.ts';
import type { SessionScoreView } from '../../core/training/training-api.ts';
import type { UnitSystem } from '../../core/unit-system.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../core/unit-system.ts';
import { findActivity } from '../db/activity-repository.ts';
import { findTrackData } from '../db/activity-track-repository.ts';
import { type RunWithLaps, runsWithLaps } from '../db/session-score-repository.ts';
import { findPlan, listPlans, type PlanRow, unitSystemOf } from '../db/training-plan-repository.ts';
import { notFound } from '../errors.ts';
import type { TrainingContext } from './goal-service.ts';

interface TickedSession {
  date: string;
  task: PlanTask;
}

/** The plan's ticked sessions that are scored, by day. */
function tickedSessions(plan: PlanRow): TickedSession[] {
  return planDays(plan.schedule).flatMap((day) => {
    const ticked = new Set(plan.dailyProgress[day.date]?.completedTasks ?? []);
    return day.tasks
      .filter((task) => SCORED_KINDS.has(task.kind) && ticked.has(task.id))
      .map((task) => ({ date: day.date, task }));
  });
}

async function scoreView(
  context: TrainingContext,
  userId: string,
  plan: PlanRow,
  session: TickedSession,
  run: RunWithLaps,
  units: UnitSystem,
): Promise<SessionScoreView | null> {
  const { laps } = run;
  let score = scoreSession(session.task, { laps, track: null });
  if (!score) {
    const data = await findTrackData(context.db, userId, run.id);
    score = data ? scoreSession(session.task, { laps, track: decodeTrack(data) }) : null;
  }
  if (!score) {
    return null;
  }
  return {
    planId: plan.id,
    date: session.date,
    taskId: session.task.id,
    activityId: run.id,
    source: score.source,
    planned: plannedText(score, units),
    summary: scoreSummary(score, units),
    reps: score.reps.map((rep) => ({ ...rep, text: repText(score, rep, units) })),
  };
}

/** The runs of each of the plan's days, in its zone. */
async function runsByDay(context: TrainingContext, userId: string, plan: PlanRow, dates: readonly string[]) {
  const byDay = new Map<string, RunWithLaps[]>();
  if (dates.length === 0) {
    return byDay;
  }
  const from = localDayRangeUtc(dates[0]!, plan.timeZone).startMs;
  const to = localDayRangeUtc(dates.at(-1)!, plan.timeZone).endMs;
  for (const run of await runsWithLaps(context.db, userId, from, to)) {
    const date = localDate(run.startDate, plan.timeZone);
    byDay.set(date, [...(byDay.get(date) ?? []), run]);
  }
  return byDay;
}

const unitsOf = async (context: TrainingContext, userId: string) =>
  (await unitSystemOf(context.db, userId)) ?? DEFAULT_UNIT_SYSTEM;

/** The scores of the plan's ticked structured sessions, in plan order. */
export async function planSessionScores(
  context: TrainingContext,
  userId: string,
  planId: string,
): Promise<SessionScoreView[]> {
  const plan = await findPlan(context.db, userId, planId);
  if (!plan) {
    throw notFound(NOT_FOUND_MESSAGES.plan);
  }
  const sessions = tickedSessions(plan);
  const [byDay, units] = await Promise.all([
    runsByDay(
      context,
      userId,
      plan,
      sessions.map((session) => session.date),
    ),
    unitsOf(context, userId),
  ]);
  const scores: SessionScoreView[] = [];
  for (const session of sessions) {
    const run = runForSession(session.task, byDay.get(session.date) ?? []);
    const view = run && (await scoreView(context, userId, plan, session, run, units));
    if (view) {
      scores.push(view);
    }
  }
  return scores;
}

/** The score of the session the activity was run for, in the first plan that has one; null for none. */
export async function activitySessionScore(
  context: TrainingContext,
  userId: string,
  activityId: string,
): Promise<SessionScoreView | null> {
  const activity = await findActivity(context.db, userId, activityId);
  if (!activity) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  const startMs = new Date(activity.startDate).getTime();
  const units = await unitsOf(context, userId);
  for (const plan of await listPlans(context.db, userId, {})) {
    const date = localDate(startMs, plan.timeZone);
    const sessions = tickedSessions(plan).filter((session) => session.date === date);
    if (sessions.length === 0) {
      continue;
    }
    const dayRuns = (await runsByDay(context, userId, plan, [date])).get(date) ?? [];
    for (const session of sessions) {
      const run = runForSession(session.task, dayRuns);
      if (run?.id === activityId) {
        return scoreView(context, userId, plan, session, run, units);
      }
    }
  }
  return null;
}
