/**
 * GET /api/events over HTTP: open live-event streams are capped per user (the oldest is closed with
 * a `superseded` event) and per server (503 with a sentence), and other users are unaffected.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { NEW_ACCOUNT_STREAM_AGE_MS, STREAM_SUPERSEDED_EVENT } from '../../core/events.ts';
import { fixedClock } from '../test-support/clock.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { openEventStream, type OpenStream } from '../test-support/event-streams.ts';
import { cookieHeader } from '../test-support/uploads.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const PER_USER = 4;
const TOTAL = 7;
/** The per-user cap above for every account, new or not, and no address cap in reach. */
const LIMITS = { perUser: PER_USER, perNewAccount: PER_USER, perAddress: 1_000, total: TOTAL };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ eventStreams: LIMITS });
});

afterAll(async () => {
  await server.stop();
});

function openStream(client: ApiClient, on: TestServer = server): Promise<OpenStream> {
  return openEventStream(on, client);
}

describe('GET /api/events stream limits', () => {
  it('closes the oldest streams of a user past the per-user limit and leaves other users alone', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    const otherStream = await openStream(other.client);
    const streams: OpenStream[] = [];
    for (let index = 0; index < PER_USER + 2; index += 1) {
      streams.push(await openStream(runner.client));
    }

    await Promise.all([streams[0]!.ended, streams[1]!.ended]);
    expect(streams[0]!.text()).toContain(`event: ${STREAM_SUPERSEDED_EVENT}`);
    expect(streams[1]!.text()).toContain(`event: ${STREAM_SUPERSEDED_EVENT}`);
    // The live ones still get events: one published for the runner reaches each of them.
    const event = JSON.stringify({ userId: runner.id, event: { type: 'activities-changed' } });
    await sql`select pg_notify('stride_events', ${event})`.execute(server.database.db);
    await expect
      .poll(() => streams.slice(2).every((stream) => stream.text().includes('event: activities-changed')))
      .toBe(true);
    expect(streams.slice(2).some((stream) => stream.closed())).toBe(false);
    expect(otherStream.closed()).toBe(false);
    expect(otherStream.text()).not.toContain(STREAM_SUPERSEDED_EVENT);

    for (const stream of [...streams, otherStream]) {
      stream.abort();
    }
    await Promise.all([...streams, otherStream].map((stream) => stream.ended));
  });

  it('answers 503 with a sentence when the server holds its most streams', async () => {
    // A server of its own, so that streams of the test above still closing do not count.
    const full = await startTestServer({ eventStreams: LIMITS });
    try {
      const users = await Promise.all(Array.from({ length: 2 }, () => registerUser(full)));
      const streams: OpenStream[] = [];
      // Two users, at most PER_USER each, fill the server's TOTAL places.
      for (let index = 0; index < TOTAL; index += 1) {
        streams.push(await openStream(users[index % 2]!.client, full));
      }
      const newcomer = await registerUser(full);
      const refused = await newcomer.client.get('/api/events');
      expectApiError(refused, 503, { type: 'system_error', message: HTTP_MESSAGES.tooManyStreams });
      expect(refused.headers.get('retry-after')).toBe('60');

      // A place given back is free again, once the server has seen the stream end.
      streams[0]!.abort();
      await streams[0]!.ended;
      await expect.poll(() => streamStatus(newcomer.client, full)).toBe(200);
      for (const stream of streams) {
        stream.abort();
      }
      await Promise.all(streams.map((stream) => stream.ended));
    } finally {
      await full.stop();
    }
  });
});

