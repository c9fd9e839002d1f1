/**
 * Structured JSON logs (pino) that never carry a user's data and cannot be used to fill a disk:
 * - errors are logged by a whitelist: class, message, code, constraint/table/column and stack.
 *   Database errors carry their SQL parameters (PGlite: `params`, `query`; pg: `detail`, `where`),
 *   which hold track points, names and tokens; those fields are never written;
 *   cookies, authorization headers, tokens, passwords and secrets are redacted wherever they sit;
 * - every string is cut to LOG_STRING_MAX characters;
 * - the same message with the same error code (for request lines: the same method, path and
 *   status) is written at most LOG_REPEAT_MAX times a minute; past that the repeats are counted,
 *   and once the minute is over one "N similar lines suppressed" line follows with the next line
 *   logged, whatever it is. The aggregated security lines (server/http/security-log.ts) are never
 *   limited: they are already one line per kind, account and address a minute.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { REAL_CLOCK } from './clock.ts';

export const LOG_STRING_MAX = 2048;
export const LOG_REPEAT_MAX = 10;
export const LOG_REPEAT_WINDOW_MS = 60_000;
const MAX_DEPTH = 6;
const REDACTED = '[redacted]';

/** Keys whose values are secrets or a user's data wherever they appear in a log object. */
const SECRET_KEYS =
  /^(?:cookie|set-cookie|authorization|password|newpassword|currentpassword|token|accesstoken|refreshtoken|access_token|refresh_token|idtoken|secret|clientsecret|client_secret|apikey|api_key|params|parameters|query|bindings|detail|where|internalquery|points|track|trackpoints|body)$/i;

/** What an error keeps in a log line. */
const ERROR_FIELDS = ['code', 'status', 'constraint', 'table', 'column', 'schema', 'routine', 'severity'] as const;

function truncate(text: string): string {
  return text.length <= LOG_STRING_MAX ? text : `${text.slice(0, LOG_STRING_MAX)}… [${text.length} characters]`;
}

/** An error as a plain object of whitelisted fields; `cause` followed a few levels. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) {
    return { message: truncate(String(error)) };
  }
  const out: Record<string, unknown> = { type: error.constructor.name, message: truncate(error.message) };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') {
      out[field] = typeof value === 'string' ? truncate(value) : value;
    }
  }
  if (error.stack) {
    out.stack = truncate(error.stack);
  }
  if (error.cause !== undefined && depth < 3) {
    out.cause = serializeError(error.cause, depth + 1);
  }
  return out;
}

/** A log object with secrets redacted, errors serialized, strings cut and depth bounded. */
function sanitize(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return truncate(value);
  }
  if (value instanceof Error) {
    return serializeError(value);
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  if (depth >= MAX_DEPTH) {
    return '[nested]';
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, 20).map((item) => sanitize(item, depth + 1));
    return value.length > 20 ? [...items, `… ${value.length - 20} more`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEYS.test(key) ? REDACTED : sanitize(item, depth + 1);
  }
  return out;
}

interface RepeatCount {
  windowStart: number;
  written: number;
  suppressed: number;
  levelName: string;
  message: string;
  request: string;
}

function errorCode(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'object' && first !== null) {
    const err = (first as { err?: unknown }).err ?? first;
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
  }
  return '';
}

/** What tells one request line from another for the repeat limit: method, path and status. */
function requestKey(args: unknown[]): string {
  const first = args[0];
  if (typeof first !== 'object' || first === null) {
    return '';
  }
  const { method, path, status } = first as { method?: unknown; path?: unknown; status?: unknown };
  return typeof method === 'string' && typeof path === 'string' ? `${method} ${path} ${String(status)}` : '';
}

/** Messages written whatever the repeat limit: its own summary and the aggregated security lines. */
const UNLIMITED_MESSAGE = / similar lines suppressed$|^security events$/;

function messageOf(args: unknown[]): string {
  const text = args.find((arg) => typeof arg === 'string');
  return typeof text === 'string' ? text : '';
}

export interface LoggerOptions {
  /** Where lines go (tests capture them); standard output by default. */
  destination?: DestinationStream;
  /** Milliseconds now; the repeat limit's clock. */
  now?: () => number;
}

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const now = options.now ?? REAL_CLOCK.now;
  const repeats = new Map<string, RepeatCount>();
  const flushSuppressed = (key: string, count: RepeatCount) => {
    repeats.delete(key);
    if (count.suppressed > 0) {
      const suppressed = count.suppressed;
      count.suppressed = 0;
      logger[count.levelName as 'info'](
        { suppressed, repeatOf: truncate(count.message), ...(count.request ? { request: count.request } : {}) },
        `${suppressed} similar lines suppressed`,
      );
    }
  };
  /** Reports the windows that are over, so a flood that stops is still counted. At most once a second. */
  let lastSweep = 0;
  const sweep = (at: number) => {
    if (at - lastSweep < 1000) {
      return;
    }
    lastSweep = at;
    for (const [key, count] of [...repeats]) {
      if (at - count.windowStart >= LOG_REPEAT_WINDOW_MS) {
        flushSuppressed(key, count);
      }
    }
  };
  const logger: Logger = pino(
    {
      level,
      base: { app: 'stride' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // pino runs formatters.log before serializers: by then `err` is already a plain object.
      serializers: { err: (value: unknown) => (value instanceof Error ? serializeError(value) : value) },
      formatters: {
        log: (object) => sanitize(object, 0) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method, levelNumber) {
          const message = messageOf(args);
          if (UNLIMITED_MESSAGE.test(message)) {
            return method.apply(this, args);
          }
          const request = requestKey(args);
          const key = `${levelNumber}|${message}|${errorCode(args)}|${request}`;
          const at = now();
          sweep(at);
          let count = repeats.get(key);
          if (count && at - count.windowStart >= LOG_REPEAT_WINDOW_MS) {
            flushSuppressed(key, count);
            count = undefined;
          }
          if (!count) {
            count = {
              windowStart: at,
              written: 0,
              suppressed: 0,
              levelName: this.levels.labels[levelNumber] ?? 'info',
              message,
              request,
            };
            repeats.set(key, count);
          }
          if (count.written >= LOG_REPEAT_MAX) {
            count.suppressed += 1;
            return undefined;
          }
          count.written += 1;
          const bounded = args.map((arg) => (typeof arg === 'string' ? truncate(arg) : arg)) as typeof args;
          return method.apply(this, bounded);
        },
      },
    },
    options.destination,
  );
  return logger;
}
