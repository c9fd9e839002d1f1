/**
 * JSON compressed where it is produced: a handler's `c.json` answer leaves the handler already
 * compressed (nothing reads the answer back afterwards), with the same bytes and headers as before.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressJson } from './content-encoding.ts';

const LARGE = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: `Morning run ${index}` })) };

/** An app whose inner middleware records the answer as it leaves the handler. */
function appSeeing() {
  const seen: { encoding: string | null; length: string | null }[] = [];
  const app = new Hono();
  app.use('*', compressJson());
  app.use('*', async (c, next) => {
    await next();
    seen.push({ encoding: c.res.headers.get('content-encoding'), length: c.res.headers.get('content-length') });
  });
  app.get('/large', (c) => c.json(LARGE, 201, { 'x-kept': 'yes' }));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/made-elsewhere', () => Response.json(LARGE));
  return { app, seen };
}

describe('compressJson', () => {
  it("compresses a handler's JSON as it is produced", async () => {
    const { app, seen } = appSeeing();
    const response = await app.request('/large', { headers: { 'accept-encoding': 'br, gzip' } });
    const body = Buffer.from(await response.arrayBuffer());
    expect(seen).toEqual([{ encoding: 'br', length: String(body.length) }]);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-kept')).toBe('yes');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toEqual(LARGE);
  });

  it('sends gzip when only gzip is accepted, and small or unaccepted JSON as it is', async () => {
    const { app } = appSeeing();
    const gzip = await app.request('/large', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8'))).toEqual(LARGE);

    const small = await app.request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESS_MIN_BYTES);

    const identity = await app.request('/large');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(await identity.json()).toEqual(LARGE);
  });

  it('still compresses JSON made without c.json, after the handler', async () => {
    const { app, seen } = appSeeing();
    const response = await app.request('/made-elsewhere', { headers: { 'accept-encoding': 'br' } });
    expect(seen).toEqual([{ encoding: null, length: null }]);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8'))).toEqual(LARGE);
  });
});
