/**
 * The archive import's API payloads and its live event (core/activity/archive-rules.ts holds the
 * rules): the state of the runner's latest archive import, its counts, and at the end the per-file report.
 */
import { z } from 'zod';
import { ARCHIVE_OUTCOMES } from './archive-rules.ts';

export const ARCHIVE_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ArchiveImportStatus = (typeof ARCHIVE_IMPORT_STATUSES)[number];

export const archiveProgressSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(ARCHIVE_IMPORT_STATUSES),
  /** Activity files and file-less CSV rows found so far (a Garmin nested ZIP adds its files when opened). */
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  imported: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  /** Why the whole import stopped ('failed'), as a sentence. */
  message: z.string().nullable(),
});
export type ArchiveProgress = z.infer<typeof archiveProgressSchema>;

export const archiveReportEntrySchema = z.object({
  name: z.string(),
  outcome: z.enum(ARCHIVE_OUTCOMES),
  message: z.string().nullable(),
  activityId: z.string().nullable(),
});
export type ArchiveReportEntry = z.infer<typeof archiveReportEntrySchema>;

export const archiveImportSchema = archiveProgressSchema.extend({
  /** Every entry handled so far, in archive order. */
  entries: z.array(archiveReportEntrySchema),
});
export type ArchiveImport = z.infer<typeof archiveImportSchema>;

/** Published to the runner's pages as the import moves on. */
export const archiveImportEventSchema = z.object({
  type: z.literal('archive-import'),
  progress: archiveProgressSchema,
});
