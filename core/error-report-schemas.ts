/** The error reports' request and answer shapes (POST /api/error-reports, the operator's list); error-reports.ts holds their limits and rules. */
import { z } from 'zod';
import { ERROR_BATCH_SIZE, ERROR_REPORT_ID_PATTERN, ERROR_REPORT_LIMITS } from './error-reports.ts';
import { ERROR_SEVERITIES, ERROR_TYPES } from './errors.ts';

export const errorReportSchema = z
  .object({
    id: z.string().regex(ERROR_REPORT_ID_PATTERN, 'id: must look like err_{time}_{random}'),
    type: z.enum(ERROR_TYPES),
    severity: z.enum(ERROR_SEVERITIES),
    message: z.string().trim().min(1).max(ERROR_REPORT_LIMITS.messageChars),
    stack: z.string().max(ERROR_REPORT_LIMITS.stackChars).optional(),
    /** The page's path (no origin, no query: a query may hold what is not ours to keep). */
    path: z.string().startsWith('/').max(ERROR_REPORT_LIMITS.pathChars),
    /** What the runner was doing when it failed (a failed action), e.g. "upload activities". */
    action: z.string().max(ERROR_REPORT_LIMITS.actionChars).optional(),
    occurredAt: z.iso.datetime(),
  })
  .strict();
export const errorReportBatchSchema = z
  .object({ reports: z.array(errorReportSchema).min(1).max(ERROR_BATCH_SIZE) })
  .strict();

export const errorReportReceiptSchema = z.object({ accepted: z.number().int().nonnegative() });

/** A stored report as the operator reads it. */
export const storedErrorReportSchema = errorReportSchema.extend({
  /** The runner's id, or "anonymous". */
  user: z.string(),
  receivedAt: z.iso.datetime(),
});

export const storedErrorReportListSchema = z.object({ reports: z.array(storedErrorReportSchema) });

export type ErrorReport = z.infer<typeof errorReportSchema>;
export type ErrorReportBatch = z.infer<typeof errorReportBatchSchema>;
export type StoredErrorReport = z.infer<typeof storedErrorReportSchema>;
