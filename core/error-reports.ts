/**
 * Error reports (spec §4 "Error queue", §8, §9): what the web app reports of what went wrong in the
 * browser, in batches to Stride's own server (never to a third party), and the limits both sides keep.
 */
import type { ErrorSeverity, ErrorType } from './errors.ts';

/** Spec §9: errors kept in memory, batch size and flush interval, the recent-errors window. */
export const ERRORS_KEPT_IN_MEMORY = 100;
export const ERROR_BATCH_SIZE = 10;
export const ERROR_FLUSH_INTERVAL_MS = 30_000;
export const RECENT_ERRORS_WINDOW_MS = 5 * 60_000;
/** Spec §8: a page load slower than this is reported (low severity). */
export const SLOW_PAGE_LOAD_MS = 5_000;

/** Spec §8 texts of the global handlers. */
export const ERROR_REPORT_MESSAGES = {
  offline: 'Network connection lost',
  slowPageLoad: 'Slow page load detected',
} as const;

/** Stride's own texts of the report endpoints. */
export const ERROR_REPORT_ENDPOINT_MESSAGES = {
  operatorOnly: "Only the server's operator may read error reports: send the operator token (npm run errors does).",
} as const;

/** The user a report names when nobody is signed in (spec §4: "user context or anonymous"). */
export const ANONYMOUS_REPORTER = 'anonymous';

/** Sizes a report may have: longer texts are cut by the browser before sending, refused by the server. */
export const ERROR_REPORT_LIMITS = {
  messageChars: 1_000,
  stackChars: 8_000,
  pathChars: 500,
  actionChars: 100,
} as const;

/**
 * The server's side: report requests per minute from one runner (or, signed out, one address), and
 * how long a report is kept. A browser flushes at most a batch every 30 s, plus critical ones at once.
 */
export const ERROR_REPORT_REQUESTS_PER_MINUTE = 20;
export const ERROR_REPORT_RETENTION_DAYS = 30;
/**
 * Report requests per minute from one client address, whoever is signed in: new accounts made from
 * one address share it (a household or an office behind one address still reports freely).
 */
export const ERROR_REPORT_REQUESTS_PER_ADDRESS_PER_MINUTE = 30;
/** The most reports kept in all (ERROR_REPORTS_MAX_STORED): past it the oldest go first. */
export const ERROR_REPORTS_MAX_STORED = 10_000;

/** Spec §8: "err_" followed by a time and random text. */
export const ERROR_REPORT_ID_PATTERN = /^err_\d{1,15}_[a-z0-9]{4,16}$/;

/** A new report id: the time in ms and eight random base-36 characters from `random` (0 ≤ r < 1). */
export function errorReportId(atMs: number, random: () => number): string {
  let text = '';
  for (let index = 0; index < 8; index += 1) {
    text += Math.floor(random() * 36).toString(36);
  }
  return `err_${Math.max(0, Math.floor(atMs))}_${text}`;
}

/** Cuts a text to `chars`, marking the cut, so a report is never refused for its length alone. */
export function clipReportText(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

/** A page's path without its query and fragment: they may hold secrets (`?oobCode=…`, `#access_token=…`). */
export function pathWithoutQuery(path: string): string {
  return path.replace(/[?#][\s\S]*$/, '');
}

// A URL's query or fragment, up to a stack frame's `:line:column`, a closing bracket or a space.
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#()]*)[?#][^\s()]*?(?=(?::\d+){1,2}(?=[\s)]|$)|[\s)]|$)/gi;

/** Every URL in a text (a stack's frames, a message) without its query and fragment; `:line:column` stays. */
export function urlsWithoutQueries(text: string): string {
  return text.replace(URL_QUERY, '$1');
}

/** The parts of a report (error-report-schemas.ts ErrorReport) that may name a URL. */
interface UrlBearing {
  path: string;
  message: string;
  stack?: string | undefined;
  action?: string | undefined;
}

/** A report as the server keeps and logs it: no query string or fragment in its path or any URL it names. */
export function withoutQueries<T extends UrlBearing>(report: T): T {
  return {
    ...report,
    path: pathWithoutQuery(report.path),
    message: urlsWithoutQueries(report.message),
    ...(report.stack === undefined ? {} : { stack: urlsWithoutQueries(report.stack) }),
    ...(report.action === undefined ? {} : { action: urlsWithoutQueries(report.action) }),
  };
}

export type { ErrorSeverity, ErrorType };
