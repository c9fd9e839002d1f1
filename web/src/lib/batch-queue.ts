/**
 * The browser's batching of what it reports to Stride's own server (error reports, page views):
 * items wait in a bounded queue (the oldest dropped past `kept`), a timer sends the next batch of
 * `batchSize` every `intervalMs`, one batch at a time, and a batch the server did not take for now
 * ("retry") stays for the next flush. When the page is left, the next batch goes by beacon.
 */

/** What became of a batch: received, refused for good (never sent again), or to be sent again later. */
export type SendOutcome = 'received' | 'refused' | 'retry';

export interface BatchQueueOptions<T> {
  send(batch: T[]): Promise<SendOutcome>;
  batchSize: number;
  /** At most this many wait; past it the oldest go. */
  kept: number;
  intervalMs: number;
  /** Calls `run` every `ms`; returns the function that stops it. */
  every(ms: number, run: () => void): () => void;
}

export interface BatchQueue<T> {
  /** Queues an item, at the end or (`first`) ahead of the others. */
  add(item: T, options?: { first?: boolean }): void;
  /** Sends the next batch waiting. */
  flush(): Promise<void>;
  /**
   * The page is being left: the next batch goes at once through `beacon` (which only queues it, as
   * a page that is going away cannot wait for an answer); it returns true when it was taken.
   */
  leave(beacon: (batch: T[]) => boolean): void;
  /** How many items wait to be sent. */
  waiting(): number;
  start(): void;
  stop(): void;
}

export function createBatchQueue<T>(options: BatchQueueOptions<T>): BatchQueue<T> {
  // Each item in its own entry: equal items (the same page viewed twice) stay two.
  let queue: { item: T }[] = [];
  let sending: Promise<void> | undefined;
  let stopTimer: (() => void) | undefined;

  const remove = (batch: { item: T }[]) => {
    const sent = new Set(batch);
    queue = queue.filter((entry) => !sent.has(entry));
  };

  async function sendNext(): Promise<void> {
    const batch = queue.slice(0, options.batchSize);
    if (batch.length === 0) {
      return;
    }
    let outcome: SendOutcome;
    try {
      outcome = await options.send(batch.map((entry) => entry.item));
    } catch {
      outcome = 'retry';
    }
    if (outcome !== 'retry') {
      remove(batch);
    }
  }

  const batches: BatchQueue<T> = {
    add(item, { first = false } = {}) {
      if (first) {
        queue.unshift({ item });
      } else {
        queue.push({ item });
      }
      queue.splice(0, Math.max(0, queue.length - options.kept));
    },
    flush() {
      // One batch at a time: a flush asked while one is out follows it.
      const next = (sending ?? Promise.resolve()).then(sendNext);
      sending = next.finally(() => {
        if (sending === next) {
          sending = undefined;
        }
      });
      return next;
    },
    leave(beacon) {
      const batch = queue.slice(0, options.batchSize);
      if (batch.length > 0 && beacon(batch.map((entry) => entry.item))) {
        remove(batch);
      }
    },
    waiting: () => queue.length,
    start() {
      stopTimer ??= options.every(options.intervalMs, () => void batches.flush());
    },
    stop() {
      stopTimer?.();
      stopTimer = undefined;
    },
  };
  return batches;
}
