/** Goals, training plans and their daily progress (docs/training.md "Goals & Training"), and the charts. */
import type { ChartQuery } from '../../../core/charts/chart-api.ts';
import type { HeartRateSettingsUpdate } from '../../../core/running/heart-rate-api.ts';
import type { GoalCreate, GoalUpdate } from '../../../core/training/goals.ts';
import type { PlanRequest } from '../../../core/training/plan-generation.ts';
import type { PlanStatus, TaskToggle } from '../../../core/training/plan-progress.ts';
import { getPersonalBests, startTrackFiguresBackfill } from '../best-efforts-service.ts';
import { getCharts } from '../charts-service.ts';
import { createGoal, deleteGoal, listGoals, reorderGoalList } from '../goal-service.ts';
import { getHeartRateSettings, updateHeartRateSettings } from '../heart-rate-service.ts';
import { calendarFeed } from '../plan-calendar.ts';
import { answerReplan, createWeeklyReplan, replanPlan } from '../plan-replanning.ts';
import { workoutFile } from '../plan-workouts.ts';
import { racePredictions } from '../race-prediction-service.ts';
import { activitySessionScore, planSessionScores } from '../session-scores.ts';
import {
  createPlan,
  deletePlan,
  getDailyProgress,
  getPlan,
  listPlans,
  planDefaults,
  setTask,
  todayTasks,
  updateGoalAndPlans,
  updatePlan,
} from '../training-plan-service.ts';
import { inBackgroundUnit, publicUseCase, timeKey, type WiringContext } from './context.ts';
import type { Subscriptions } from './subscriptions.ts';

/** Every time zone's offset is a multiple of 15 minutes, so any zone's day starts on such a boundary. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

export function wireTraining(ctx: WiringContext, subscriptions: Pick<Subscriptions, 'require'>) {
  const weeklyReplan = createWeeklyReplan({ context: ctx, jobs: ctx.jobs, clock: ctx.clock, logger: ctx.logger });
  return {
    goals: (userId: string) => listGoals(ctx, userId),
    createGoal: (userId: string, input: { goal: GoalCreate; timeZone?: string | undefined }) =>
      createGoal(ctx, userId, input),
    updateGoal: (userId: string, input: { id: string; update: GoalUpdate }) => updateGoalAndPlans(ctx, userId, input),
    deleteGoal: (userId: string, id: string) => deleteGoal(ctx, userId, id),
    reorderGoals: (userId: string, goalIds: readonly string[]) => reorderGoalList(ctx, userId, goalIds),
    plans: (userId: string, filter: { status?: PlanStatus | undefined; goalId?: string | undefined }) =>
      listPlans(ctx, userId, filter),
    planDefaults: (userId: string, input: { goalId: string; timeZone?: string | undefined }) =>
      planDefaults(ctx, userId, input),
    createPlan: async (userId: string, input: { request: PlanRequest; timeZone?: string | undefined }) => {
      await subscriptions.require(userId, 'plan-generation');
      return createPlan(ctx, userId, input);
    },
    plan: (userId: string, id: string) => getPlan(ctx, userId, id),
    updatePlan: (userId: string, input: { id: string; status: PlanStatus }) => updatePlan(ctx, userId, input),
    deletePlan: (userId: string, id: string) => deletePlan(ctx, userId, id),
    dailyProgress: (userId: string, id: string) => getDailyProgress(ctx, userId, id),
    setTask: (userId: string, input: { id: string; toggle: TaskToggle }) => setTask(ctx, userId, input),
    /** Re-planning the remaining weeks: on request, the runner's answer, and the weekly review. */
    replan: (userId: string, planId: string) => replanPlan(ctx, userId, planId),
    answerReplan: (userId: string, input: { planId: string; versionId: string; accept: boolean }) =>
      answerReplan(ctx, userId, input),
    weeklyReplan,
    /** Kept per quarter hour of the zone, so a new day in any zone is a new key. */
    today: (userId: string, timeZone?: string) =>
      ctx.reads.get(userId, timeKey(ctx, 'training:today', timeZone, QUARTER_HOUR_MS), () =>
        todayTasks(ctx, userId, timeZone),
      ),
    workoutFile: (userId: string, input: { planId: string; taskId: string }) => workoutFile(ctx, userId, input),
    /** Done against asked: the ticked structured sessions scored from their runs. */
    sessionScores: (userId: string, planId: string) => planSessionScores(ctx, userId, planId),
    activitySessionScore: (userId: string, activityId: string) => activitySessionScore(ctx, userId, activityId),
    /** Kept per quarter hour of the zone, as today's tasks: the window moves with the runner's day. */
    predictions: (userId: string, timeZone?: string) =>
      ctx.reads.get(userId, timeKey(ctx, 'training:predictions', timeZone, QUARTER_HOUR_MS), () =>
        racePredictions(ctx, userId, timeZone),
      ),
    /** Public: the token is the key. */
    calendarFeed: publicUseCase((token: string) => calendarFeed(ctx, token)),
  };
}

export function wireCharts(ctx: WiringContext) {
  return {
    get: (userId: string, query: ChartQuery) => getCharts(ctx, userId, query),
    personalBests: (userId: string, query: { distance: string }) => getPersonalBests(ctx, userId, query),
    /** The maximum heart rate the runner set, the highest recorded, and the one zones and load use. */
    heartRate: (userId: string) => getHeartRateSettings(ctx.db, userId),
    setHeartRate: (userId: string, update: HeartRateSettingsUpdate) => updateHeartRateSettings(ctx.db, userId, update),
    /** The start-up pass working out the track figures (best efforts, heart-rate histogram) still missing. */
    startTrackFiguresBackfill: () => inBackgroundUnit(ctx.units, () => startTrackFiguresBackfill(ctx)),
  };
}
