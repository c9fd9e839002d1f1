/**
 * The simulator's HTTP plumbing: Strava's error body ({ message, errors: [{ resource, field, code }] }),
 * an error that carries a status and body to the response, request body parsing (form or JSON) and
 * random tokens of Strava's length.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function token(bytes = 20): string {
  // 40 hex characters, the length of Strava's tokens.
  return randomBytes(bytes).toString('hex');
}

export function fault(resource: string, field: string, code: string, message = 'Bad Request'): object {
  return { message, errors: [{ resource, field, code }] };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') {
    return {};
  }
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