/** Opens a stream, notes its status and closes it again. */
async function streamStatus(client: ApiClient, on: TestServer, headers: Record<string, string> = {}): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${on.url}/api/events`, {
    headers: { ...headers, cookie: cookieHeader(client) },
    signal: controller.signal,
  });
  controller.abort();
  return response.status;
}

describe('GET /api/events caps for new accounts and per client address', () => {
  /** Each client address may hold 3; an account younger than a day 2; others 4; the server 10. */
  const CAPS = { perUser: PER_USER, perNewAccount: 2, perAddress: 3, total: 10 };
  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** The servers' clock: accounts' ages are counted from it. */
  const clock = fixedClock(Date.UTC(2026, 10, 25, 12));
  const madeAgo = async (on: TestServer, userId: string, ms: number) => {
    const createdAt = new Date(clock.now() - ms);
    await on.database.db.updateTable('authUsers').set({ createdAt }).where('id', '=', userId).execute();
  };

  it('an account younger than a day holds 2 streams; one a day old holds the per-user 4', async () => {
    const capped = await startTestServer({ eventStreams: CAPS, trustProxyHops: 1 }, { clock });
    const streams: OpenStream[] = [];
    try {
      const young = await registerUser(capped);
      const old = await registerUser(capped);
      await madeAgo(capped, young.id, NEW_ACCOUNT_STREAM_AGE_MS - 60_000);
      await madeAgo(capped, old.id, NEW_ACCOUNT_STREAM_AGE_MS + 60_000);
      const youngStreams: OpenStream[] = [];
      for (let index = 0; index < 3; index += 1) {
        youngStreams.push(await openEventStream(capped, young.client, from(`10.0.1.${index}`)));
      }
      streams.push(...youngStreams);
      await youngStreams[0]!.ended;
      expect(youngStreams[0]!.text()).toContain(`event: ${STREAM_SUPERSEDED_EVENT}`);
      expect(youngStreams.slice(1).some((stream) => stream.closed())).toBe(false);

      const oldStreams: OpenStream[] = [];
      for (let index = 0; index < PER_USER; index += 1) {
        oldStreams.push(await openEventStream(capped, old.client, from(`10.0.2.${index}`)));
      }
      streams.push(...oldStreams);
      expect(oldStreams.some((stream) => stream.closed() || stream.text().includes(STREAM_SUPERSEDED_EVENT))).toBe(
        false,
      );
    } finally {
      for (const stream of streams) {
        stream.abort();
      }
      await Promise.all(streams.map((stream) => stream.ended));
      await capped.stop();
    }
  });

  it('many new accounts from one address cannot fill the server: past 3 they get 429, other runners still connect', async () => {
    const capped = await startTestServer({ eventStreams: CAPS, trustProxyHops: 1 }, { clock });
    const streams: OpenStream[] = [];
    try {
      const accounts = await Promise.all(Array.from({ length: 6 }, () => registerUser(capped)));
      // The first account's 2 (its cap as a new account) and the second's 1 fill the address's 3.
      for (const account of [accounts[0]!, accounts[0]!, accounts[1]!]) {
        streams.push(await openEventStream(capped, account.client, from('203.0.113.9')));
      }
      for (const account of accounts.slice(1)) {
        const refused = await account.client.get('/api/events', { headers: from('203.0.113.9') });
        expectApiError(refused, 429, {
          type: 'rate_limit_error',
          message: HTTP_MESSAGES.tooManyStreamsFromAddress,
        });
        expect(refused.headers.get('retry-after')).toBe('60');
      }
      // A runner at its cap there may still replace its own oldest stream at that address.
      streams.push(await openEventStream(capped, accounts[0]!.client, from('203.0.113.9')));
      await streams[0]!.ended;
      expect(streams[0]!.text()).toContain(`event: ${STREAM_SUPERSEDED_EVENT}`);
      // Runners elsewhere are not affected.
      const other = await registerUser(capped);
      streams.push(await openEventStream(capped, other.client, from('198.51.100.7')));

      // A place given back at that address is free again, once the server has seen the stream end.
      streams[1]!.abort();
      await streams[1]!.ended;
      await expect.poll(() => streamStatus(accounts[3]!.client, capped, from('203.0.113.9'))).toBe(200);
    } finally {
      for (const stream of streams) {
        stream.abort();
      }
      await Promise.all(streams.map((stream) => stream.ended));
      await capped.stop();
    }
  });
});
