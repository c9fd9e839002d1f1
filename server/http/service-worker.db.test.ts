/**
 * The installable app's fixed-name files: the service worker and the web manifest are answered
 * with `Cache-Control: no-cache` (also from their precompressed copies), so a browser finds a new
 * build's worker at once; the manifest has its own content type. Hashed assets keep their year.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const workerSource = `const BUILD_ID = "abc";\n${'// the app shell\n'.repeat(100)}`;
const manifest = JSON.stringify({ name: 'Stride', start_url: '/', display: 'standalone' });
const SCRIPT = '/assets/index-5b2e7d90.js';

let webDir: string;
let server: TestServer;

beforeAll(async () => {
  webDir = path.join(tmpdir(), `stride-web-${randomBytes(6).toString('hex')}`);
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDir, SCRIPT), 'console.log("stride");\n');
  await writeFile(path.join(webDir, 'sw.js'), workerSource);
  // What the precompress plugin leaves beside a file over a kilobyte.
  await writeFile(path.join(webDir, 'sw.js.gz'), gzipSync(workerSource));
  await writeFile(path.join(webDir, 'manifest.webmanifest'), manifest);
  server = await startTestServer({ webDir });
});

afterAll(async () => {
  await server.stop();
  await rm(webDir, { recursive: true, force: true });
});

describe('the service worker and the manifest', () => {
  it('serves /sw.js as JavaScript that the browser asks for again each time, in every encoding', async () => {
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip' }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${server.url}/sw.js`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(workerSource);
    }
  });

  it('serves the manifest as application/manifest+json, asked for again each time', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual(JSON.parse(manifest));
  });

  it('leaves hashed assets cached for a year', async () => {
    const response = await fetch(`${server.url}${SCRIPT}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Read to the end: a response left unread holds its connection through the stop's grace.
    expect(await response.text()).toBe('console.log("stride");\n');
  });
});
