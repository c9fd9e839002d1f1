/** Wellbeing and coaching, and the dashboard's weather. */
import type { CheckInInput, CoachingSettings, WellbeingPreferencesUpdate } from '../../../core/wellbeing/check-in.ts';
import type { ExerciseDone } from '../../../core/wellbeing/wellbeing-api.ts';
import { createWeatherClient } from '../../integrations/weather/open-meteo-client.ts';
import {
  createWeatherMemory,
  getActivityWeather,
  getWeather,
  loadWeather,
  type WeatherContext,
} from '../weather-service.ts';
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
} from '../wellbeing-service.ts';
import { timeKey } from './context.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { WiringContext } from '../service-context.ts';

/** The dashboard's weather shows the hours from the current one and skips an hour once half over. */
const HALF_HOUR_MS = 30 * 60 * 1000;
/** The readiness's check-in reminder starts at a minute the runner chose. */
const MINUTE_MS = 60 * 1000;

/** A call without a user id throws spec §5's "User ID is required". */
type UserId = string | null | undefined;

export function wireWellbeing(ctx: WiringContext, subscriptions: Pick<Subscriptions, 'require'>) {
  return {
    saveCheckIn: (userId: UserId, input: CheckInInput & InZone) => saveCheckIn(ctx, userId, input),
    latestCheckIn: (userId: UserId, input: InZone & { date?: string | undefined }) =>
      getLatestCheckIn(ctx, userId, input),
    overview: (userId: UserId, input: InZone) => getWellbeingOverview(ctx, userId, input),
    finishExercise: (userId: UserId, input: ExerciseDone & InZone) => finishExercise(ctx, userId, input),
    preferences: (userId: UserId) => getWellbeingPreferences(ctx, userId),
    updatePreferences: (userId: UserId, update: WellbeingPreferencesUpdate) =>
      updateWellbeingPreferences(ctx, userId, update),
    coachingSettings: (userId: UserId) => getCoachingSettings(ctx, userId),
    updateCoachingSettings: (userId: UserId, update: Partial<CoachingSettings>) =>
      updateCoachingSettings(ctx, userId, update),
    readiness: async (userId: UserId, input: InZone) => {
      if (typeof userId !== 'string') {
        return getReadiness(ctx, userId, input);
      }
      await subscriptions.require(userId, 'readiness-insights');
      return ctx.reads.get(userId, timeKey(ctx, 'readiness', input.timeZone, MINUTE_MS), () =>
        getReadiness(ctx, userId, input),
      );
    },
  };
}

export function wireWeather(ctx: WiringContext) {
  const context: WeatherContext = {
    ...ctx,
    client: createWeatherClient(ctx.config.weather, ctx.logger, ctx.clock),
    memory: createWeatherMemory(),
  };
  return {
    /** The dashboard's weather: kept per half hour, never past its forecast's freshness (loadWeather). */
    get: (userId: string) =>
      ctx.reads.getLoaded(userId, timeKey(ctx, 'weather', undefined, HALF_HOUR_MS), () => loadWeather(context, userId)),
    /** The debug page: the same path, which fills the shared cache when it holds nothing fresh. */
    prime: (userId: string) => getWeather(context, userId),
    activity: (userId: string, activityId: string) => getActivityWeather(context, userId, activityId),
  };
}
