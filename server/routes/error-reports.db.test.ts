/**
 * POST /api/errors and the operator's reading of the reports (GET /api/operator/error-reports,
 * `npm run errors`): stored once per report id, a runner's or "anonymous", logged, refused whole
 * when one report is not one, limited per runner and per address, kept for the retention period,
 * gone with the account, and readable only with the operator token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import {
  ANONYMOUS_REPORTER,
  ERROR_BATCH_SIZE,
  ERROR_REPORT_ENDPOINT_MESSAGES,
  ERROR_REPORT_REQUESTS_PER_ADDRESS_PER_MINUTE,
  ERROR_REPORT_REQUESTS_PER_MINUTE,
  ERROR_REPORTS_MAX_STORED,
  ERROR_REPORT_RETENTION_DAYS,
} from '../../core/error-reports.ts';
import type { ErrorReport, StoredErrorReport } from '../../core/error-report-schemas.ts';
import { operatorToken } from '../security/operator-token.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { captureLog, startTestServer, type TestServer } from '../test-support/test-server.ts';
import { formatErrorReport, readErrorReports } from '../../tools/errors.ts';

const DAY_MS = 86_400_000;
const clock = fixedClock(Date.parse('2026-11-26T12:00:00.000Z'));
const log = captureLog();
let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer({ trustProxyHops: 1, logLevel: 'info' }, { clock, logDestination: log.destination });
});

afterAll(async () => {
  await server.stop();
});

function report(overrides: Partial<ErrorReport> = {}): ErrorReport {
  sequence += 1;
  return {
    // Unique per report however many share one millisecond of the fixed clock.
    id: `err_${clock.now()}_${sequence.toString(36).padStart(8, '0')}`,
    type: 'api_error',
    severity: 'medium',
    message: `Failed to save activity: disk full (${sequence})`,
    stack: 'Error: disk full\n    at save (app.js:1:2)\n    at upload (app.js:3:4)\n    at run (app.js:5:6)',
    path: '/activities',
    action: 'upload activities',
    occurredAt: new Date(clock.now() - 1_000).toISOString(),
    ...overrides,
  };
}

async function operatorList(query = ''): Promise<StoredErrorReport[]> {
  const response = await fetch(`${server.url}/api/operator/error-reports${query}`, {
    headers: { authorization: `Bearer ${operatorToken(server.config.appSecret)}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { reports: StoredErrorReport[] }).reports;
}

const visitor = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('POST /api/errors', () => {
  it('stores a runner’s batch once, names the runner, and logs each report', async () => {
    const runner = await registerUser(server);
    const batch = [report({ severity: 'critical', type: 'system_error' }), report()];
    const sent = await runner.client.post('/api/errors', { reports: batch });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ accepted: 2 });
    // The answer was lost and the browser sends the batch again: nothing is doubled.
    expect((await runner.client.post('/api/errors', { reports: batch })).body).toEqual({ accepted: 0 });

    const mine = (await operatorList()).filter((stored) => stored.user === runner.id);
    expect(mine.map((stored) => stored.id).sort()).toEqual(batch.map((sentReport) => sentReport.id).sort());
    expect(mine.find((stored) => stored.id === batch[0]!.id)).toMatchObject({
      type: 'system_error',
      severity: 'critical',
      message: batch[0]!.message,
      path: '/activities',
      action: 'upload activities',
      occurredAt: batch[0]!.occurredAt,
      receivedAt: new Date(clock.now()).toISOString(),
    });
    const logged = log
      .lines()
      .map((line) => JSON.parse(line) as { msg: string; level: number; user?: string; errorReport?: { id: string } })
      .filter((line) => line.msg === 'client error report' && line.errorReport?.id === batch[0]!.id);
    expect(logged[0]).toMatchObject({ level: 40, user: runner.id });
  });

  it('stores a signed-out page’s report as anonymous', async () => {
    const sent = await createApiClient(server.url).post(
      '/api/errors',
      { reports: [report({ type: 'network_error', message: 'Network connection lost' })] },
      visitor('198.51.100.4'),
    );
    expect(sent.status).toBe(202);
    const [newest] = await operatorList('?limit=1');
    expect(newest).toMatchObject({ user: ANONYMOUS_REPORTER, message: 'Network connection lost' });
  });

  it('keeps no query string or fragment of the page, the stack’s addresses or the message, nor logs them', async () => {
    const sent = report({
      path: '/auth/action?mode=resetPassword&oobCode=secret-code-1#step',
      message: 'Failed to fetch https://run.example.org/api/auth/reset-password?token=secret-code-2',
      stack: 'Error: failed\n    at reset (http://localhost:3000/assets/index.js?v=secret-code-3:10:4)',
    });
    const anonymous = createApiClient(server.url);
    expect((await anonymous.post('/api/errors', { reports: [sent] }, visitor('198.51.100.5'))).status).toBe(202);
    const stored = (await operatorList('?limit=500')).find((candidate) => candidate.id === sent.id);
    expect(stored).toMatchObject({
      path: '/auth/action',
      message: 'Failed to fetch https://run.example.org/api/auth/reset-password',
      stack: 'Error: failed\n    at reset (http://localhost:3000/assets/index.js:10:4)',
    });
    const logged = () => log.lines().filter((line) => line.includes(sent.id));
    await expect.poll(() => logged().length).toBeGreaterThan(0);
    expect(logged().join('\n')).not.toContain('secret-code');
  });

  it('refuses a whole batch in which one report is not one, storing none of it', async () => {
    const runner = await registerUser(server);
    const good = report();
    const cases: unknown[] = [
      { reports: [good, { ...report(), type: 'made_up_error' }] },
      { reports: [good, { ...report(), id: 'err-not-ours' }] },
      { reports: [good, { ...report(), message: 'x'.repeat(1_001) }] },
      { reports: [good, { ...report(), path: 'https://elsewhere.example/page' }] },
      { reports: [good, { ...report(), userId: 'someone-else' }] },
      { reports: Array.from({ length: 11 }, () => report()) },
      { reports: [] },
    ];
    for (const body of cases) {
      const refused = await runner.client.post('/api/errors', body);
      expect(refused.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect((await operatorList()).filter((stored) => stored.user === runner.id)).toEqual([]);
  });

  it('limits requests per runner and, signed out, per address; others go on', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    for (let index = 0; index < ERROR_REPORT_REQUESTS_PER_MINUTE; index += 1) {
      expect((await runner.client.post('/api/errors', { reports: [report()] }, visitor('192.0.2.20'))).status).toBe(
        202,
      );
    }
    const refused = await runner.client.post('/api/errors', { reports: [report()] }, visitor('192.0.2.20'));
    expectApiError(refused, 429, {
      type: 'rate_limit_error',
      message: HTTP_MESSAGES.tooManyRequests(Number(refused.headers.get('retry-after'))),
    });
    expect((await other.client.post('/api/errors', { reports: [report()] }, visitor('192.0.2.20'))).status).toBe(202);

    const anonymous = createApiClient(server.url);
    for (let index = 0; index < ERROR_REPORT_REQUESTS_PER_MINUTE; index += 1) {
      expect((await anonymous.post('/api/errors', { reports: [report()] }, visitor('203.0.113.9'))).status).toBe(202);
    }
    expect((await anonymous.post('/api/errors', { reports: [report()] }, visitor('203.0.113.9'))).status).toBe(429);
    expect((await anonymous.post('/api/errors', { reports: [report()] }, visitor('203.0.113.10'))).status).toBe(202);
    // A minute later the runner may report again.
    clock.advance(60_000);
    expect((await runner.client.post('/api/errors', { reports: [report()] })).status).toBe(202);
  });

  it('limits requests per address whoever is signed in: new accounts from one address share it', async () => {
    clock.advance(60_000);
    const address = visitor('198.51.100.77');
    const runners = await Promise.all(Array.from({ length: 8 }, () => registerUser(server)));
    const ids = new Set(runners.map((runner) => runner.id));
    let accepted = 0;
    for (const runner of runners) {
      for (let index = 0; index < ERROR_REPORT_REQUESTS_PER_MINUTE; index += 1) {
        const batch = Array.from({ length: ERROR_BATCH_SIZE }, () => report());
        const sent = await runner.client.post('/api/errors', { reports: batch }, address);
        if (sent.status === 202) {
          accepted += 1;
        } else {
          expectApiError(sent, 429, {
            type: 'rate_limit_error',
            message: HTTP_MESSAGES.tooManyRequests(Number(sent.headers.get('retry-after'))),
          });
        }
      }
    }
    expect(accepted).toBe(ERROR_REPORT_REQUESTS_PER_ADDRESS_PER_MINUTE);
    const stored = (await operatorList('?limit=500')).filter((stored) => ids.has(stored.user));
    expect(stored).toHaveLength(ERROR_REPORT_REQUESTS_PER_ADDRESS_PER_MINUTE * ERROR_BATCH_SIZE);
    // Another address goes on.
    const elsewhere = await registerUser(server);
    expect((await elsewhere.client.post('/api/errors', { reports: [report()] }, visitor('198.51.100.78'))).status).toBe(
      202,
    );
  });

  it('removes reports past the retention period, and a deleted account’s reports with it', async () => {
    const runner = await registerUser(server);
    const old = report({ message: 'An old failure' });
    expect((await runner.client.post('/api/errors', { reports: [old] })).status).toBe(202);
    clock.advance(ERROR_REPORT_RETENTION_DAYS * DAY_MS + 2 * 3_600_000);
    const fresh = report({ message: 'A new failure' });
    expect((await runner.client.post('/api/errors', { reports: [fresh] })).status).toBe(202);
    const everything = await operatorList(`?sinceMinutes=${ERROR_REPORT_RETENTION_DAYS * 24 * 60}`);
    expect(everything.map((stored) => stored.id)).toContain(fresh.id);
    expect(everything.map((stored) => stored.id)).not.toContain(old.id);

    const deleted = await runner.client.delete('/api/account', {
      confirmEmail: runner.credentials.email,
      password: runner.credentials.password,
    });
    expect(deleted.status).toBe(200);
    expect((await operatorList()).map((stored) => stored.id)).not.toContain(fresh.id);
  });
});

describe('the most reports kept in all', () => {
  const MAX_STORED = 25;
  let capped: TestServer;

  beforeAll(async () => {
    capped = await startTestServer({ trustProxyHops: 1, errorReportsMaxStored: MAX_STORED }, { clock });
  });

  afterAll(async () => {
    await capped.stop();
  });

  it('is ERROR_REPORTS_MAX_STORED unless the operator sets another', () => {
    expect(server.config.errorReportsMaxStored).toBe(ERROR_REPORTS_MAX_STORED);
  });

  it('removes the oldest reports as new ones arrive past it, from any runner or address', async () => {
    const sentIds: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      clock.advance(1_000);
      const batch = Array.from({ length: ERROR_BATCH_SIZE }, () => report());
      sentIds.push(...batch.map((sent) => sent.id));
      const client = createApiClient(capped.url);
      expect((await client.post('/api/errors', { reports: batch }, visitor(`203.0.113.${100 + index}`))).status).toBe(
        202,
      );
    }
    const response = await fetch(`${capped.url}/api/operator/error-reports?limit=500`, {
      headers: { authorization: `Bearer ${operatorToken(capped.config.appSecret)}` },
    });
    const kept = ((await response.json()) as { reports: StoredErrorReport[] }).reports;
    expect(kept).toHaveLength(MAX_STORED);
    // The two newest batches whole, and five of the third newest.
    const keptIds = new Set(kept.map((stored) => stored.id));
    expect(sentIds.slice(-2 * ERROR_BATCH_SIZE).every((id) => keptIds.has(id))).toBe(true);
    expect(sentIds.slice(0, 3 * ERROR_BATCH_SIZE).some((id) => keptIds.has(id))).toBe(false);
  });
});

describe('the operator’s reading', () => {
  it('needs the operator token: none, a wrong one and a runner’s session are refused', async () => {
    const runner = await registerUser(server);
    const expected = { type: 'authentication' as const, message: ERROR_REPORT_ENDPOINT_MESSAGES.operatorOnly };
    expectApiError(await createApiClient(server.url).get('/api/operator/error-reports'), 401, expected);
    expectApiError(
      await createApiClient(server.url).get('/api/operator/error-reports', {
        headers: { authorization: `Bearer ${operatorToken('another secret, another server, 32+ chars')}` },
      }),
      401,
      expected,
    );
    expectApiError(await runner.client.get('/api/operator/error-reports'), 401, expected);
  });

  it('npm run errors prints the newest reports, or says why it cannot', async () => {
    const runner = await registerUser(server);
    const sent = report({ severity: 'high', message: 'Failed to fetch uploaded activities: 500' });
    expect((await runner.client.post('/api/errors', { reports: [sent] })).status).toBe(202);
    const printed = await readErrorReports({ baseUrl: server.url, appSecret: server.config.appSecret, limit: 1 });
    expect(printed.ok).toBe(true);
    const [stored] = await operatorList('?limit=1');
    expect(printed.text).toBe(`1 error report, newest first:\n\n${formatErrorReport(stored!)}`);
    expect(printed.text).toContain(
      `${sent.occurredAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}  high  api_error  ${runner.id}  /activities  while: upload activities\n  Failed to fetch uploaded activities: 500\n    Error: disk full\n    at save (app.js:1:2)\n    at upload (app.js:3:4)`,
    );

    const wrongSecret = await readErrorReports({ baseUrl: server.url, appSecret: 'x'.repeat(40) });
    expect(wrongSecret).toEqual({ ok: false, text: ERROR_REPORT_ENDPOINT_MESSAGES.operatorOnly });
    const nobody = await readErrorReports({ baseUrl: 'http://127.0.0.1:9', appSecret: server.config.appSecret });
    expect(nobody).toEqual({
      ok: false,
      text: 'Stride is not answering at http://127.0.0.1:9: start it (npm start), then ask again.',
    });
  });
});
