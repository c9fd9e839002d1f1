/**
 * The browser's side of page views (lib/page-views.ts): views go to POST /api/analytics/page-views
 * on this server every 30 s, and the next batch waiting goes by beacon when the page is left.
 */
import type { PageViewPattern } from '../../../core/page-views.ts';
import type { SendOutcome } from '../lib/batch-queue.ts';
import { createPageViewTracker } from '../lib/page-views.ts';

const ENDPOINT = '/api/analytics/page-views';

async function send(views: PageViewPattern[]): Promise<SendOutcome> {
  try {
    const response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ views }),
    });
    if (response.ok) {
      return 'received';
    }
    // Too many, or the server failing: later. Anything else (signed out, refused) it will never take.
    return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
  } catch {
    return 'retry';
  }
}

export const pageViews = createPageViewTracker({
  send,
  every: (ms, run) => {
    const timer = window.setInterval(run, ms);
    return () => window.clearInterval(timer);
  },
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
