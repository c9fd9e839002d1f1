/** The runner's heart-rate settings (Account → Heart rate), shared by the server's route and the web form. */
import { z } from 'zod';
import { MAX_HEART_RATE_SOURCES } from '../charts/chart-load.ts';
import { MAX_HEART_RATE_LIMITS } from './heart-rate-zones.ts';

export const HEART_RATE_MESSAGES = {
  maxHeartRate: `Enter a whole number of beats per minute from ${MAX_HEART_RATE_LIMITS.min} to ${MAX_HEART_RATE_LIMITS.max}, or leave it empty.`,
} as const;

const maxHeartRateField = z
  .number({ error: HEART_RATE_MESSAGES.maxHeartRate })
  .int(HEART_RATE_MESSAGES.maxHeartRate)
  .min(MAX_HEART_RATE_LIMITS.min, HEART_RATE_MESSAGES.maxHeartRate)
  .max(MAX_HEART_RATE_LIMITS.max, HEART_RATE_MESSAGES.maxHeartRate);

/** Null clears the runner's own maximum: the highest recorded (or the default) applies again. */
export const heartRateSettingsUpdateSchema = z.object({ maxHeartRate: maxHeartRateField.nullable() }).strict();
export type HeartRateSettingsUpdate = z.infer<typeof heartRateSettingsUpdateSchema>;

export const heartRateSettingsSchema = z.object({
  /** What the runner set; null when they did not. */
  maxHeartRate: z.number().int().nullable(),
  /** The highest heart rate any of their activities recorded (bpm), null without any. */
  highestRecorded: z.number().nullable(),
  /** The maximum zones and load use now, and where it comes from. */
  effectiveMaxHeartRate: z.number().int(),
  source: z.enum(MAX_HEART_RATE_SOURCES),
});
export type HeartRateSettings = z.infer<typeof heartRateSettingsSchema>;

/** What the form's text becomes: empty clears, a number is checked by the schema. */
export function parseMaxHeartRateInput(text: string): HeartRateSettingsUpdate | { error: string } {
  const trimmed = text.trim();
  const value = trimmed === '' ? null : Number(trimmed);
  const parsed = heartRateSettingsUpdateSchema.safeParse({ maxHeartRate: value });
  return parsed.success ? parsed.data : { error: HEART_RATE_MESSAGES.maxHeartRate };
}
