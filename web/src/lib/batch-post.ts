/**
 * How the browser's batch queues (lib/batch-queue.ts) reach Stride's own server: a batch is POSTed
 * as JSON, and the answer says what became of it; their flush timer is the window's interval.
 */
import type { SendOutcome } from './batch-queue.ts';

/** Sends one batch; too many or a failing server means later, any other refusal never. */
export async function postBatch(endpoint: string, body: unknown): Promise<SendOutcome> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    if (response.ok) {
      return 'received';
    }
    return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
  } catch {
    return 'retry';
  }
}

/** Calls `run` every `ms`; returns the function that stops it. */
export function everyInterval(ms: number, run: () => void): () => void {
  const timer = window.setInterval(run, ms);
  return () => window.clearInterval(timer);
}
