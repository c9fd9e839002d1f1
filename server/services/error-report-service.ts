/**
 * Error reports from the web app (spec §4 "Error queue", §8): stored for the operator and written to
 * the log, never sent to a third party, without the query string or fragment of any address they name.
 * Reports older than the retention period are removed, at most once an hour, by the server that
 * receives the next batch; past the most kept in all (config.errorReportsMaxStored) the oldest are
 * removed as new ones arrive.
 */
import {
  ANONYMOUS_REPORTER,
  ERROR_REPORT_RETENTION_DAYS,
  clipReportText,
  withoutQueries,
  type ErrorSeverity,
} from '../../core/error-reports.ts';
import type { ErrorReport, StoredErrorReport } from '../../core/error-report-schemas.ts';
import {
  deleteErrorReportsBefore,
  deleteErrorReportsBeyond,
  insertErrorReports,
  listErrorReports,
  type ErrorReportRow,
} from '../db/error-report-repository.ts';
import type { ServiceContext } from './service-context.ts';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const USER_AGENT_CHARS = 300;
/** The operator's default look-back and the most reports one listing returns. */
export const ERROR_REPORTS_DEFAULT_SINCE_MS = DAY_MS;
export const ERROR_REPORTS_MAX_LISTED = 500;

export interface ReceivedErrorReports {
  /** The signed-in runner, or null (a visitor, or a page whose session ended). */
  userId: string | null;
  userAgent: string | undefined;
  reports: readonly ErrorReport[];
}

/** What the browser reported as critical or high is a warning in the server's log; the rest is information. */
function logLevel(severity: ErrorSeverity): 'warn' | 'info' {
  return severity === 'critical' || severity === 'high' ? 'warn' : 'info';
}

function toStored(row: ErrorReportRow): StoredErrorReport {
  return {
    id: row.id,
    type: row.type as StoredErrorReport['type'],
    severity: row.severity as StoredErrorReport['severity'],
    message: row.message,
    ...(row.stack === null ? {} : { stack: row.stack }),
    path: row.path,
    ...(row.action === null ? {} : { action: row.action }),
    occurredAt: row.occurredAt.toISOString(),
    user: row.userId ?? ANONYMOUS_REPORTER,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export function createErrorReports(context: ServiceContext, options: { maxStored: number }) {
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function pruneWhenDue(now: number): Promise<void> {
    if (now - prunedAt < PRUNE_EVERY_MS) {
      return;
    }
    prunedAt = now;
    const removed = await deleteErrorReportsBefore(context.db, new Date(now - ERROR_REPORT_RETENTION_DAYS * DAY_MS));
    if (removed > 0) {
      context.logger.info({ removed }, 'error reports past their retention removed');
    }
  }

  return {
    /** Stores a batch (a report sent before is kept once) and logs the new ones; returns how many were new. */
    async receive(batch: ReceivedErrorReports): Promise<{ accepted: number }> {
      const now = context.clock.now();
      const userAgent = batch.userAgent ? clipReportText(batch.userAgent, USER_AGENT_CHARS) : null;
      const reports = batch.reports.map(withoutQueries);
      const rows: ErrorReportRow[] = reports.map((report) => ({
        id: report.id,
        userId: batch.userId,
        type: report.type,
        severity: report.severity,
        message: report.message,
        stack: report.stack ?? null,
        path: report.path,
        action: report.action ?? null,
        userAgent,
        occurredAt: new Date(report.occurredAt),
        receivedAt: new Date(now),
      }));
      const accepted = await insertErrorReports(context.db, rows);
      if (accepted > 0) {
        await deleteErrorReportsBeyond(context.db, options.maxStored);
      }
      for (const report of reports) {
        const { stack: _stack, ...fields } = report;
        context.logger[logLevel(report.severity)](
          { errorReport: fields, user: batch.userId ?? ANONYMOUS_REPORTER },
          'client error report',
        );
      }
      await pruneWhenDue(now);
      return { accepted };
    },

    /** The reports received in the last `sinceMs`, newest first (the operator's view). */
    async list(options: { sinceMs?: number | undefined; limit?: number | undefined }): Promise<StoredErrorReport[]> {
      const since = new Date(context.clock.now() - (options.sinceMs ?? ERROR_REPORTS_DEFAULT_SINCE_MS));
      const limit = Math.min(ERROR_REPORTS_MAX_LISTED, Math.max(1, options.limit ?? 50));
      return (await listErrorReports(context.db, { since, limit })).map(toStored);
    },
  };
}

export type ErrorReports = ReturnType<typeof createErrorReports>;
