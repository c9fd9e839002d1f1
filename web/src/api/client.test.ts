import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_WRITE_CODE, OFFLINE_WRITE_REFUSED } from '../../../core/offline.ts';
import { api, ApiError, refuseWriteWhenOffline, requestJson, unwrap } from './client.ts';

/** What reached the network: each request the client handed to fetch. */
let sent: { url: string; method: string }[];
let online: boolean;

beforeEach(() => {
  sent = [];
  online = true;
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), 'http://localhost'), init);
    sent.push({ url: new URL(request.url).pathname, method: request.method });
    return Promise.resolve(Response.json({ ok: true }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a change asked for while offline', () => {
  it('is refused with the sentence before anything is sent', async () => {
    online = false;
    const error = await failure(unwrap(api.profile.$patch({ json: { firstName: 'Ada' } })));
    expect(error.message).toBe(OFFLINE_WRITE_REFUSED);
    expect(error.message).toBe("You're offline, so this change was not saved. Try again when you're back online.");
    expect(error.details).toEqual({ type: 'network_error', code: OFFLINE_WRITE_CODE, message: OFFLINE_WRITE_REFUSED });
    expect(error.status).toBe(0);
    expect(sent).toEqual([]);
  });

  it('is refused on the untyped endpoints too (signing out)', async () => {
    online = false;
    const error = await failure(requestJson('/api/auth/sign-out', { body: {} }));
    expect(error.message).toBe(OFFLINE_WRITE_REFUSED);
    expect(sent).toEqual([]);
  });

  it('is sent as usual online', async () => {
    await unwrap(api.profile.$patch({ json: { firstName: 'Ada' } }));
    expect(sent).toEqual([{ url: '/api/profile', method: 'PATCH' }]);
  });

  it('leaves reads to the network, online or not', async () => {
    online = false;
    await requestJson('/api/auth/get-session', { method: 'GET' });
    expect(sent).toEqual([{ url: '/api/auth/get-session', method: 'GET' }]);
  });

  it('refuses every method that changes something, and no read', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(() => refuseWriteWhenOffline(method, false)).toThrow(OFFLINE_WRITE_REFUSED);
      expect(() => refuseWriteWhenOffline(method, true)).not.toThrow();
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(() => refuseWriteWhenOffline(method, false)).not.toThrow();
    }
  });
});
