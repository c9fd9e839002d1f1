/** Live-event streams (/api/events) opened as a signed-in browser would, read as they arrive. */
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import type { TestServer } from './test-server.ts';
import { cookieHeader } from './uploads.ts';

export interface OpenStream {
  /** Everything read so far. */
  text: () => string;
  /** Resolves when the server ends the stream (or the test aborts it). */
  ended: Promise<void>;
  closed: () => boolean;
  abort: () => void;
}

/** Opens a stream (with any `headers` more) and waits for its `ready` event. */
export async function openEventStream(
  server: Pick<TestServer, 'url'>,
  client: ApiClient,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    headers: { ...headers, cookie: cookieHeader(client) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let closed = false;
  while (!received.includes('event: ready')) {
    received += (await reader.read()).value ?? '';
  }
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          break;
        }
        received += value;
      }
    } catch {
      // Aborted by the test.
    }
    closed = true;
  })();
  return { text: () => received, ended, closed: () => closed, abort: () => controller.abort() };
}
