/** Export archives built in the test (yazl), uploaded as the web app does, and their import awaited. */
import { gzipSync } from 'node:zlib';
import yazl from 'yazl';
import type { ArchiveImport } from '../../core/activity/archive-api.ts';
import type { ApiClient } from './api-client.ts';
import { waitUntil } from './strava.ts';
import type { TestServer } from './test-server.ts';
import { cookieHeader } from './uploads.ts';

export interface ArchiveEntry {
  name: string;
  content: Uint8Array | string;
  /** Stored without compression (deflate is the default). */
  store?: boolean;
}

/**
 * A ZIP of the entries. yazl refuses names that leave the archive, so a hostile name ("../x.gpx")
 * is written under a stand-in of the same length and its bytes swapped in afterwards (local header
 * and central directory alike; the name is not in any checksum).
 */
export async function buildArchive(entries: readonly ArchiveEntry[], hostileNames: Record<string, string> = {}) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const content = typeof entry.content === 'string' ? Buffer.from(entry.content) : Buffer.from(entry.content);
    zip.addBuffer(content, entry.name, { compress: !entry.store });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
  }
  let bytes = Buffer.concat(chunks);
  for (const [standIn, hostile] of Object.entries(hostileNames)) {
    if (standIn.length !== hostile.length) {
      throw new Error('a hostile name needs a stand-in of the same length');
    }
    bytes = Buffer.from(bytes.toString('latin1').replaceAll(standIn, hostile), 'latin1');
  }
  return new Uint8Array(bytes);
}

export const gzip = (content: string | Uint8Array) => new Uint8Array(gzipSync(content));

export async function uploadArchive(
  server: Pick<TestServer, 'url'>,
  client: ApiClient,
  bytes: Uint8Array,
  name = 'export.zip',
  timeZone = 'Europe/Ljubljana',
): Promise<{ status: number; body: unknown }> {
  const query = new URLSearchParams({ name, timeZone });
  const response = await fetch(`${server.url}/api/activities/archive-imports?${query.toString()}`, {
    method: 'POST',
    headers: { cookie: cookieHeader(client), origin: server.url, 'content-type': 'application/zip' },
    body: bytes,
  });
  return { status: response.status, body: await response.json() };
}

/** Polls the latest import until it has ended (done or failed). */
export async function waitForArchive(client: ApiClient, timeoutMs = 60_000): Promise<ArchiveImport> {
  return waitUntil(
    async () => {
      const response = await client.get<ArchiveImport>('/api/activities/archive-imports');
      return response.status === 200 && (response.body.status === 'done' || response.body.status === 'failed')
        ? response.body
        : undefined;
    },
    'the archive import',
    timeoutMs,
  );
}
