/**
 * Compression over real HTTP: the web app's files in the encoding the request accepts (from the
 * copies the build wrote), JSON API answers compressed above 1 KB, and the live event stream left
 * as it is. Raw node:http requests, so nothing decompresses behind the test's back.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { acceptedEncoding, COMPRESS_MIN_BYTES } from './content-encoding.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET with exactly these headers; the body as sent, still encoded. Stops reading after `firstBytes` if given. */
function rawGet(url: string, headers: Record<string, string>, firstBytes?: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      let length = 0;
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (firstBytes !== undefined && length >= firstBytes) {
          done();
          req.destroy();
        }
      });
      res.on('end', done);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const ASSET = '/assets/app-3f9c2a1b.js';
const assetSource = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`stride ${i}`)};`).join('\n'),
);
const STYLE = '/assets/style-8d1e4f00.css';
const styleSource = Buffer.from('body { color: #fff; }\n'.repeat(100));

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = path.join(tmpdir(), `stride-web-${randomBytes(6).toString('hex')}`);
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // What web/precompress-plugin.ts leaves in the build: the file, its .br and its .gz.
  await writeFile(path.join(webDir, ASSET), assetSource);
  await writeFile(path.join(webDir, `${ASSET}.br`), brotliCompressSync(assetSource));
  await writeFile(path.join(webDir, `${ASSET}.gz`), gzipSync(assetSource));
  // Only a gzip copy of this one.
  await writeFile(path.join(webDir, STYLE), styleSource);
  await writeFile(path.join(webDir, `${STYLE}.gz`), gzipSync(styleSource));
  server = await startTestServer({ webDir });
});

afterAll(async () => {
  await server.stop();
  await rm(webDir, { recursive: true, force: true });
});

describe('the web app files', () => {
  it('are sent in Brotli when accepted, with the type, Vary and a year of caching', async () => {
    const response = await rawGet(`${server.url}${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(assetSource.length / 2);
    expect(brotliDecompressSync(response.body).equals(assetSource)).toBe(true);
  });

  it('are sent in gzip to a client without Brotli, or when Brotli is refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const response = await rawGet(`${server.url}${ASSET}`, { 'accept-encoding': accept });

      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(response.body).equals(assetSource)).toBe(true);
    }
  });

  it('are sent as they are without Accept-Encoding or with identity only, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await rawGet(`${server.url}${ASSET}`, headers);

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.body.equals(assetSource)).toBe(true);
    }
  });

  it('fall back to the copy that exists: gzip when only gzip was built, even if Brotli is preferred', async () => {
    const response = await rawGet(`${server.url}${STYLE}`, { 'accept-encoding': 'br, gzip' });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(response.body).equals(styleSource)).toBe(true);
  });

  it('answer HEAD with the headers and no body', async () => {
    const response = await new Promise<RawResponse>((resolve, reject) => {
      const req = request(`${server.url}${ASSET}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
      });
      req.on('error', reject);
      req.end();
    });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('JSON API answers', () => {
  it('are compressed above 1 KB in the accepted encoding, and decompress to the same document', async () => {
    const plain = await rawGet(`${server.url}/api/docs`, {});
    const brotli = await rawGet(`${server.url}/api/docs`, { 'accept-encoding': 'br' });
    const gzip = await rawGet(`${server.url}/api/docs`, { 'accept-encoding': 'gzip' });

    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/json/);
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveProperty('openapi', '3.1.0');
  });

  it('are sent as they are below 1 KB', async () => {
    const response = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });

    expect(response.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ status: 'ok' });
  });
});

describe('the live event stream', () => {
  it('is never compressed, so each event reaches the browser when it is sent', async () => {
    const { client } = await registerUser(server);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    const response = await rawGet(`${server.url}/api/events`, { cookie, 'accept-encoding': 'br, gzip' }, 1);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString('utf8')).toMatch(/^event: ready/);
  });
});

describe('acceptedEncoding', () => {
  it('prefers Brotli, honours q-values and the wildcard, and answers identity otherwise', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});
