/** The runner's heart-rate settings (Account → Heart rate), shared by the server's route and the web form. */
import { z } from 'zod';
import { MAX_HEART_RATE_SOURCES, SETTING_SOURCES, THRESHOLD_PACE_LIMITS_S_PER_KM } from '../charts/chart-load.ts';
import { formatPaceSeconds } from '../format.ts';
import {
  HEART_RATE_ZONE_METHODS,
  LACTATE_THRESHOLD_HEART_RATE_LIMITS,
  MAX_HEART_RATE_LIMITS,
  RESTING_HEART_RATE_LIMITS,
  type HeartRateZoneMethod,
} from './heart-rate-zones.ts';
import { parsePace } from './pace.ts';

const paceText = (seconds: number) => formatPaceSeconds(seconds);

export const HEART_RATE_MESSAGES = {
  maxHeartRate: `Enter a whole number of beats per minute from ${MAX_HEART_RATE_LIMITS.min} to ${MAX_HEART_RATE_LIMITS.max}, or leave it empty.`,
  restingHeartRate: `Enter your resting heart rate as a whole number of beats per minute from ${RESTING_HEART_RATE_LIMITS.min} to ${RESTING_HEART_RATE_LIMITS.max}, or leave it empty.`,
  lactateThresholdHeartRate: `Enter your lactate-threshold heart rate as a whole number of beats per minute from ${LACTATE_THRESHOLD_HEART_RATE_LIMITS.min} to ${LACTATE_THRESHOLD_HEART_RATE_LIMITS.max}, or leave it empty.`,
  thresholdPace: `Enter your threshold pace as m:ss per km or per mile (for example 4:30/km or 7:15/mi), from ${paceText(THRESHOLD_PACE_LIMITS_S_PER_KM.min)} to ${paceText(THRESHOLD_PACE_LIMITS_S_PER_KM.max)} per km, or leave it empty.`,
  thresholdOutsideRange:
    'Your lactate-threshold heart rate must be above your resting heart rate and below your maximum.',
  lthrMethodNeedsThreshold: 'Enter your lactate-threshold heart rate to have zones by it.',
} as const;

/** How each zone method is offered in the form. */
export const ZONE_METHOD_LABELS: Readonly<Record<HeartRateZoneMethod, string>> = {
  max: '% of maximum heart rate',
  reserve: '% of heart-rate reserve (uses resting heart rate)',
  lthr: '% of lactate-threshold heart rate',
};

const wholeBpm = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message);

const maxHeartRateField = wholeBpm(MAX_HEART_RATE_LIMITS, HEART_RATE_MESSAGES.maxHeartRate);
const restingHeartRateField = wholeBpm(RESTING_HEART_RATE_LIMITS, HEART_RATE_MESSAGES.restingHeartRate);
const lactateThresholdField = wholeBpm(
  LACTATE_THRESHOLD_HEART_RATE_LIMITS,
  HEART_RATE_MESSAGES.lactateThresholdHeartRate,
);
const thresholdPaceField = z
  .number({ error: HEART_RATE_MESSAGES.thresholdPace })
  .int(HEART_RATE_MESSAGES.thresholdPace)
  .min(THRESHOLD_PACE_LIMITS_S_PER_KM.min, HEART_RATE_MESSAGES.thresholdPace)
  .max(THRESHOLD_PACE_LIMITS_S_PER_KM.max, HEART_RATE_MESSAGES.thresholdPace);

/**
 * Null clears a value (the highest recorded, or core's assumption, applies again); a field left out
 * keeps what is stored.
 */
export const heartRateSettingsUpdateSchema = z
  .object({
    maxHeartRate: maxHeartRateField.nullable(),
    restingHeartRate: restingHeartRateField.nullable().optional(),
    lactateThresholdHeartRate: lactateThresholdField.nullable().optional(),
    /** Seconds per kilometre. */
    thresholdPaceSecondsPerKm: thresholdPaceField.nullable().optional(),
    zoneMethod: z.enum(HEART_RATE_ZONE_METHODS).optional(),
  })
  .strict();
export type HeartRateSettingsUpdate = z.infer<typeof heartRateSettingsUpdateSchema>;

export const heartRateSettingsSchema = z.object({
  /** What the runner set; null when they did not. */
  maxHeartRate: z.number().int().nullable(),
  /** The highest heart rate any of their activities recorded (bpm), null without any. */
  highestRecorded: z.number().nullable(),
  /** The maximum zones and load use now, and where it comes from. */
  effectiveMaxHeartRate: z.number().int(),
  source: z.enum(MAX_HEART_RATE_SOURCES),
  restingHeartRate: z.number().int().nullable(),
  /** The resting heart rate load and heart-rate-reserve zones use: the runner's, else the assumption. */
  effectiveRestingHeartRate: z.number().int(),
  lactateThresholdHeartRate: z.number().int().nullable(),
  thresholdPaceSecondsPerKm: z.number().int().nullable(),
  effectiveThresholdPaceSecondsPerKm: z.number(),
  restingHeartRateSource: z.enum(SETTING_SOURCES),
  thresholdPaceSource: z.enum(SETTING_SOURCES),
  zoneMethod: z.enum(HEART_RATE_ZONE_METHODS),
});
export type HeartRateSettings = z.infer<typeof heartRateSettingsSchema>;

