/**
 * Source maps hold the whole front-end source: a production (or test) server answers their
 * addresses 404, in every encoding, and only a server configured to serve them (development,
 * SOURCE_MAPS=true) sends them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const SCRIPT = '/assets/index-5b2e7d90.js';
const scriptSource = 'console.log("stride");\n//# sourceMappingURL=index-5b2e7d90.js.map\n';
const mapSource = JSON.stringify({ version: 3, sources: ['../src/secret-screen.tsx'], mappings: 'AAAA' });

let webDir: string;

beforeAll(async () => {
  webDir = path.join(tmpdir(), `stride-web-${randomBytes(6).toString('hex')}`);
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDir, SCRIPT), scriptSource);
  // What the build leaves: the map and, from the precompress plugin, its gzip copy.
  await writeFile(path.join(webDir, `${SCRIPT}.map`), mapSource);
  await writeFile(path.join(webDir, `${SCRIPT}.map.gz`), gzipSync(mapSource));
});

afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

describe('source maps', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ webDir });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('are a 404 when not configured, whatever encoding is asked for; the script itself is served', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const map = await fetch(`${server.url}${SCRIPT}.map`, { headers });
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('secret-screen');
    }
    expect((await fetch(`${server.url}${SCRIPT.toUpperCase()}.MAP`)).status).toBe(404);
    const script = await fetch(`${server.url}${SCRIPT}`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(scriptSource);
  });
});

describe('source maps when configured (development or SOURCE_MAPS=true)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ webDir, serveSourceMaps: true });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('are served as they are', async () => {
    const map = await fetch(`${server.url}${SCRIPT}.map`);
    expect(map.status).toBe(200);
    expect(await map.text()).toBe(mapSource);
  });
});
