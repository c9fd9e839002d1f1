/** The session cache and the read cache on their own: what they keep, when they read again, what drops them. */
import { describe, expect, it } from 'vitest';
import { createLocalInvalidationBus } from './invalidation-bus.ts';
import { answerBytes, createReadCache } from './read-cache.ts';
import { createSessionCache, hashSecret, type CachedSession } from './session-cache.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const START = Date.UTC(2026, 10, 24, 12, 0, 0);

function sessionCache(options: { capacity?: number } = {}) {
  let now = START;
  const bus = createLocalInvalidationBus();
  const cache = createSessionCache({
    bus,
    now: () => now,
    lifetimeMs: 7 * DAY_MS,
    updateAgeMs: DAY_MS,
    ...options,
  });
  return {
    cache,
    bus,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const session = (overrides: Partial<CachedSession> = {}): CachedSession => ({
  userId: 'u1',
  email: 'runner@example.com',
  name: 'Runner',
  sessionId: 's1',
  disabled: false,
  expiresAt: START + 7 * DAY_MS,
  body: '{}',
  ...overrides,
});

/** A load that counts its calls and answers `answer`. */
function loader(answer: () => CachedSession | null) {
  const calls = { count: 0 };
  return {
    calls,
    load: () => {
      calls.count += 1;
      return Promise.resolve(answer());
    },
  };
}

describe('the session cache', () => {
  it('reads a session once, then answers from memory', async () => {
    const { cache } = sessionCache();
    const { calls, load } = loader(() => session());
    expect(await cache.read('token-a.sig', load)).toEqual(session());
    expect(await cache.read('token-a.sig', load)).toEqual(session());
    expect(calls.count).toBe(1);
  });

  it('keeps no answer for a cookie without a session', async () => {
    const { cache } = sessionCache();
    const { calls, load } = loader(() => null);
    expect(await cache.read('forged.sig', load)).toBeNull();
    expect(await cache.read('forged.sig', load)).toBeNull();
    expect(calls.count).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('refuses a session at its expiry without asking the database', async () => {
    const { cache, advance } = sessionCache();
    const { calls, load } = loader(() => session());
    await cache.read('token-a.sig', load);
    advance(7 * DAY_MS);
    expect(await cache.read('token-a.sig', load)).toBeNull();
    expect(calls.count).toBe(1);
  });

  it('reads the database again once the session is due for extension, and keeps the new expiry', async () => {
    const { cache, advance } = sessionCache();
    let expiresAt = START + 7 * DAY_MS;
    const { calls, load } = loader(() => session({ expiresAt }));
    await cache.read('token-a.sig', load);
    // Within its last day better-auth extends a used session: the cache must not answer for it.
    advance(6 * DAY_MS);
    expiresAt = START + 13 * DAY_MS;
    expect((await cache.read('token-a.sig', load))?.expiresAt).toBe(START + 13 * DAY_MS);
    expect(calls.count).toBe(2);
    expect((await cache.read('token-a.sig', load))?.expiresAt).toBe(START + 13 * DAY_MS);
    expect(calls.count).toBe(2);
  });

  it('reads the database again after the five-minute safety net', async () => {
    const { cache, advance } = sessionCache();
    const { calls, load } = loader(() => session());
    await cache.read('token-a.sig', load);
    advance(5 * 60 * 1000 - 1);
    await cache.read('token-a.sig', load);
    expect(calls.count).toBe(1);
    advance(1);
    await cache.read('token-a.sig', load);
    expect(calls.count).toBe(2);
  });

  it('forgets one session by its token, and every session of a user by the user', async () => {
    const { cache } = sessionCache();
    const a = loader(() => session());
    const b = loader(() => session({ sessionId: 's2' }));
    const other = loader(() => session({ userId: 'u2', sessionId: 's3' }));
    await cache.read('token-a.sig', a.load);
    await cache.read('token-b.sig', b.load);
    await cache.read('token-c.sig', other.load);

    await cache.sessionChanged('token-a');
    await cache.read('token-a.sig', a.load);
    await cache.read('token-b.sig', b.load);
    expect([a.calls.count, b.calls.count]).toEqual([2, 1]);

    await cache.userSessionsChanged('u1');
    await cache.read('token-a.sig', a.load);
    await cache.read('token-b.sig', b.load);
    await cache.read('token-c.sig', other.load);
    expect([a.calls.count, b.calls.count, other.calls.count]).toEqual([3, 2, 1]);
  });

  it('does not keep an answer read while the session was being ended', async () => {
    const { cache } = sessionCache();
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<CachedSession>((resolve) => {
        release = () => resolve(session());
      });
    const reading = cache.read('token-a.sig', slow);
    await cache.userSessionsChanged('u1');
    release();
    expect(await reading).toEqual(session());
    expect(cache.size()).toBe(0);
  });

  it('keeps at most its capacity, forgetting the least recently used', async () => {
    const { cache } = sessionCache({ capacity: 2 });
    const a = loader(() => session());
    const b = loader(() => session({ sessionId: 's2' }));
    const c = loader(() => session({ sessionId: 's3' }));
    await cache.read('token-a.sig', a.load);
    await cache.read('token-b.sig', b.load);
    await cache.read('token-a.sig', a.load);
    await cache.read('token-c.sig', c.load);
    expect(cache.size()).toBe(2);
    await cache.read('token-a.sig', a.load);
    await cache.read('token-b.sig', b.load);
    expect([a.calls.count, b.calls.count]).toEqual([1, 2]);
  });

  it('sends only a hash of the token to the other app servers', async () => {
    const { cache, bus } = sessionCache();
    const sent: unknown[] = [];
    bus.subscribe((message) => void sent.push(message));
    await cache.sessionChanged('secret-token');
    expect(sent).toEqual([{ kind: 'session', tokenHash: hashSecret('secret-token') }]);
    expect(JSON.stringify(sent)).not.toContain('secret-token');
  });
});

describe('the read cache', () => {
  function readCache() {
    let now = START;
    const bus = createLocalInvalidationBus();
    return {
      cache: createReadCache({ bus, now: () => now }),
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('keeps each user’s answer under its key, apart from other users and keys', async () => {
    const { cache } = readCache();
    let loads = 0;
    const load = (value: string) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    expect(await cache.get('u1', 'list', load('u1 list'))).toBe('u1 list');
    expect(await cache.get('u1', 'list', load('changed'))).toBe('u1 list');
    expect(await cache.get('u2', 'list', load('u2 list'))).toBe('u2 list');
    expect(await cache.get('u1', 'profile', load('u1 profile'))).toBe('u1 profile');
    expect(loads).toBe(3);
  });

  it('drops only that user’s answers when told', async () => {
    const { cache } = readCache();
    await cache.get('u1', 'list', () => Promise.resolve('old'));
    await cache.get('u2', 'list', () => Promise.resolve('theirs'));
    await cache.invalidateUser('u1');
    expect(await cache.get('u1', 'list', () => Promise.resolve('new'))).toBe('new');
    expect(await cache.get('u2', 'list', () => Promise.resolve('other'))).toBe('theirs');
  });

  it('never keeps an error', async () => {
    const { cache } = readCache();
    await expect(cache.get('u1', 'list', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('u1', 'list', () => Promise.resolve('up'))).toBe('up');
  });

  it('does not keep an answer read while a write dropped the user’s answers', async () => {
    const { cache } = readCache();
    let release: () => void = () => undefined;
    const reading = cache.get(
      'u1',
      'list',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('before the write');
        }),
    );
    await cache.invalidateUser('u1');
    release();
    expect(await reading).toBe('before the write');
    expect(await cache.get('u1', 'list', () => Promise.resolve('after the write'))).toBe('after the write');
  });

  it('keeps the answer of a read begun after the write, while one begun before it is still in flight', async () => {
    const { cache } = readCache();
    const pending = () => {
      let release: (value: string) => void = () => undefined;
      const load = () =>
        new Promise<string>((resolve) => {
          release = resolve;
        });
      return { load, release: (value: string) => release(value) };
    };
    const before = pending();
    const beforeReading = cache.get('u1', 'list', before.load);
    await cache.invalidateUser('u1');
    const after = pending();
    const afterReading = cache.get('u1', 'profile', after.load);
    before.release('list before the write');
    expect(await beforeReading).toBe('list before the write');
    after.release('profile after the write');
    expect(await afterReading).toBe('profile after the write');

    expect(await cache.get('u1', 'profile', () => Promise.resolve('read again'))).toBe('profile after the write');
    expect(await cache.get('u1', 'list', () => Promise.resolve('list read again'))).toBe('list read again');
  });

  it('reads again after the five-minute safety net', async () => {
    const { cache, advance } = readCache();
    await cache.get('u1', 'list', () => Promise.resolve('first'));
    advance(5 * 60 * 1000);
    expect(await cache.get('u1', 'list', () => Promise.resolve('second'))).toBe('second');
  });

  it('serves a loaded answer what it said to keep, until the time it said, and keeps nothing when told', async () => {
    const { cache, advance } = readCache();
    const loaded = (answer: string, keep: { answer: string; until: number } | null) => () =>
      Promise.resolve({ answer, keep });
    expect(await cache.getLoaded('u1', 'weather', loaded('fetched', { answer: 'cached', until: START + 60_000 }))).toBe(
      'fetched',
    );
    advance(59_999);
    expect(await cache.getLoaded('u1', 'weather', loaded('again', null))).toBe('cached');
    advance(1);
    expect(await cache.getLoaded('u1', 'weather', loaded('unavailable', null))).toBe('unavailable');
    expect(await cache.getLoaded('u1', 'weather', loaded('up', { answer: 'up', until: START + 120_000 }))).toBe('up');
    expect(await cache.getLoaded('u1', 'weather', loaded('not read', null))).toBe('up');
  });
});

describe('the read cache’s memory bound', () => {
  /** One user's answer of about `size` characters of JSON. */
  const answer = (user: number, size = 1000) => ({ user: String(user).padStart(4, '0'), text: 'x'.repeat(size) });

  it('keeps the estimated size of every user’s answers within the budget, the least recently used out', async () => {
    const perAnswer = answerBytes('list', answer(0));
    const maxBytes = 100 * perAnswer;
    const cache = createReadCache({ bus: createLocalInvalidationBus(), now: () => START, maxBytes });
    let loads = 0;
    const read = (user: number) =>
      cache.get(`u${user}`, 'list', () => {
        loads += 1;
        return Promise.resolve(answer(user));
      });
    for (let user = 0; user < 100; user += 1) {
      await read(user);
    }
    expect(cache.stats()).toEqual({ answers: 100, users: 100, bytes: 100 * perAnswer });
    // Users 0 to 9 read again: they become the most recently used.
    for (let user = 0; user < 10; user += 1) {
      await read(user);
    }
    expect(loads).toBe(100);
    // A thousand more users: whatever their number, the budget holds.
    for (let user = 100; user < 1100; user += 1) {
      await read(user);
      expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.stats()).toEqual({ answers: 100, users: 100, bytes: 100 * perAnswer });

    loads = 0;
    await read(1099);
    expect(loads).toBe(0);
    await read(0);
    expect(loads).toBe(1);
  });

  it('serves an answer larger than the whole budget without keeping it or dropping others for it', async () => {
    const small = answerBytes('list', answer(0, 100));
    const cache = createReadCache({ bus: createLocalInvalidationBus(), now: () => START, maxBytes: 10 * small });
    for (let user = 0; user < 10; user += 1) {
      await cache.get(`u${user}`, 'list', () => Promise.resolve(answer(user, 100)));
    }
    const huge = answer(0, 50 * 100);
    expect(answerBytes('huge', huge)).toBeGreaterThan(10 * small);
    expect(await cache.get('u0', 'huge', () => Promise.resolve(huge))).toEqual(huge);
    expect(cache.stats()).toEqual({ answers: 10, users: 10, bytes: 10 * small });
    expect(await cache.get('u0', 'huge', () => Promise.resolve('read again'))).toBe('read again');
  });

  it('gives back the bytes of what a write drops', async () => {
    const cache = createReadCache({ bus: createLocalInvalidationBus(), now: () => START });
    await cache.get('u1', 'list', () => Promise.resolve(answer(1)));
    await cache.get('u2', 'list', () => Promise.resolve(answer(2)));
    await cache.invalidateUser('u1');
    expect(cache.stats()).toEqual({ answers: 1, users: 1, bytes: answerBytes('list', answer(2)) });
  });
});

describe('the read cache turned off (READ_CACHE=false)', () => {
  it('loads every read again and keeps nothing', async () => {
    const reads = createReadCache({ bus: createLocalInvalidationBus(), now: () => START, enabled: false });
    let loads = 0;
    const load = () => Promise.resolve(`answer ${(loads += 1)}`);
    expect(await reads.get('u1', 'list', load)).toBe('answer 1');
    expect(await reads.get('u1', 'list', load)).toBe('answer 2');
    expect(loads).toBe(2);
  });
});

describe('when invalidations from other servers may have been missed', () => {
  it('both caches forget everything, and keep no answer read across it', async () => {
    const { cache: sessions, bus } = sessionCache();
    const reads = createReadCache({ bus, now: () => START });
    await sessions.read('token-a.sig', () => Promise.resolve(session()));
    await reads.get('u1', 'list', () => Promise.resolve('old list'));
    let release: () => void = () => undefined;
    const reading = reads.get(
      'u2',
      'list',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('read before the gap');
        }),
    );

    await bus.publish({ kind: 'everything' });
    release();
    expect(await reading).toBe('read before the gap');

    const { calls, load } = loader(() => session({ name: 'Renamed elsewhere' }));
    expect(await sessions.read('token-a.sig', load)).toEqual(session({ name: 'Renamed elsewhere' }));
    expect(calls.count).toBe(1);
    expect(await reads.get('u1', 'list', () => Promise.resolve('new list'))).toBe('new list');
    expect(await reads.get('u2', 'list', () => Promise.resolve('read after the gap'))).toBe('read after the gap');
  });
});
