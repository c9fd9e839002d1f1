/**
 * Compression of what the server sends: which encoding a request accepts, and the middleware that
 * compresses JSON API answers. The web app's files are compressed once at build time instead
 * (web/precompress-plugin.ts, served by web-app.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createMiddleware } from 'hono/factory';

export type ContentEncoding = 'br' | 'gzip';

/** Brotli first: smaller for the same CPU at the qualities used here. */
const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip'];

/** JSON answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to send, from the request's Accept-Encoding (with q-values; `q=0` refuses, `*`
 * stands for any encoding not named), among those `available`; undefined means identity.
 */
export function acceptedEncoding(
  header: string | undefined,
  available: readonly ContentEncoding[] = PREFERENCE,
): ContentEncoding | undefined {
  if (!header) {
    return undefined;
  }
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name) {
      weights.set(name, Number.isFinite(q) ? q : 0);
    }
  }
  let best: { encoding: ContentEncoding; q: number } | undefined;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) {
      continue;
    }
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) {
      best = { encoding, q };
    }
  }
  return best?.encoding;
}

const compressors: Record<ContentEncoding, (data: Buffer) => Buffer> = {
  // Answers are compressed on every request, so speed first: Brotli's quality 1 matches gzip's
  // size at about half gzip's CPU (quality 4 took three times as long as 1 on a list page).
  br: (data) =>
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => gzipSync(data, { level: 6 }),
};

/**
 * Compresses `application/json` answers of at least COMPRESS_MIN_BYTES when the client accepts br
 * or gzip. Streams are never touched: the live event stream (text/event-stream) and upload progress
 * (application/x-ndjson) must reach the browser line by line, and they have other content types.
 * Synchronous: a 22 KB list page takes about 0.15 ms of CPU in Brotli, where zlib's asynchronous
 * functions spent 0.5 ms setting up a stream and crossing to the thread pool.
 */
export function compressJson() {
  return createMiddleware(async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || response.headers.has('content-encoding') || !response.body) {
      return;
    }
    response.headers.append('vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(c.req.header('accept-encoding'));
    if (!encoding || c.req.method === 'HEAD') {
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let sent: Buffer = body;
    if (body.length >= COMPRESS_MIN_BYTES) {
      sent = compressors[encoding](body);
      headers.set('content-encoding', encoding);
    }
    headers.set('content-length', String(sent.length));
    c.res = undefined;
    c.res = new Response(new Uint8Array(sent.buffer, sent.byteOffset, sent.length) as Uint8Array<ArrayBuffer>, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  });
}
