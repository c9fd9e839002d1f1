/**
 * The browser's side of page views (lib/page-views.ts): views go to POST /api/analytics/page-views
 * on this server every 30 s, and the next batch waiting goes by beacon when the page is left.
 */
import type { PageViewPattern } from '../../../core/page-views.ts';
import { everyInterval, postBatch } from '../lib/batch-post.ts';
import { createPageViewTracker } from '../lib/page-views.ts';

const ENDPOINT = '/api/analytics/page-views';

export const pageViews = createPageViewTracker({
  send: (views: PageViewPattern[]) => postBatch(ENDPOINT, { views }),
  every: everyInterval,
});

export function startPageViews(): void {
  pageViews.start();
  // A page being left cannot wait for an answer: the browser sends the beacon after it has gone.
  window.addEventListener('pagehide', () =>
    pageViews.leave((views) =>
      navigator.sendBeacon(ENDPOINT, new Blob([JSON.stringify({ views })], { type: 'application/json' })),
    ),
  );
}
