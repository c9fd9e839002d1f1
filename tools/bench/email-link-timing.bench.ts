/**
 * Whether the time of a mail request tells if an address has an account: password-reset and
 * sign-in-link requests for a runner's address and for unknown addresses, interleaved, on one PGlite
 * app server in this process. Each request is timed alone: before the next, the job it queued is
 * worked off (untimed), so no mail of the one before runs beside it. Target: the medians
 * of the two differ by at most 1 ms on each endpoint (the request does the same work: it queues one job).
 */
import type { RunningServer } from '../../server/server.ts';
import type { Bench, BenchCheck } from './bench.ts';
import { median, startBenchServer } from './server-fixture.ts';

const REQUESTS_EACH = 100;
const SETTLE_POLL_MS = 5;
const TARGET_DIFFERENCE_MS = 1;
const ENDPOINTS = ['/api/auth/request-password-reset', '/api/auth/sign-in/magic-link'] as const;

async function timedRequest(url: string, path: string, email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}`);
  }
  return elapsed;
}

/** Waits (untimed) until no queued mail request is waiting or running. */
async function settled(server: RunningServer): Promise<void> {
  for (;;) {
    const { rows } = await server.database.executeSql(
      "select count(*)::int as waiting from pgboss.job where name = 'email-link-request' and state in ('created', 'retry', 'active')",
    );
    if (Number(rows[0]?.waiting) === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

export const emailLinkTimingBench: Bench = {
  name: 'Mail requests: an account and an unknown address take the same time',
  id: 'email-link-timing',
  async run() {
    // Far above any bench traffic: the per-address limit would otherwise answer 429.
    const bench = await startBenchServer({ AUTH_RATE_LIMIT_MAX: '1000000' });
    const rows: string[][] = [];
    const checks: BenchCheck[] = [];
    try {
      for (const path of ENDPOINTS) {
        const known: number[] = [];
        const unknown: number[] = [];
        for (let index = 0; index < REQUESTS_EACH; index += 1) {
          known.push(await timedRequest(bench.server.url, path, 'bench@example.com'));
          await settled(bench.server);
          unknown.push(await timedRequest(bench.server.url, path, `nobody-${index}@example.com`));
          await settled(bench.server);
        }
        const difference = Math.abs(median(known) - median(unknown));
        rows.push([
          path,
          `${median(known).toFixed(2)} ms`,
          `${median(unknown).toFixed(2)} ms`,
          `${difference.toFixed(2)} ms`,
        ]);
        checks.push({
          label: `${path}: medians differ by ≤ ${TARGET_DIFFERENCE_MS} ms`,
          measured: `${difference.toFixed(2)} ms`,
          passed: difference <= TARGET_DIFFERENCE_MS,
        });
      }
    } finally {
      await bench.close();
    }
    return {
      headers: ['endpoint', 'account (median)', 'unknown address (median)', 'difference'],
      rows,
      checks,
      notes: [`${REQUESTS_EACH} requests of each, interleaved, one at a time, each alone, on PGlite.`],
    };
  },
};
