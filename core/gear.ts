/**
 * Shoes and gear: what a runner records of each pair of shoes, bike or other piece of gear, the
 * default gear of each sport, and what the app says about them.
 *
 * - A piece of gear has a kind (shoe, bike, other), a name, brand and model, the day it was first
 *   used, the distance it had already done before Stride (starting distance), a retirement distance
 *   and whether it is retired. Distances are stored in metres.
 * - Shoes are retired at 800 km by default, written as 500 mi to a runner who uses miles (spec §9:
 *   imperial is the default unit system); a bike or other gear has no retirement distance unless
 *   the runner gives one.
 * - Its distance is the starting distance plus the distance of every activity it is on (a hidden
 *   Strava copy of an uploaded run is counted once, through the upload); its time is their moving
 *   time.
 * - Each sport (activity type) can have a default gear: a new activity of that sport gets it unless
 *   a gear is given. A re-typed activity whose gear came from a default takes the new sport's
 *   default; a gear the runner (or Strava) chose stays. Retiring a gear ends it being a default.
 * - A shoe past 90 % of its retirement distance is named on the dashboard.
 */
import { formatNumber } from './format.ts';
import { z } from 'zod';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from './activity/parsed.ts';
import type { UnitSystem } from './unit-system.ts';
import { distanceUnitLabel, METRES_PER_KILOMETRE, METRES_PER_MILE, metresPerUnit } from './units.ts';
import { normaliseUserText, truncateText, userTextSchema } from './user-text.ts';
import { epochDay } from './calendar-days.ts';

export const GEAR_KINDS = ['shoe', 'bike', 'other'] as const;
export type GearKind = (typeof GEAR_KINDS)[number];

export const GEAR_LIMITS = {
  name: 60,
  brand: 60,
  model: 60,
  /** Pieces of gear one runner may keep, retired ones included. */
  maxGear: 100,
  /** A starting or retirement distance, metres: 100,000 km. */
  distanceM: 100_000_000,
} as const;

/** Shoes are retired at 800 km, or 500 mi for a runner who uses miles. */
export const SHOE_RETIREMENT_KM = 800;
export const SHOE_RETIREMENT_MI = 500;

/** A shoe past this share of its retirement distance is named on the dashboard. */
export const GEAR_NOTICE_SHARE = 0.9;

/** The retirement distance a new piece of gear gets when none is given, metres (null: none). */
export function defaultRetirementDistance(kind: GearKind, units: UnitSystem): number | null {
  if (kind !== 'shoe') {
    return null;
  }
  return units === 'imperial' ? SHOE_RETIREMENT_MI * METRES_PER_MILE : SHOE_RETIREMENT_KM * METRES_PER_KILOMETRE;
}

/** The kind of gear a sport is done in: runs, walks and hikes in shoes, rides on a bike, the rest other. */
export function gearKindForSport(type: UploadActivityType): GearKind {
  if (type === 'run' || type === 'walk' || type === 'hike') {
    return 'shoe';
  }
  return type === 'ride' ? 'bike' : 'other';
}

/**
 * The gear an archive's "Activity Gear" names, as a gear name (normal text, at most 60 characters);
 * null when it names none.
 */
export function archiveGearName(value: string): string | null {
  const name = truncateText(normaliseUserText(value), GEAR_LIMITS.name);
  return name === '' ? null : name;
}

/** Gear names are the same gear when they match trimmed, whatever their case ("pegasus 40 " is "Pegasus 40"). */
export function sameGearName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export const GEAR_MESSAGES = {
  kind: `Choose a kind: ${GEAR_KINDS.join(', ')}.`,
  name: 'Give the gear a name, such as Pegasus 40.',
  startDate: 'Enter the first day of use as a real date, YYYY-MM-DD.',
  startingDistance: `Enter a starting distance in metres from 0 to ${formatNumber(GEAR_LIMITS.distanceM)}.`,
  retirementDistance: `Enter a retirement distance in metres greater than 0 and at most ${formatNumber(GEAR_LIMITS.distanceM)}, or none.`,
  retired: 'Say whether the gear is retired (true or false).',
  nothingToChange:
    'Send at least one of kind, name, brand, model, startDate, startingDistance, retirementDistance or retired.',
  notFound: 'That gear is not yours or no longer exists.',
  tooMany: `You can keep at most ${GEAR_LIMITS.maxGear} pieces of gear. Delete one to add another.`,
  type: `Choose a sport: ${UPLOAD_ACTIVITY_TYPES.join(', ')}.`,
  defaultRetired: 'A retired gear cannot be a default: bring it back first.',
  gearId: 'Send the id of one of your gear, or null for none.',
  /** Strava owns a synced activity's gear, as its type. */
  gearOnStrava: 'Change its gear on Strava: Stride picks up the new gear at the next sync.',
} as const;

