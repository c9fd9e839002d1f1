import { describe, expect, it } from 'vitest';
import { mailCounters, staleMailCountsBefore } from './mail-limits.ts';

describe('mailCounters', () => {
  it('counts a mail for its recipient and kind by the clock hour and the UTC day, and for the server by the hour', () => {
    const at = Date.parse('2026-03-04T10:59:59.999Z');

    expect(mailCounters('resetPassword', 'k1', at, 50)).toEqual([
      { counter: 'resetPassword:k1:hour', windowStart: new Date('2026-03-04T10:00:00Z'), cap: 3 },
      { counter: 'resetPassword:k1:day', windowStart: new Date('2026-03-04T00:00:00Z'), cap: 10 },
      { counter: 'all:hour', windowStart: new Date('2026-03-04T10:00:00Z'), cap: 50 },
    ]);
    expect(mailCounters('signIn', 'k1', at + 1, 50)[0]).toEqual({
      counter: 'signIn:k1:hour',
      windowStart: new Date('2026-03-04T11:00:00Z'),
      cap: 3,
    });
  });

  it('keeps the counts of yesterday and today', () => {
    expect(staleMailCountsBefore(Date.parse('2026-03-04T10:00:00Z'))).toEqual(new Date('2026-03-03T00:00:00Z'));
  });
});
