/**
 * The open live-event streams of this app server, counted per user, per client address and in all.
 * A user's streams are capped (lower for an account younger than a day): opening one more closes
 * that user's oldest, so a script (or a tab left open per day) cannot hold thousands of connections.
 * One client address holds at most `perAddress` streams, so many accounts made from one place cannot
 * fill the server; past that, and past the global cap, a stream that needs a new place is refused.
 */
export interface StreamSlot {
  /** Gives the place back; call once when the stream ends, however it ends. */
  release(): void;
}

export interface StreamLimits {
  perUser: number;
  /** The per-user cap of an account younger than a day. */
  perNewAccount: number;
  perAddress: number;
  total: number;
}

export interface StreamRequest {
  userId: string;
  /** The client's address (undefined when called in-process, which no address cap counts). */
  address: string | undefined;
  newAccount: boolean;
}

export type StreamOpening = { slot: StreamSlot } | { refused: 'server-full' | 'address-full' };

export interface StreamRegistry {
  /**
   * Takes a place for a new stream of the user; `supersede` is called if a newer stream of the same
   * user later takes its place. Refused when the server, or the client's address, is full.
   */
  open(request: StreamRequest, supersede: () => void): StreamOpening;
  count(userId?: string): number;
  countAddress(address: string): number;
}

interface Entry {
  address: string | undefined;
  supersede: () => void;
}

export function createStreamRegistry(limits: StreamLimits): StreamRegistry {
  const byUser = new Map<string, Entry[]>();
  const byAddress = new Map<string, number>();
  let total = 0;
  const addTo = (address: string | undefined, by: number) => {
    if (address === undefined) {
      return;
    }
    const next = (byAddress.get(address) ?? 0) + by;
    if (next <= 0) {
      byAddress.delete(address);
    } else {
      byAddress.set(address, next);
    }
  };
  const remove = (entry: Entry) => {
    total -= 1;
    addTo(entry.address, -1);
  };
  return {
    open({ userId, address, newAccount }, supersede) {
      const perUser = newAccount ? Math.min(limits.perNewAccount, limits.perUser) : limits.perUser;
      const streams = byUser.get(userId) ?? [];
      // At the user's cap the new stream takes the oldest one's place instead of a new one.
      const replaced = streams.length >= perUser ? streams[0] : undefined;
      if (replaced === undefined && total >= limits.total) {
        return { refused: 'server-full' };
      }
      if (
        address !== undefined &&
        (byAddress.get(address) ?? 0) >= limits.perAddress &&
        replaced?.address !== address
      ) {
        return { refused: 'address-full' };
      }
      const entry: Entry = { address, supersede };
      streams.push(entry);
      byUser.set(userId, streams);
      total += 1;
      addTo(address, 1);
      while (streams.length > perUser) {
        const oldest = streams.shift()!;
        remove(oldest);
        oldest.supersede();
      }
      let released = false;
      return {
        slot: {
          release() {
            if (released) {
              return;
            }
            released = true;
            const index = streams.indexOf(entry);
            if (index >= 0) {
              streams.splice(index, 1);
              remove(entry);
            }
            if (streams.length === 0 && byUser.get(userId) === streams) {
              byUser.delete(userId);
            }
          },
        },
      };
    },
    count(userId) {
      return userId === undefined ? total : (byUser.get(userId)?.length ?? 0);
    },
    countAddress(address) {
      return byAddress.get(address) ?? 0;
    },
  };
}
