/** Multipart uploads for integration tests, read back as the NDJSON events the server streams. */
import type { UploadEvent } from '../../core/activity/schemas.ts';
import type { ApiClient } from './api-client.ts';
import type { TestServer } from './test-server.ts';

export interface UploadFile {
  name: string;
  content: Uint8Array | string;
  type?: string;
}

export interface UploadResult {
  status: number;
  /** The NDJSON events when the batch was accepted. */
  events: UploadEvent[];
  /** The JSON error body when the batch was refused. */
  error: { type: string; message: string } | undefined;
}

export function cookieHeader(client: ApiClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

export async function uploadFiles(
  server: Pick<TestServer, 'url'>,
  client: ApiClient,
  files: readonly UploadFile[],
  timeZone = 'Europe/Ljubljana',
  /** More form fields, such as the `startDateLocal` of a file without any date. */
  fields: Readonly<Record<string, string>> = {},
): Promise<UploadResult> {
  const form = new FormData();
  form.append('timeZone', timeZone);
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, value);
  }
  for (const file of files) {
    form.append('files', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const response = await fetch(`${server.url}/api/activities/uploads`, {
    method: 'POST',
    headers: { cookie: cookieHeader(client), origin: server.url },
    body: form,
  });
  const text = await response.text();
  if (!response.headers.get('content-type')?.includes('ndjson')) {
    const body = JSON.parse(text) as { error: { type: string; message: string } };
    return { status: response.status, events: [], error: body.error };
  }
  const events = text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as UploadEvent);
  return { status: response.status, events, error: undefined };
}

/** The last event of each file, by index. */
export function finalFileEvents(events: readonly UploadEvent[]): Extract<UploadEvent, { kind: 'file' }>[] {
  const last = new Map<number, Extract<UploadEvent, { kind: 'file' }>>();
  for (const event of events) {
    if (event.kind === 'file') {
      last.set(event.index, event);
    }
  }
  return [...last.values()].sort((a, b) => a.index - b.index);
}