/**
 * The rules between the values, once each is in its range (whose limits already keep resting below
 * any maximum): the threshold between resting and maximum, and zones by threshold only with a
 * threshold. The first broken rule's sentence.
 */
export function heartRateSettingsConflict(values: {
  maxHeartRate: number;
  restingHeartRate: number;
  lactateThresholdHeartRate: number | null;
  zoneMethod: HeartRateZoneMethod;
}): string | null {
  const { maxHeartRate, restingHeartRate, lactateThresholdHeartRate, zoneMethod } = values;
  if (
    lactateThresholdHeartRate !== null &&
    (lactateThresholdHeartRate <= restingHeartRate || lactateThresholdHeartRate >= maxHeartRate)
  ) {
    return HEART_RATE_MESSAGES.thresholdOutsideRange;
  }
  if (zoneMethod === 'lthr' && lactateThresholdHeartRate === null) {
    return HEART_RATE_MESSAGES.lthrMethodNeedsThreshold;
  }
  return null;
}

/** What the form's text becomes: empty clears, a number is checked by the schema. */
export function parseMaxHeartRateInput(text: string): HeartRateSettingsUpdate | { error: string } {
  const trimmed = text.trim();
  const value = trimmed === '' ? null : Number(trimmed);
  const parsed = heartRateSettingsUpdateSchema.safeParse({ maxHeartRate: value });
  return parsed.success ? parsed.data : { error: HEART_RATE_MESSAGES.maxHeartRate };
}

export type HeartRateField = 'maxHeartRate' | 'restingHeartRate' | 'lactateThresholdHeartRate' | 'thresholdPace';

/** The whole form's texts → the update, or a sentence for each field that is not valid. */
export function parseHeartRateSettingsInput(input: {
  maxHeartRate: string;
  restingHeartRate: string;
  lactateThresholdHeartRate: string;
  thresholdPace: string;
  zoneMethod: HeartRateZoneMethod;
}): { update: HeartRateSettingsUpdate } | { errors: Partial<Record<HeartRateField, string>> } {
  const bpm = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const paceText = input.thresholdPace.trim();
  let pace: number | null = null;
  const errors: Partial<Record<HeartRateField, string>> = {};
  if (paceText !== '') {
    // A bare m:ss is per kilometre.
    const parsed = parsePace(/[a-z]/i.test(paceText) ? paceText : `${paceText}/km`);
    if ('error' in parsed) {
      errors.thresholdPace = HEART_RATE_MESSAGES.thresholdPace;
    } else {
      pace = Math.round(parsed.value * 1000);
    }
  }
  const candidate = {
    maxHeartRate: bpm(input.maxHeartRate),
    restingHeartRate: bpm(input.restingHeartRate),
    lactateThresholdHeartRate: bpm(input.lactateThresholdHeartRate),
    thresholdPaceSecondsPerKm: pace,
    zoneMethod: input.zoneMethod,
  };
  const parsed = heartRateSettingsUpdateSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'thresholdPaceSecondsPerKm' ? 'thresholdPace' : (issue.path[0] as HeartRateField);
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    return { errors };
  }
  return { update: parsed.data };
}

/** The settings' names as the form's confirmation says them, in the form's order. */
const SAVED_SETTING_NAMES = {
  maxHeartRate: 'maximum heart rate',
  restingHeartRate: 'resting heart rate',
  lactateThresholdHeartRate: 'lactate-threshold heart rate',
  thresholdPaceSecondsPerKm: 'threshold pace',
  zoneMethod: 'zone method',
} as const;

function listText(names: readonly string[]): string {
  const text = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The confirmation after a save, naming what it changed: "Maximum heart rate and threshold pace
 * saved.", "Resting heart rate cleared.", or that nothing changed.
 */
export function heartRateSavedText(before: HeartRateSettings, update: HeartRateSettingsUpdate): string {
  const saved: string[] = [];
  const cleared: string[] = [];
  for (const key of Object.keys(SAVED_SETTING_NAMES) as (keyof typeof SAVED_SETTING_NAMES)[]) {
    const value = update[key];
    if (value === undefined || value === before[key]) {
      continue;
    }
    (value === null ? cleared : saved).push(SAVED_SETTING_NAMES[key]);
  }
  const sentences = [
    saved.length > 0 ? `${listText(saved)} saved.` : '',
    cleared.length > 0 ? `${listText(cleared)} cleared.` : '',
  ].filter((sentence) => sentence !== '');
  return sentences.length > 0 ? sentences.join(' ') : 'Heart-rate settings saved: nothing changed.';
}
