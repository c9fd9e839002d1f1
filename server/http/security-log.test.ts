import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { fixedClock } from '../test-support/clock.ts';
import { createSecurityLog, SECURITY_LOG_MESSAGE, SECURITY_LOG_WINDOW_MS } from './security-log.ts';

function capture(now: () => number) {
  const chunks: string[] = [];
  const logger = createLogger('info', { destination: { write: (line: string) => void chunks.push(line) }, now });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}

describe('createSecurityLog', () => {
  it('counts events per kind, account and address and writes one line each once the window is over', () => {
    const clock = fixedClock(Date.UTC(2026, 10, 26, 12, 0, 0));
    const { logger, lines } = capture(clock.now);
    const security = createSecurityLog(logger, clock);
    try {
      for (let index = 0; index < 447; index += 1) {
        security.record('sign-in-failed', { account: 'a1b2', address: `198.51.100.${index % 50}` });
      }
      security.record('sign-in-throttled', { account: 'a1b2', address: '198.51.100.1' });
      security.record('request-refused', { reason: 'host', address: '203.0.113.5' });
      expect(lines()).toEqual([]);

      // No further event comes: the window's timer writes the lines.
      clock.tick(SECURITY_LOG_WINDOW_MS);

      const written = lines();
      expect(written.every((line) => line.msg === SECURITY_LOG_MESSAGE && line.level === 40)).toBe(true);
      const failed = written.filter((line) => line.securityEvent === 'sign-in-failed');
      expect(failed).toHaveLength(50);
      expect(failed.reduce((sum, line) => sum + Number(line.count), 0)).toBe(447);
      expect(failed[0]).toMatchObject({
        account: 'a1b2',
        address: '198.51.100.0',
        count: 9,
        from: '2026-11-26T12:00:00.000Z',
        to: '2026-11-26T12:01:00.000Z',
      });
      expect(written.find((line) => line.securityEvent === 'sign-in-throttled')).toMatchObject({ count: 1 });
      expect(written.find((line) => line.securityEvent === 'request-refused')).toMatchObject({
        reason: 'host',
        count: 1,
      });
    } finally {
      security.stop();
    }
  });

  it('writes nothing before the window is over, and what is left on stop', () => {
    const clock = fixedClock(1_000_000);
    const { logger, lines } = capture(clock.now);
    const security = createSecurityLog(logger, clock);
    security.record('client-error', { status: 404, address: '198.51.100.7' });
    clock.tick(SECURITY_LOG_WINDOW_MS - 1);
    security.flushIfDue();
    expect(lines()).toEqual([]);
    security.stop();
    expect(lines()).toMatchObject([{ securityEvent: 'client-error', status: 404, count: 1 }]);
  });
});
