import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from './errors.ts';
import { jsonValueProblem, urlHasNul } from './request-input.ts';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) {
    value = level % 2 === 0 ? [value] : { a: value };
  }
  return value;
}

describe('urlHasNul', () => {
  it('finds a raw or percent-encoded NUL in either case', () => {
    expect(urlHasNul('/api/public/profiles/ada%00')).toBe(true);
    expect(urlHasNul('/api/activities?type=run%00')).toBe(true);
    expect(urlHasNul('/api/x\u0000')).toBe(true);
    expect(urlHasNul('/api/activities?cursor=%2500')).toBe(false);
    expect(urlHasNul('/api/public/profiles/ada')).toBe(false);
  });
});

describe('jsonValueProblem', () => {
  it('accepts plain values and nesting up to the limit', () => {
    expect(jsonValueProblem({ name: 'Ada', tags: ['a', { b: null }] })).toBeNull();
    expect(jsonValueProblem(nested(JSON_MAX_DEPTH))).toBeNull();
  });

  it('refuses one level more than the limit', () => {
    expect(jsonValueProblem(nested(JSON_MAX_DEPTH + 1))).toBe('depth');
    expect(jsonValueProblem(nested(100_000))).toBe('depth');
  });

  it('refuses a NUL in a string, an array item or a key', () => {
    expect(jsonValueProblem({ name: 'A\u0000da' })).toBe('nul');
    expect(jsonValueProblem({ list: ['ok', 'b\u0000'] })).toBe('nul');
    expect(jsonValueProblem({ 'k\u0000': 1 })).toBe('nul');
    expect(jsonValueProblem('\u0000')).toBe('nul');
  });
});