/** What the app says about gear. */
export const GEAR_TEXTS = {
  title: 'Gear',
  cardHelp: 'Shoes, bikes and other gear, with the distance each has done.',
  addButton: 'Add gear',
  addTitle: 'Add gear',
  editTitle: 'Edit gear',
  retireButton: 'Retire',
  unretireButton: 'Bring back',
  retiredHeading: 'Retired',
  empty: 'No gear yet. Add your shoes to see how far they have gone.',
  none: 'None',
  gearLabel: 'Gear',
  defaultsHeading: 'Default gear per sport',
  defaultsHelp: 'A new activity of the sport gets this gear unless you choose another.',
  kindLabels: { shoe: 'Shoes', bike: 'Bike', other: 'Other' } as Readonly<Record<GearKind, string>>,
  saved: 'Gear saved.',
  nameLabel: 'Name',
  kindLabel: 'Kind',
  brandLabel: 'Brand',
  modelLabel: 'Model',
  startDateLabel: 'First used',
  startingDistanceLabel: (unit: string) => `Distance before Stride (${unit})`,
  retirementDistanceLabel: (unit: string) => `Retire at (${unit})`,
  retirementHelp: 'Leave empty for no retirement distance.',
  /** The form takes distances in the runner's units (the API takes metres). */
  startingDistanceInvalid: (unit: string) => `Enter a distance of 0 or more in ${unit}.`,
  retirementDistanceInvalid: (unit: string) => `Enter a distance greater than 0 in ${unit}, or leave it empty.`,
  stravaGear: 'Strava sets the gear of a synced activity: change it on Strava.',
  fromStrava: 'From Strava',
  barLabel: (name: string) => `${name}: distance towards retirement`,
} as const;

/** The word an activity's figures name a gear with: "Shoes", "Bike" or "Gear". */
const FIGURE_LABELS: Readonly<Record<GearKind, string>> = { shoe: 'Shoes', bike: 'Bike', other: 'Gear' };

/** A distance in whole miles or kilometres with the thousands separator: "412 km". */
export function formatGearDistance(metres: number, units: UnitSystem): string {
  return `${formatNumber(Math.round(metres / metresPerUnit(units)))} ${distanceUnitLabel(units)}`;
}

/** The activity's gear among its figures: "Shoes: Pegasus 40 · 412 km". */
export function gearFigure(gear: Pick<Gear, 'kind' | 'name' | 'distance'>, units: UnitSystem): string {
  return `${FIGURE_LABELS[gear.kind]}: ${gear.name} · ${formatGearDistance(gear.distance, units)}`;
}

/** How far towards its retirement distance a gear is, 0 to 1 (null without a retirement distance). */
export function retirementShare(gear: Pick<Gear, 'distance' | 'retirementDistance'>): number | null {
  if (gear.retirementDistance === null) {
    return null;
  }
  return Math.min(1, gear.distance / gear.retirementDistance);
}

/** "412 of 800 km" under a gear's bar; its distance alone without a retirement distance. */
export function gearProgressText(gear: Pick<Gear, 'distance' | 'retirementDistance'>, units: UnitSystem): string {
  if (gear.retirementDistance === null) {
    return formatGearDistance(gear.distance, units);
  }
  const done = formatNumber(Math.round(gear.distance / metresPerUnit(units)));
  return `${done} of ${formatGearDistance(gear.retirementDistance, units)}`;
}

/**
 * The dashboard's notices: each active shoe at or past 90 % of its retirement distance, in the
 * order given. "Pegasus 40 has run 730 of 800 km: time for new shoes soon." or, once past it,
 * "Pegasus 40 has run 820 of 800 km: time for new shoes."
 */
export function gearNotices(gear: readonly Gear[], units: UnitSystem): string[] {
  return gear
    .filter(
      (item) =>
        item.kind === 'shoe' &&
        !item.retired &&
        item.retirementDistance !== null &&
        item.distance >= GEAR_NOTICE_SHARE * item.retirementDistance,
    )
    .map((item) => {
      const past = item.distance >= (item.retirementDistance ?? 0);
      return `${item.name} has run ${gearProgressText(item, units)}: time for new shoes${past ? '' : ' soon'}.`;
    });
}

