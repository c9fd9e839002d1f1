/**
 * Changing several activities in one action (the list's selection): delete them, give them all
 * one type, or put them all on one gear (or none). The action is refused whole, with a sentence,
 * when any id is not one of the runner's activities, when the gear is not one of the runner's, or
 * (a new type or gear) when any of them came from Strava, which owns a synced activity's type and
 * gear.
 */
import { z } from 'zod';
import { UPLOAD_ACTIVITY_TYPES } from './parsed.ts';
import { timeZoneField } from '../medals/api.ts';
import { ACTIVITY_PAGE_SIZE_MAX } from './schemas.ts';
import { gearIdField } from '../gear.ts';

/** At most one page of the longest list the server gives. */
export const ACTIVITY_BULK_MAX = ACTIVITY_PAGE_SIZE_MAX;

export const ACTIVITY_BULK_MESSAGES = {
  ids: `Select between 1 and ${ACTIVITY_BULK_MAX} activities.`,
  type: `Choose a type: ${UPLOAD_ACTIVITY_TYPES.join(', ')}.`,
  notYours: 'Some of the selected activities are not yours or no longer exist. Nothing was changed.',
  typeOnStrava: 'Some of the selected activities come from Strava: change their type on Strava. Nothing was changed.',
  gearOnStrava: 'Some of the selected activities come from Strava: change their gear on Strava. Nothing was changed.',
  gearNotYours: 'That gear is not yours or no longer exists. Nothing was changed.',
} as const;

/** Writes a count in the reader's locale (the web hands in its format module's formatNumber). */
export type FormatCount = (count: number) => string;

const activities = (count: number, formatCount: FormatCount) =>
  `${formatCount(count)} ${count === 1 ? 'activity' : 'activities'}`;

/** What the list says around the selection; counts are written by the formatter handed in. */
export const ACTIVITY_BULK_TEXTS = {
  selected: (count: number, formatCount: FormatCount) => `${formatCount(count)} selected`,
  deleteButton: 'Delete',
  retypeLabel: 'Change type to',
  confirmTitle: (count: number, formatCount: FormatCount) => `Delete ${activities(count, formatCount)}?`,
  confirmBody: 'They are removed from your list, totals, charts and medals. This cannot be undone.',
  confirmButton: 'Delete',
  cancel: 'Cancel',
  deleted: (count: number, formatCount: FormatCount) => `${activities(count, formatCount)} deleted.`,
  gearButton: 'Change gear',
  gearLabel: 'Change gear to',
  gearTitle: (count: number, formatCount: FormatCount) => `Change the gear of ${activities(count, formatCount)}`,
  gearConfirm: 'Change gear',
  changed: (count: number, formatCount: FormatCount) => `${activities(count, formatCount)} changed.`,
} as const;

const idsSchema = z
  .array(z.string().min(1).max(64), { error: ACTIVITY_BULK_MESSAGES.ids })
  .min(1, ACTIVITY_BULK_MESSAGES.ids)
  .max(ACTIVITY_BULK_MAX, ACTIVITY_BULK_MESSAGES.ids)
  .transform((ids) => [...new Set(ids)]);

export const activityBulkSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('delete'), ids: idsSchema }),
  z.object({
    action: z.literal('retype'),
    ids: idsSchema,
    type: z.enum(UPLOAD_ACTIVITY_TYPES, { error: ACTIVITY_BULK_MESSAGES.type }),
    /** The runner's time zone (the medals' "today"). */
    timeZone: timeZoneField,
  }),
  z.object({ action: z.literal('gear'), ids: idsSchema, gearId: gearIdField }),
]);
export type ActivityBulkAction = z.infer<typeof activityBulkSchema>;

export const activityBulkResultSchema = z.object({
  action: z.enum(['delete', 'retype', 'gear']),
  changed: z.number().int(),
});
export type ActivityBulkResult = z.infer<typeof activityBulkResultSchema>;
