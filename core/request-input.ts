/**
 * Checks every request passes before validation, whatever the route: no NUL character anywhere
 * (PostgreSQL text cannot hold one, so it would fail deep in a query) and JSON bodies nested at
 * most {@link JSON_MAX_DEPTH} levels (deeper ones only serve to exhaust recursive code).
 */
import { JSON_MAX_DEPTH } from './errors.ts';

export type RequestInputProblem = 'nul' | 'depth';

/** A URL (path and query, raw or decoded) that carries a NUL byte, encoded or not. */
export function urlHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}

/**
 * The first problem in a parsed JSON value: a NUL in any string or key, or nesting deeper than
 * `maxDepth`. Iterative, so a hostile value cannot overflow the stack here either.
 */
export function jsonValueProblem(value: unknown, maxDepth: number = JSON_MAX_DEPTH): RequestInputProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const current = next.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) {
        return 'nul';
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) {
      continue;
    }
    const depth = next.depth + 1;
    if (depth > maxDepth) {
      return 'depth';
    }
    if (Array.isArray(current)) {
      for (const item of current) {
        stack.push({ value: item, depth });
      }
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000')) {
        return 'nul';
      }
      stack.push({ value: item, depth });
    }
  }
  return null;
}
