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

/** The bytes to send for a JSON text: compressed when it is large enough and an encoding is accepted. */
function encodeJson(
  text: string,
  encoding: ContentEncoding | undefined,
): { data: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  if (!encoding) {
    return { data: text, headers: {} };
  }
  const body = Buffer.from(text);
  const compressed = body.length >= COMPRESS_MIN_BYTES;
  const sent = compressed ? compressors[encoding](body) : body;
  return {
    data: new Uint8Array(sent.buffer, sent.byteOffset, sent.length) as Uint8Array<ArrayBuffer>,
    headers: { ...(compressed ? { 'content-encoding': encoding } : {}), 'content-length': String(sent.length) },
  };
}

/**
 * Compresses `application/json` answers of at least COMPRESS_MIN_BYTES when the client accepts br
 * or gzip. A handler's `c.json` compresses its JSON text as it produces it; a JSON answer made any
 * other way (the sign-in library's) is read back and compressed after the handler. Streams are
 * never touched: the live event stream (text/event-stream) and upload progress
 * (application/x-ndjson) must reach the browser line by line, and they have other content types.
 * Synchronous: a 22 KB list page takes about 0.15 ms of CPU in Brotli, where zlib's asynchronous
 * functions spent 0.5 ms setting up a stream and crossing to the thread pool.
 */
export function compressJson() {
  return createMiddleware(async (c, next) => {
    const encoding = c.req.method === 'HEAD' ? undefined : acceptedEncoding(c.req.header('accept-encoding'));
    let produced: Response | undefined;
    const json = (object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => {
      const encoded = encodeJson(JSON.stringify(object), encoding);
      c.header('vary', 'Accept-Encoding', { append: true });
      // Hono's own body maker, which takes a status or a ResponseInit as `c.json` does.
      const respond = c.newResponse as (
        data: string | Uint8Array<ArrayBuffer>,
        arg?: number | ResponseInit,
        headers?: Record<string, string | string[]>,
      ) => Response;
      produced = respond(encoded.data, arg, {
        'content-type': 'application/json',
        ...headers,
        ...encoded.headers,
      });
      return produced;
    };
    c.json = json as typeof c.json;
    await next();
    const response = c.res;
    if (response === produced) {
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || response.headers.has('content-encoding') || !response.body) {
      return;
    }
    response.headers.append('vary', 'Accept-Encoding');
    if (!encoding) {
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
