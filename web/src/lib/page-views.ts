/**
 * Page views (spec §2, core/page-views.ts): each route change of a signed-in runner is queued by
 * its route pattern and sent in batches to POST /api/analytics/page-views: every 30 s, by beacon
 * when the page is left, and before My Stride reads the counts.
 */
import {
  PAGE_VIEW_BATCH_SIZE,
  PAGE_VIEW_FLUSH_INTERVAL_MS,
  PAGE_VIEWS_KEPT,
  pageViewPattern,
  type PageViewPattern,
} from '../../../core/page-views.ts';
import { createBatchQueue, type BatchQueue, type SendOutcome } from './batch-queue.ts';

export interface PageViewTrackerDeps {
  send(views: PageViewPattern[]): Promise<SendOutcome>;
  /** Calls `run` every `ms`; returns the function that stops it. */
  every(ms: number, run: () => void): () => void;
}

export interface PageViewTracker extends Omit<BatchQueue<PageViewPattern>, 'add'> {
  /** A route change to `pathname`; a path no route names is not counted. */
  view(pathname: string): void;
}

export function createPageViewTracker(deps: PageViewTrackerDeps): PageViewTracker {
  const queue = createBatchQueue<PageViewPattern>({
    send: (views) => deps.send(views),
    batchSize: PAGE_VIEW_BATCH_SIZE,
    kept: PAGE_VIEWS_KEPT,
    intervalMs: PAGE_VIEW_FLUSH_INTERVAL_MS,
    every: (ms, run) => deps.every(ms, run),
  });
  return {
    view(pathname) {
      const pattern = pageViewPattern(pathname);
      if (pattern !== null) {
        queue.add(pattern);
      }
    },
    flush: () => queue.flush(),
    leave: (beacon) => queue.leave(beacon),
    waiting: () => queue.waiting(),
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
}
