import { describe, expect, it } from 'vitest';
import { createLogger, LOG_REPEAT_MAX, LOG_REPEAT_WINDOW_MS, LOG_STRING_MAX } from './logger.ts';

function capture(now: () => number = Date.now) {
  const lines: string[] = [];
  const logger = createLogger('info', { destination: { write: (line: string) => void lines.push(line) }, now });
  return { logger, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('logs a database error without its parameters, query or detail', () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error('new row violates check constraint "refuse"'), {
      code: '23514',
      constraint: 'refuse',
      params: [46.57608, 13.68148, 'secret-token'],
      query: 'insert into activities values ($1, $2, $3)',
      detail: 'Failing row contains (46.57608, 13.68148).',
    });
    logger.error({ err: error, file: 'run.gpx' }, 'activity import failed');
    logger.error(error, 'direct');
    const text = JSON.stringify(lines());
    expect(text).not.toContain('46.57608');
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('insert into');
    expect(lines()[0]).toMatchObject({
      msg: 'activity import failed',
      file: 'run.gpx',
      err: {
        type: 'Error',
        code: '23514',
        constraint: 'refuse',
        message: 'new row violates check constraint "refuse"',
      },
    });
    expect(lines()[1]).toMatchObject({ msg: 'direct', err: { code: '23514' } });
  });

  it('redacts cookies, authorization headers and tokens at any depth', () => {
    const { logger, lines } = capture();
    logger.info(
      { headers: { cookie: 'stride.session_token=abc', authorization: 'Bearer xyz' }, strava: { refreshToken: 'r' } },
      'request',
    );
    expect(lines()[0]).toMatchObject({
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      strava: { refreshToken: '[redacted]' },
    });
  });

  it('cuts long strings, the message included', () => {
    const { logger, lines } = capture();
    logger.info({ name: 'x'.repeat(100_000) }, 'y'.repeat(100_000));
    const [line] = lines();
    expect(String(line?.name).length).toBeLessThan(LOG_STRING_MAX + 40);
    expect(String(line?.msg).length).toBeLessThan(LOG_STRING_MAX + 40);
  });

  it('writes the same error at most LOG_REPEAT_MAX times a minute, then one summary', () => {
    let now = 1_000_000;
    const { logger, lines } = capture(() => now);
    const error = Object.assign(new Error('boom'), { code: 'E1' });
    for (let index = 0; index < 500; index += 1) {
      logger.error({ err: error }, 'unhandled error');
    }
    logger.error({ err: Object.assign(new Error('boom'), { code: 'E2' }) }, 'unhandled error');
    expect(lines()).toHaveLength(LOG_REPEAT_MAX + 1);

    now += LOG_REPEAT_WINDOW_MS;
    logger.error({ err: error }, 'unhandled error');
    const after = lines().slice(LOG_REPEAT_MAX + 1);
    expect(after[0]).toMatchObject({ msg: `${500 - LOG_REPEAT_MAX} similar lines suppressed`, level: 50 });
    expect(after[1]).toMatchObject({ msg: 'unhandled error' });
  });

  it('limits request lines per method, path and status, and counts the held-back ones once the minute is over', () => {
    let now = 1_000_000;
    const { logger, lines } = capture(() => now);
    for (let index = 0; index < 938; index += 1) {
      logger.info({ method: 'POST', path: '/api/auth/sign-in/email', status: 401, ms: 1 }, 'request');
    }
    // Another path is not held back by the flood.
    logger.info({ method: 'GET', path: '/api/profile', status: 200, ms: 1 }, 'request');
    expect(lines()).toHaveLength(LOG_REPEAT_MAX + 1);
    expect(lines()[LOG_REPEAT_MAX]).toMatchObject({ path: '/api/profile' });

    // The flood stopped; the next line of any kind brings the count of the minute that is over.
    now += LOG_REPEAT_WINDOW_MS;
    logger.info({ method: 'GET', path: '/api/health', status: 200, ms: 1 }, 'request');
    const after = lines().slice(LOG_REPEAT_MAX + 1);
    expect(after[0]).toMatchObject({
      msg: `${938 - LOG_REPEAT_MAX} similar lines suppressed`,
      suppressed: 938 - LOG_REPEAT_MAX,
      repeatOf: 'request',
      request: 'POST /api/auth/sign-in/email 401',
    });
    expect(after[1]).toMatchObject({ path: '/api/health' });
  });

  it('never limits the aggregated security lines', () => {
    const { logger, lines } = capture(() => 1_000_000);
    for (let index = 0; index < 50; index += 1) {
      logger.warn({ securityEvent: 'sign-in-failed', address: `198.51.100.${index}`, count: 9 }, 'security events');
    }
    expect(lines()).toHaveLength(50);
  });
});
