/** The error reports the web app sends (migration 0028): stored once per report id, read by the operator. */
import type { Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { ErrorReportsTable } from './schema.ts';

export type ErrorReportRow = Selectable<ErrorReportsTable>;

/** Stores the reports not stored yet (a batch sent twice is kept once); returns how many were new. */
export async function insertErrorReports(db: Db, reports: readonly ErrorReportRow[]): Promise<number> {
  if (reports.length === 0) {
    return 0;
  }
  const inserted = await db
    .insertInto('errorReports')
    .values([...reports])
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The newest reports received since `since`, newest first. */
export function listErrorReports(db: Db, options: { since: Date; limit: number }): Promise<ErrorReportRow[]> {
  return db
    .selectFrom('errorReports')
    .selectAll()
    .where('receivedAt', '>=', options.since)
    .orderBy('receivedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}

/** Removes the reports received before `before`; returns how many. */
export async function deleteErrorReportsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('errorReports').where('receivedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the oldest reports past the newest `keep` (by the time received); returns how many. */
export async function deleteErrorReportsBeyond(db: Db, keep: number): Promise<number> {
  const result = await db
    .deleteFrom('errorReports')
    .where('id', 'in', (eb) => eb.selectFrom('errorReports').select('id').orderBy('receivedAt', 'desc').offset(keep))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
