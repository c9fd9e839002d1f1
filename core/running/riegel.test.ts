import { describe, expect, it } from 'vitest';
import { formatDuration } from '../format.ts';
import { riegelTime } from './riegel.ts';

describe('riegelTime', () => {
  it('predicts a 41:42 10K from a 20:00 5K with k = 1.06 (1200 × 2^1.06 = 2501.92 s)', () => {
    const seconds = riegelTime(1200, 5000, 10_000);
    expect(seconds).toBeCloseTo(2501.918, 3);
    expect(formatDuration(seconds)).toBe('41:42');
  });

  it('predicts a 3:11:49 marathon from the same 5K (1200 × 8.439^1.06 = 11509.32 s)', () => {
    expect(riegelTime(1200, 5000, 42_195)).toBeCloseTo(11_509.32, 2);
  });

  it('uses the exponent it is given; 1 is even pace', () => {
    expect(riegelTime(1200, 5000, 10_000, 1)).toBeCloseTo(2400, 9);
    expect(riegelTime(1200, 5000, 10_000, 1.1)).toBeCloseTo(1200 * 2 ** 1.1, 9);
  });

  it('predicts a shorter race faster', () => {
    expect(riegelTime(2501.918, 10_000, 5000)).toBeCloseTo(1200, 2);
  });
});
