/** The Charts page's request and answer, shared by the server's route and the web page. */
import { z } from 'zod';
import type { UploadActivityType } from '../activity/parsed.ts';
import { activityTypeSchema } from '../activity/schemas.ts';
import { timeZoneField } from '../medals/api.ts';
import { HEART_RATE_ZONES } from '../running/heart-rate-zones.ts';
import { MAX_HEART_RATE_SOURCES, SETTING_SOURCES } from './chart-load.ts';
import { CHART_PERIODS, DEFAULT_CHART_PERIOD } from './chart-periods.ts';
import { isoDaySchema } from '../calendar-days.ts';

export const CHART_TYPE_ALL = 'all';

export const CHART_QUERY_MESSAGES = {
  period: `Choose a period: ${CHART_PERIODS.join(', ')}.`,
  type: 'Choose an activity type, or all.',
} as const;

export const chartQuerySchema = z.object({
  period: z.enum(CHART_PERIODS, { error: CHART_QUERY_MESSAGES.period }).optional().default(DEFAULT_CHART_PERIOD),
  type: z
    .union([z.literal(CHART_TYPE_ALL), activityTypeSchema], { error: CHART_QUERY_MESSAGES.type })
    .optional()
    .default(CHART_TYPE_ALL),
  timeZone: timeZoneField,
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/**
 * The type whose paces the pace trend draws: the chosen type, and runs under all types, since a
 * ride's, a swim's and a run's paces averaged together describe none of them.
 */
export function paceTrendType(type: ChartQuery['type']): UploadActivityType {
  return type === CHART_TYPE_ALL ? 'run' : type;
}

const totalsSchema = z.object({
  count: z.number().int(),
  /** Metres. */
  distance: z.number(),
  /** Seconds moving. */
  movingTime: z.number(),
  /** Metres climbed. */
  elevation: z.number(),
});
export type ChartTotals = z.infer<typeof totalsSchema>;

export const chartBucketSchema = totalsSchema.extend({
  /** The week's Monday ("YYYY-MM-DD") or the month ("YYYY-MM"). */
  key: z.string(),
  /** Seconds per metre over the timed activities of `paceType` with a distance; null without any. */
  pace: z.number().nullable(),
  /** The average of this bucket's pace and the three before (null buckets left out). */
  paceRolling: z.number().nullable(),
  /** The same bucket a year earlier; null for all time, which is not compared. */
  lastYear: totalsSchema.nullable(),
  /** Seconds in each heart-rate zone (Zone 1 first), over the activities with a heart rate. */
  zones: z.array(z.number()).length(HEART_RATE_ZONES.length),
});
export type ChartBucketData = z.infer<typeof chartBucketSchema>;

export const chartsSchema = z.object({
  period: z.enum(CHART_PERIODS),
  type: z.union([z.literal(CHART_TYPE_ALL), activityTypeSchema]),
  bucket: z.enum(['week', 'month']),
  from: isoDaySchema,
  to: isoDaySchema,
  /** Whether the runner has any activity to chart at all (the empty state says how to get one). */
  hasActivities: z.boolean(),
  /** The type the pace trend is of (paceTrendType). */
  paceType: activityTypeSchema,
  buckets: z.array(chartBucketSchema),
  totals: z.object({ current: totalsSchema, lastYear: totalsSchema.nullable() }),
  /** The maximum heart rate the zones and the load use, where it comes from, and the zones in bpm. */
  heartRate: z.object({
    maxHeartRate: z.number(),
    maxHeartRateSource: z.enum(MAX_HEART_RATE_SOURCES),
    model: z.string(),
    zones: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        purpose: z.string(),
        fromBpm: z.number(),
        toBpm: z.number().nullable(),
      }),
    ),
  }),
  load: z.object({
    restingHeartRate: z.number(),
    restingHeartRateSource: z.enum(SETTING_SOURCES),
    /** Seconds per km: what a run without heart rate is paced against. */
    thresholdPaceSecondsPerKm: z.number(),
    thresholdPaceSource: z.enum(SETTING_SOURCES),
    days: z.array(
      z.object({ date: isoDaySchema, load: z.number(), fitness: z.number(), fatigue: z.number(), form: z.number() }),
    ),
  }),
});
export type Charts = z.infer<typeof chartsSchema>;
