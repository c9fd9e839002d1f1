/**
 * Undoing a deletion: a deleted activity is kept on the server for ACTIVITY_UNDO_WINDOW_MS and an
 * undo within it puts it back exactly (its track, file, weather, best efforts, gear, and the medals
 * it had earned). The screen offers the undo for ACTIVITY_UNDO_OFFER_MS, well inside the window so
 * that a late click still lands in time.
 */
import { z } from 'zod';

/** How long the server keeps a deleted activity for an undo. */
export const ACTIVITY_UNDO_WINDOW_MS = 60_000;

/** How long the screen shows "Activity deleted · Undo". */
export const ACTIVITY_UNDO_OFFER_MS = 8_000;

export const ACTIVITY_UNDO_TEXTS = {
  deleted: 'Activity deleted',
  undo: 'Undo',
  restored: 'Activity restored.',
  /** The undo came after the window (or the activity was never deleted). */
  gone: 'This activity can no longer be restored.',
} as const;

export const activityRestoreResultSchema = z.object({ restored: z.literal(true) });
