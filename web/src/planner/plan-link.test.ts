import { describe, expect, it } from 'vitest';
import { parseDistance } from '../../../core/running/pace.ts';
import { calculatorsLink } from './plan-link.ts';

describe('calculatorsLink', () => {
  it('hands the distance to the calculators in the runner’s units, as they read it', () => {
    expect(calculatorsLink(10_000, 'metric')).toBe('/calculators?d=10.00+km&u=km');
    const link = calculatorsLink(8_046.7, 'imperial');
    expect(link).toBe('/calculators?d=5.00+mi&u=mi');
    const d = new URLSearchParams(link.split('?')[1]).get('d') as string;
    expect(parseDistance(d)).toEqual({ value: 5 * 1609.34 });
  });
});
