/**
 * Refuses, for every route at once, input no route can use: a NUL byte in the path, the query or a
 * JSON or form-encoded body, a lone UTF-16 surrogate in such a body, and JSON nested deeper than
 * JSON_MAX_DEPTH. Each gets a 400 with a sentence, where they used to reach PostgreSQL or recursive
 * code and end as a 500. (Multipart uploads stream their files; the upload checks their fields and file names alike.)
 */
import { createMiddleware } from 'hono/factory';
import {
  formBodyProblem,
  jsonValueProblem,
  REQUEST_INPUT_MESSAGES as MESSAGES,
  urlHasNul,
} from '../../core/request-input.ts';
import { errorBody, sendError } from './errors.ts';

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trim());
}

function isForm(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/x-www-form-urlencoded\b/i.test(contentType.trim());
}

export const inputGuard = createMiddleware(async (c, next) => {
  if (urlHasNul(c.req.url)) {
    return sendError(c, 400, errorBody('validation_error', MESSAGES.nul));
  }
  const contentType = c.req.header('content-type');
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isForm(contentType)) {
    const problem = formBodyProblem(await c.req.raw.clone().text());
    if (problem) {
      return sendError(c, 400, errorBody('validation_error', MESSAGES[problem]));
    }
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isJson(contentType)) {
    // A copy: the route's validator, or better-auth's handler, reads the request itself.
    const text = await c.req.raw.clone().text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Malformed JSON is the validator's to report, with its own sentence.
      return next();
    }
    const problem = jsonValueProblem(parsed);
    if (problem) {
      return sendError(c, 400, errorBody('validation_error', MESSAGES[problem]));
    }
  }
  return next();
});
