/**
 * The open live-event streams of this app server, counted per user and in all. A user's streams are
 * capped: opening one more closes that user's oldest, so a script (or a tab left open per day)
 * cannot hold thousands of connections. Past the global cap a new stream is refused.
 */
export interface StreamSlot {
  /** Gives the place back; call once when the stream ends, however it ends. */
  release(): void;
}

export interface StreamRegistry {
  /**
   * Takes a place for a new stream of the user; `supersede` is called if a newer stream of the same
   * user later takes its place. `null` when the server is full.
   */
  open(userId: string, supersede: () => void): StreamSlot | null;
  count(userId?: string): number;
}

export function createStreamRegistry(limits: { perUser: number; total: number }): StreamRegistry {
  const byUser = new Map<string, { supersede: () => void }[]>();
  let total = 0;
  return {
    open(userId, supersede) {
      const streams = byUser.get(userId) ?? [];
      if (streams.length < limits.perUser && total >= limits.total) {
        return null;
      }
      const entry = { supersede };
      streams.push(entry);
      byUser.set(userId, streams);
      total += 1;
      while (streams.length > limits.perUser) {
        const oldest = streams.shift()!;
        total -= 1;
        oldest.supersede();
      }
      let released = false;
      return {
        release() {
          if (released) {
            return;
          }
          released = true;
          const index = streams.indexOf(entry);
          if (index >= 0) {
            streams.splice(index, 1);
            total -= 1;
          }
          if (streams.length === 0 && byUser.get(userId) === streams) {
            byUser.delete(userId);
          }
        },
      };
    },
    count(userId) {
      return userId === undefined ? total : (byUser.get(userId)?.length ?? 0);
    },
  };
}
