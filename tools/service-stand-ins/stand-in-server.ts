// What every stand-in shares: a node:http server on a free loopback port, a request log (for cache
// tests) and fault switches (status 500, a slow answer, a malformed body, no answer at all, a huge
// body, a rewritten answer), each for the next `count` requests, taken as a request arrives.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface StandInFaults {
  /** The next `count` requests answer this status with a JSON error body. */
  error: { count: number; status: number } | null;
  /** The next `count` requests wait `ms` before answering. */
  slow: { count: number; ms: number } | null;
  /** The next `count` requests answer 200 with a body that is not JSON. */
  malformed: { count: number } | null;
  /** The next `count` requests are held open and never answered (until the stand-in closes). */
  hang: { count: number } | null;
  /** The next `count` requests answer 200 with a JSON body of `bytes` bytes (a padded object), streamed. */
  huge: {
    count: number;
    bytes: number;
    /** Bytes written so far (a client that stops reading stops it). */ sent?: number;
  } | null;
  /** The next `count` answers are passed through `rewrite` before they are sent (hostile values). */
  rewrite: { count: number; rewrite: (body: unknown) => unknown } | null;
}

export interface StandIn {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Every request's path and query, in order. */
  requests: string[];
  faults: StandInFaults;
  close(): Promise<void>;
}

export type JsonHandler = (url: URL) => { status: number; body: unknown };

function takeOne<T extends { count: number }>(fault: T | null): T | null {
  if (fault === null || fault.count <= 0) {
    return null;
  }
  fault.count -= 1;
  return fault;
}

/** `{"pad":"xxx…"}` of `bytes` bytes, written in 64 KB chunks as the client reads them. */
function sendHuge(response: ServerResponse, huge: { bytes: number; sent?: number }): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  const chunk = 'x'.repeat(64 * 1024);
  let left = Math.max(0, huge.bytes - '{"pad":""}'.length);
  huge.sent = 0;
  response.write('{"pad":"');
  const pump = () => {
    while (left > 0) {
      const part = left >= chunk.length ? chunk : chunk.slice(0, left);
      left -= part.length;
      huge.sent = (huge.sent ?? 0) + part.length;
      if (!response.write(part)) {
        response.once('drain', pump);
        return;
      }
    }
    response.end('"}');
  };
  response.on('error', () => undefined);
  pump();
}

/** The fault one answer carries, the first that applies in this order. */
type AnswerFault =
  | { kind: 'error'; status: number }
  | { kind: 'malformed' }
  | { kind: 'huge'; huge: { bytes: number; sent?: number } }
  | { kind: 'rewrite'; rewrite: (body: unknown) => unknown };

function takeAnswerFault(faults: StandInFaults): AnswerFault | null {
  const error = takeOne(faults.error);
  if (error !== null) {
    return { kind: 'error', status: error.status };
  }
  if (takeOne(faults.malformed) !== null) {
    return { kind: 'malformed' };
  }
  const huge = takeOne(faults.huge);
  if (huge !== null) {
    return { kind: 'huge', huge };
  }
  const rewrite = takeOne(faults.rewrite);
  return rewrite === null ? null : { kind: 'rewrite', rewrite: rewrite.rewrite };
}

export async function startStandIn(handle: JsonHandler): Promise<StandIn> {
  const requests: string[] = [];
  const faults: StandInFaults = { error: null, slow: null, malformed: null, hang: null, huge: null, rewrite: null };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    };
    const answer = (fault: AnswerFault | null) => {
      if (fault?.kind === 'error') {
        send(fault.status, JSON.stringify({ error: true, reason: 'Injected fault' }));
      } else if (fault?.kind === 'malformed') {
        send(200, '{"truncated": [');
      } else if (fault?.kind === 'huge') {
        sendHuge(response, fault.huge);
      } else {
        const { status, body } = handle(url);
        send(status, JSON.stringify(fault?.kind === 'rewrite' ? fault.rewrite(body) : body));
      }
    };
    if (takeOne(faults.hang) !== null) {
      return;
    }
    const slow = takeOne(faults.slow);
    // Taken as the request arrives: a slow answer still on its way never takes a later request's fault.
    const fault = takeAnswerFault(faults);
    if (slow === null) {
      answer(fault);
    } else {
      setTimeout(() => answer(fault), slow.ms);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
