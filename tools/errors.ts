/**
 * `npm run errors`: prints the error reports the running Stride server received from its web app,
 * newest first (the last 24 hours, or `--since MINUTES`; at most `--limit N`, default 50). It reads
 * the server's own configuration (the same environment and data folder as `npm start`) for the
 * address and the operator token, so it works on the embedded database while the server runs.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import type { StoredErrorReport } from '../core/error-report-schemas.ts';
import { loadConfig } from '../server/config.ts';
import { operatorToken } from '../server/security/operator-token.ts';

/** How many stack lines a report shows. */
const STACK_LINES = 3;

export function formatErrorReport(report: StoredErrorReport): string {
  const when = report.occurredAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
  const action = report.action ? `  while: ${report.action}` : '';
  const lines = [
    `${when}  ${report.severity}  ${report.type}  ${report.user}  ${report.path}${action}`,
    `  ${report.message}`,
    ...(report.stack ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .slice(0, STACK_LINES)
      .map((line) => `    ${line}`),
  ];
  return lines.join('\n');
}

/** A GET over node:http, which (unlike fetch) sends the Host header it is given. */
function get(url: URL, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export interface ReadOptions {
  /** Where the server listens (this machine). */
  baseUrl: string;
  /** The Host it answers to: PUBLIC_URL's (a production server refuses loopback names). */
  host?: string | undefined;
  appSecret: string;
  sinceMinutes?: number | undefined;
  limit?: number | undefined;
}

/** Asks the server for its recent reports; the text to print (or why it could not). */
export async function readErrorReports(options: ReadOptions): Promise<{ ok: boolean; text: string }> {
  const url = new URL('/api/operator/error-reports', options.baseUrl);
  if (options.sinceMinutes !== undefined) {
    url.searchParams.set('sinceMinutes', String(options.sinceMinutes));
  }
  if (options.limit !== undefined) {
    url.searchParams.set('limit', String(options.limit));
  }
  let answer: { status: number; text: string };
  try {
    answer = await get(url, {
      authorization: `Bearer ${operatorToken(options.appSecret)}`,
      ...(options.host ? { host: options.host } : {}),
    });
  } catch {
    return { ok: false, text: `Stride is not answering at ${options.baseUrl}: start it (npm start), then ask again.` };
  }
  let body: { reports?: StoredErrorReport[]; error?: { message?: string } } | undefined;
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    body = undefined;
  }
  if (answer.status !== 200 || !body?.reports) {
    return { ok: false, text: body?.error?.message ?? `The server answered ${answer.status}.` };
  }
  if (body.reports.length === 0) {
    return { ok: true, text: 'No error reports in this period.' };
  }
  const count = `${body.reports.length} error report${body.reports.length === 1 ? '' : 's'}, newest first:`;
  return { ok: true, text: [count, '', ...body.reports.map(formatErrorReport)].join('\n') };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { since: { type: 'string' }, limit: { type: 'string' } },
  });
  const config = loadConfig();
  const baseUrl = `http://127.0.0.1:${config.port}`;
  const result = await readErrorReports({
    baseUrl,
    host: new URL(config.publicUrl).host,
    appSecret: config.appSecret,
    sinceMinutes: values.since === undefined ? undefined : Number(values.since),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });
  console.log(result.text);
  process.exitCode = result.ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
