/**
 * Which work a query belongs to: a request's (the default) or background work's (the job queues,
 * the Strava sync). On PGlite, where one connection is handed out in turn (pglite-dialect.ts),
 * background work gives way to requests; PostgreSQL's pool serves both alike.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work: every query it makes, awaited or not, waits for requests first. */
export function runInBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
