/** SQL for the page-view counts (migration 0030): one row per runner and screen. */
import type { Db } from './db.ts';

/** Adds each screen's views to the runner's counts, in one statement (all or nothing). */
export async function addPageViews(db: Db, userId: string, counts: ReadonlyMap<string, number>): Promise<void> {
  if (counts.size === 0) {
    return;
  }
  await db
    .insertInto('pageViews')
    .values([...counts].map(([path, count]) => ({ userId, path, count })))
    .onConflict((conflict) =>
      conflict
        .columns(['userId', 'path'])
        .doUpdateSet((eb) => ({ count: eb('pageViews.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

/** The runner's most viewed screens, most first (ties by path, so the order is stable). */
export function mostViewedScreens(db: Db, userId: string, limit: number): Promise<{ path: string; count: number }[]> {
  return db
    .selectFrom('pageViews')
    .select(['path', 'count'])
    .where('userId', '=', userId)
    .orderBy('count', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
}
