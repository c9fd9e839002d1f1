/**
 * GET /api/events over HTTP: open live-event streams are capped per user (the oldest is closed with
 * a `superseded` event) and per server (503 with a sentence), and other users are unaffected.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { STREAM_SUPERSEDED_EVENT } from '../../core/events.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { openEventStream, type OpenStream } from '../test-support/event-streams.ts';
import { cookieHeader } from '../test-support/uploads.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const PER_USER = 4;
const TOTAL = 7;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ eventStreams: { perUser: PER_USER, total: TOTAL } });
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
    const full = await startTestServer({ eventStreams: { perUser: PER_USER, total: TOTAL } });
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
async function streamStatus(client: ApiClient, on: TestServer): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${on.url}/api/events`, {
    headers: { cookie: cookieHeader(client) },
    signal: controller.signal,
  });
  controller.abort();
  return response.status;
}