const nameField = userTextSchema(GEAR_LIMITS.name).min(1, GEAR_MESSAGES.name);
const brandField = userTextSchema(GEAR_LIMITS.brand);
const modelField = userTextSchema(GEAR_LIMITS.model);
const kindField = z.enum(GEAR_KINDS, { error: GEAR_MESSAGES.kind });
const startDateField = z
  .string({ error: GEAR_MESSAGES.startDate })
  .refine((value) => epochDay(value) !== null, GEAR_MESSAGES.startDate)
  .nullable();
const startingDistanceField = z
  .number({ error: GEAR_MESSAGES.startingDistance })
  .refine(
    (value) => Number.isFinite(value) && value >= 0 && value <= GEAR_LIMITS.distanceM,
    GEAR_MESSAGES.startingDistance,
  );
const retirementDistanceField = z
  .number({ error: GEAR_MESSAGES.retirementDistance })
  .refine(
    (value) => Number.isFinite(value) && value > 0 && value <= GEAR_LIMITS.distanceM,
    GEAR_MESSAGES.retirementDistance,
  )
  .nullable();

/** A new piece of gear; absent retirement distance: {@link defaultRetirementDistance}. */
export const gearInputSchema = z
  .object({
    kind: kindField,
    name: nameField,
    brand: brandField.optional(),
    model: modelField.optional(),
    startDate: startDateField.optional(),
    startingDistance: startingDistanceField.optional(),
    retirementDistance: retirementDistanceField.optional(),
  })
  .strict();
export type GearInput = z.infer<typeof gearInputSchema>;

export const gearUpdateSchema = z
  .object({
    kind: kindField.optional(),
    name: nameField.optional(),
    brand: brandField.optional(),
    model: modelField.optional(),
    startDate: startDateField.optional(),
    startingDistance: startingDistanceField.optional(),
    retirementDistance: retirementDistanceField.optional(),
    retired: z.boolean({ error: GEAR_MESSAGES.retired }).optional(),
  })
  .strict()
  .refine((update) => Object.values(update).some((value) => value !== undefined), GEAR_MESSAGES.nothingToChange);
export type GearUpdate = z.infer<typeof gearUpdateSchema>;

export const gearSchema = z.object({
  id: z.string(),
  kind: z.enum(GEAR_KINDS),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  /** YYYY-MM-DD, or null when not given. */
  startDate: z.string().nullable(),
  /** Metres done before Stride. */
  startingDistance: z.number(),
  /** Metres; null: none. */
  retirementDistance: z.number().nullable(),
  retired: z.boolean(),
  /** Metres: the starting distance plus its activities'. */
  distance: z.number(),
  /** Seconds of moving time of its activities. */
  movingTime: z.number(),
  activityCount: z.number().int(),
  /** The sports it is the default gear of. */
  defaultFor: z.array(z.enum(UPLOAD_ACTIVITY_TYPES)),
  /** Strava's id of the gear, when it came from Strava. */
  stravaGearId: z.string().nullable(),
});
export type Gear = z.infer<typeof gearSchema>;

/** The runner's gear: active first, then retired, each in the order added. */
export const gearListSchema = z.object({ gear: z.array(gearSchema) });
export type GearList = z.infer<typeof gearListSchema>;

/** A gear id on an activity: one of the runner's, or null for none. */
export const gearIdField = z
  .string({ error: GEAR_MESSAGES.gearId })
  .min(1, GEAR_MESSAGES.gearId)
  .max(64, GEAR_MESSAGES.gearId)
  .nullable();

export const gearDefaultSchema = z
  .object({
    type: z.enum(UPLOAD_ACTIVITY_TYPES, { error: GEAR_MESSAGES.type }),
    gearId: gearIdField,
  })
  .strict();
export type GearDefault = z.infer<typeof gearDefaultSchema>;

/** The gear shown among an activity's figures. */
export const activityGearSchema = z.object({
  id: z.string(),
  kind: z.enum(GEAR_KINDS),
  name: z.string(),
  distance: z.number(),
});
export type ActivityGear = z.infer<typeof activityGearSchema>;

export type { UploadActivityType };
