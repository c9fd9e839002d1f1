import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from './errors.ts';
import { formBodyProblem, jsonValueProblem, textProblem, urlHasNul } from './request-input.ts';

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

describe('lone surrogates and form bodies', () => {
  it('refuses a lone high or low surrogate but keeps a pair (an emoji)', () => {
    expect(textProblem('a\ud800b')).toBe('surrogate');
    expect(textProblem('\udc00')).toBe('surrogate');
    expect(textProblem('run \ud83c\udfc3')).toBeNull();
    expect(jsonValueProblem(JSON.parse('{"bio":"\\ud800"}'))).toBe('surrogate');
    expect(jsonValueProblem(JSON.parse('{"\\udfff":1}'))).toBe('surrogate');
    expect(jsonValueProblem({ bio: '🏃 Zoé' })).toBeNull();
  });

  it('reads a form-encoded body decoded: a NUL in a key or value, encoded or not', () => {
    expect(formBodyProblem('email=a%00%40example.com&password=x')).toBe('nul');
    expect(formBodyProblem('em%00ail=a&password=x')).toBe('nul');
    expect(formBodyProblem('email=a%40example.com&password=x%20y')).toBeNull();
  });
});
