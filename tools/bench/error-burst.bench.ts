/**
 * A burst of error reports: one signed-out client sends 1,000 report requests as fast as 10
 * connections allow while a signed-in runner opens the dashboard at a steady 100 requests a second.
 * The reports past the per-address limit (ERROR_REPORT_REQUESTS_PER_MINUTE) must be refused with
 * 429, and the runner's p99 must stay within 50 ms: it is measured first alone, then beside the
 * burst, on one PGlite app server in its own process (load-server.ts).
 */
import autocannon from 'autocannon';
import { ERROR_REPORT_REQUESTS_PER_MINUTE } from '../../core/error-reports.ts';
import type { Bench, BenchCheck } from './bench.ts';
import { DASHBOARD_PATHS, startServerProcess, stopServerProcess, totalCpuMs, type Server } from './load-support.ts';

const BURST_REQUESTS = 1000;
const BURST_CONNECTIONS = 10;
const RUNNER_RATE = 100;
const RUNNER_CONNECTIONS = 10;
const RUNNER_SECONDS = 5;
const TARGET_P99_MS = 50;

/** The runner's dashboard reads at a fixed rate, so both phases ask the server for the same work. */
function runnerTraffic(server: Server) {
  return autocannon({
    url: server.url,
    connections: RUNNER_CONNECTIONS,
    overallRate: RUNNER_RATE,
    duration: RUNNER_SECONDS,
    headers: { cookie: server.cookie, 'accept-encoding': 'gzip, deflate, br' },
    requests: DASHBOARD_PATHS.map((requestPath) => ({ method: 'GET', path: requestPath })),
  });
}

/** 1,000 requests of one report each, each with its own id, from one signed-out client. */
function reportBurst(server: Server) {
  let sent = 0;
  return autocannon({
    url: server.url,
    connections: BURST_CONNECTIONS,
    amount: BURST_REQUESTS,
    requests: [
      {
        method: 'POST',
        path: '/api/errors',
        headers: { 'content-type': 'application/json', origin: server.url },
        setupRequest: (request) => {
          sent += 1;
          const report = {
            id: `err_${Date.now()}_${sent.toString(36).padStart(8, '0')}`,
            type: 'unknown_error',
            severity: 'low',
            message: `Burst report ${sent}`,
            path: '/dashboard',
            occurredAt: new Date().toISOString(),
          };
          return { ...request, body: JSON.stringify({ reports: [report] }) };
        },
      },
    ],
  });
}

export const errorBurstBench: Bench = {
  name: `Error reports: a burst of ${BURST_REQUESTS} from one client beside a runner's dashboard`,
  id: 'errors',
  async run() {
    const server = await startServerProcess({ BENCH_ACTIVITIES: '1000', BENCH_ROLE: 'seed' });
    try {
      // Warm-up, so the JIT and the first reads of the runner's data are not part of either phase.
      await autocannon({ url: server.url, connections: 5, amount: 300, headers: { cookie: server.cookie } });
      const alone = await runnerTraffic(server);
      const cpuBefore = totalCpuMs([server]);
      const [beside, burst] = await Promise.all([runnerTraffic(server), reportBurst(server)]);
      const cpuAfter = totalCpuMs([server]);
      // The same burst again inside the same minute: every request is refused, which is what a
      // misbehaving client costs the server once past its limit.
      const refusedBefore = totalCpuMs([server]);
      const refusedOnly = await reportBurst(server);
      const refusedAfter = totalCpuMs([server]);
      const accepted = burst['2xx'];
      const refused = burst.statusCodeStats?.['429']?.count ?? 0;
      const burstSeconds = burst.duration;
      const checks: BenchCheck[] = [
        {
          label: `The burst is accepted up to the limit (${ERROR_REPORT_REQUESTS_PER_MINUTE} a minute) and refused past it with 429`,
          measured: `${accepted} accepted, ${refused} refused, ${burst.errors + burst.timeouts} failed, in ${burstSeconds.toFixed(1)} s`,
          passed:
            burstSeconds < 60 &&
            accepted === ERROR_REPORT_REQUESTS_PER_MINUTE &&
            refused === BURST_REQUESTS - ERROR_REPORT_REQUESTS_PER_MINUTE,
        },
        {
          label: `The runner's p99 beside the burst ≤ ${TARGET_P99_MS} ms`,
          measured: `${beside.latency.p99} ms (alone ${alone.latency.p99} ms)`,
          passed: beside.latency.p99 <= TARGET_P99_MS && beside.non2xx === 0,
        },
      ];
      const row = (phase: string, result: autocannon.Result) => [
        phase,
        result.requests.total.toString(),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        result.non2xx.toString(),
      ];
      return {
        headers: ['runner traffic', 'answers', 'p50', 'p99', 'non-2xx'],
        rows: [row('alone', alone), row('beside the burst', beside)],
        checks,
        notes: [
          `The runner: the dashboard's ${DASHBOARD_PATHS.length} reads at ${RUNNER_RATE} req/s over ${RUNNER_CONNECTIONS} connections for ${RUNNER_SECONDS} s; the burst starts with the second phase.`,
          `Server CPU over the second phase: ${
            cpuBefore === undefined || cpuAfter === undefined ? '–' : `${cpuAfter - cpuBefore} ms`
          } for ${beside.requests.total} runner answers and ${BURST_REQUESTS} report requests.`,
          `Server CPU per refused report request (the burst repeated within the minute, ${refusedOnly.statusCodeStats?.['429']?.count ?? 0} refused): ${
            refusedBefore === undefined || refusedAfter === undefined
              ? '–'
              : `${((refusedAfter - refusedBefore) / BURST_REQUESTS).toFixed(2)} ms`
          }.`,
          'PGlite, one app server; the load generator shares the machine.',
        ],
      };
    } finally {
      await stopServerProcess(server);
    }
  },
};
