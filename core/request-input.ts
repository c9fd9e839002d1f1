/**
 * Checks every request passes before validation, whatever the route: no NUL character anywhere
 * (PostgreSQL text cannot hold one, so it would fail deep in a query), no lone UTF-16 surrogate in
 * a body's text (not valid Unicode: PostgreSQL refuses it in JSON and in UTF-8 text alike), and JSON
 * bodies nested at most {@link JSON_MAX_DEPTH} levels (deeper ones only serve to exhaust recursive
 * code). JSON and form-encoded bodies are both checked: every body the server parses into fields.
 */
import { HTTP_MESSAGES, JSON_MAX_DEPTH } from './errors.ts';

export type RequestInputProblem = 'nul' | 'depth' | 'surrogate';

/** The sentence each problem is refused with (400). */
export const REQUEST_INPUT_MESSAGES: Record<RequestInputProblem, string> = {
  nul: HTTP_MESSAGES.nulCharacter,
  depth: HTTP_MESSAGES.jsonTooDeep,
  surrogate: HTTP_MESSAGES.loneSurrogate,
};

/** A surrogate code unit that is not half of a pair (in `u` mode a pair is one code point, never Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/** The problem of one string of a body, if any. */
export function textProblem(text: string): RequestInputProblem | null {
  if (text.includes('\u0000')) {
    return 'nul';
  }
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/** The first problem of a form-encoded body (`a=1&b=2`), read in its decoded form. */
export function formBodyProblem(body: string): RequestInputProblem | null {
  for (const [key, value] of new URLSearchParams(body)) {
    const problem = textProblem(key) ?? textProblem(value);
    if (problem) {
      return problem;
    }
  }
  return null;
}

/** A URL (path and query, raw or decoded) that carries a NUL byte, encoded or not. */
export function urlHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}

/**
 * The first problem in a parsed JSON value: a NUL or a lone surrogate in any string or key, or nesting deeper than
 * `maxDepth`. Iterative, so a hostile value cannot overflow the stack here either.
 */
export function jsonValueProblem(value: unknown, maxDepth: number = JSON_MAX_DEPTH): RequestInputProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const current = next.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) {
        return problem;
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
      const problem = textProblem(key);
      if (problem) {
        return problem;
      }
      stack.push({ value: item, depth });
    }
  }
  return null;
}
