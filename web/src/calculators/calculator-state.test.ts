import { describe, expect, it } from 'vitest';
import { PACE_INPUT_ERRORS } from '../../../core/running/pace.ts';
import { METRES_PER_MILE } from '../../../core/units.ts';
import { formatPacePerMetre } from '../lib/format.ts';
import { calculate, readQuery, toSearchParams, unitsOf } from './calculator-state.ts';

const query = (text: string) => readQuery(new URLSearchParams(text));

describe('calculate', () => {
  it('works out the pace of 10K in 45:00: 4:30/km and 7:15/mi', () => {
    const result = calculate(query('d=10K&t=45:00'), 'metric');
    expect(result.errors).toEqual({});
    expect(formatPacePerMetre(result.solution?.secondsPerMetre ?? 0, 'metric')).toBe('4:30/km');
    expect(formatPacePerMetre(result.solution?.secondsPerMetre ?? 0, 'imperial')).toBe('7:15/mi');
    expect(result.exponent).toBe(1.06);
  });

  it('works out the time from a distance and a pace', () => {
    expect(calculate(query('d=half&p=5:00/km'), 'metric').solution?.seconds).toBeCloseTo(6329.25, 9);
  });

  it('asks for two values while fewer are valid, with the sentence of a bad one', () => {
    const result = calculate(query('d=ten&t=45:00'), 'metric');
    expect(result.errors).toEqual({ d: PACE_INPUT_ERRORS.distance });
    expect(result.solution).toBeUndefined();
    expect(result.missing).toBe(PACE_INPUT_ERRORS.missing);
  });

  it('reads the exponent, the split and the treadmill speed, and rejects them out of range', () => {
    const good = calculate(query('k=1.08&s=5&v=12 km/h'), 'metric');
    expect(good.exponent).toBe(1.08);
    expect(good.negativePercent).toBe(5);
    expect(good.treadmillSecondsPerMetre).toBeCloseTo(0.3, 12);
    const bad = calculate(query('k=0.9&s=50&v=fast'), 'metric');
    expect(bad.errors).toEqual({
      k: PACE_INPUT_ERRORS.exponent,
      s: PACE_INPUT_ERRORS.percent,
      v: PACE_INPUT_ERRORS.speed,
    });
    expect(bad.exponent).toBe(1.06);
  });

  it('reads a bare treadmill speed in the runner’s units', () => {
    expect(calculate(query('v=12'), 'metric').treadmillSecondsPerMetre).toBeCloseTo(0.3, 12);
    expect(calculate(query('v=10'), 'imperial').treadmillSecondsPerMetre).toBeCloseTo(360 / METRES_PER_MILE, 12);
  });
});

describe('toSearchParams', () => {
  it('writes the values in a fixed order and leaves empty ones out of the link', () => {
    const params = toSearchParams({ ...query('t=45:00&d=10K'), s: '' });
    expect(params.toString()).toBe('d=10K&t=45%3A00');
    expect(readQuery(params)).toEqual(query('d=10K&t=45:00'));
  });
});

describe('unitsOf', () => {
  it('reads the link’s split unit as the unit system, else the runner’s', () => {
    expect(unitsOf(query('u=km'), 'imperial')).toBe('metric');
    expect(unitsOf(query('u=mi'), 'metric')).toBe('imperial');
    expect(unitsOf(query(''), 'metric')).toBe('metric');
    expect(unitsOf(query('u=furlong'), 'imperial')).toBe('imperial');
  });
});
