/**
 * The load benchmark's own load generator, for traffic autocannon cannot make: requests whose
 * cookie, path and body change per request (a random runner of a club, a write followed by the read
 * that must show it). A fixed number of connections each run one loop of requests on a keep-alive
 * socket of their own until the time is up; every answer's latency is kept under its kind.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  /** The body as text, read only when asked for (`read: true`), else ''. */
  body: string;
}

export interface Target {
  url: string;
  agent: http.Agent;
}

/** One keep-alive socket pool per app server, `sockets` wide. */
export function target(url: string, sockets: number): Target {
  return { url, agent: new http.Agent({ keepAlive: true, maxSockets: sockets }) };
}

/**
 * One request; the answer's body is decoded only when `read` (the server compresses as it does for
 * a browser, and the generator spends no CPU on bodies it does not look at).
 */
export function send(
  to: Target,
  method: string,
  path: string,
  cookie: string,
  { body, read = false }: { body?: unknown; read?: boolean } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${to.url}${path}`,
      {
        method,
        agent: to.agent,
        headers: {
          cookie,
          'accept-encoding': 'gzip',
          ...(payload === undefined ? {} : { 'content-type': 'application/json', origin: to.url }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (read) {
            chunks.push(chunk);
          }
        });
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = !read
            ? ''
            : response.headers['content-encoding'] === 'gzip'
              ? gunzipSync(raw).toString('utf8')
              : raw.toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The latencies of one kind of request, in ms. */
export class Latencies {
  private readonly values: number[] = [];
  failed = 0;

  add(ms: number): void {
    this.values.push(ms);
  }

  /** Forgets every latency and failure (after a warm-up). */
  reset(): void {
    this.values.length = 0;
    this.failed = 0;
  }

  get count(): number {
    return this.values.length;
  }

  /** The value below which `share` (0–1) of them fall, in whole ms; 0 without any. */
  percentile(share: number): number {
    if (this.values.length === 0) {
      return 0;
    }
    const sorted = [...this.values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0);
  }
}

/** A request timed into `into`; a non-2xx answer or a failed request counts as failed. */
export async function timed(into: Latencies, request: () => Promise<Answer>): Promise<Answer | undefined> {
  const started = performance.now();
  try {
    const answer = await request();
    into.add(performance.now() - started);
    if (answer.status < 200 || answer.status >= 300) {
      into.failed += 1;
    }
    return answer;
  } catch {
    into.failed += 1;
    return undefined;
  }
}

/**
 * Runs `connections` loops of `step` (given the connection's index) for `seconds`; the wall time
 * they took, in seconds.
 */
export async function drive(
  connections: number,
  seconds: number,
  step: (connection: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < endAt) {
        await step(connection);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** A small deterministic random source (mulberry32), so two runs ask for the same runners. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
