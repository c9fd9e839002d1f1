/**
 * Serves the built single-page app: hashed assets with a long cache, the service worker and the
 * manifest asked for again each time, everything else falls back
 * to index.html so the browser router handles /login, /{username} and the rest. Files the build
 * compressed (a `.br` and a `.gz` beside them, web/precompress-plugin.ts) are held in memory and
 * sent in the encoding the request accepts, with `Vary: Accept-Encoding`. Source maps (`.map`, the
 * whole front-end source) are answered 404 unless `sourceMaps` is set (development, SOURCE_MAPS).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { serveStatic } from '@hono/node-server/serve-static';
import { acceptedEncoding, type ContentEncoding } from './content-encoding.ts';

/** Hashed file names never change content, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The service worker and the web manifest keep their names from build to build: the browser asks
 * again every time, so a new build's worker (and its new cache of the app shell) is found at once.
 */
const ALWAYS_REVALIDATED = ['/sw.js', '/manifest.webmanifest'];

interface Variants {
  type: string;
  identity: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

const SUFFIXES: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** URL path → the file and its compressed copies, for every file the build compressed. */
function loadPrecompressed(webDir: string): Map<string, Variants> {
  const files = new Map<string, Variants>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const encoded: Variants['encoded'] = {};
      for (const [encoding, suffix] of Object.entries(SUFFIXES) as [ContentEncoding, string][]) {
        if (existsSync(full + suffix)) {
          encoded[encoding] = readFileSync(full + suffix);
        }
      }
      if (Object.keys(encoded).length > 0) {
        const urlPath = `/${path.relative(webDir, full).split(path.sep).join('/')}`;
        files.set(urlPath, {
          type: getMimeType(full) ?? 'application/octet-stream',
          identity: readFileSync(full),
          encoded,
        });
      }
    }
  };
  walk(webDir);
  return files;
}

export interface WebAppOptions {
  /** Serve the build's `.map` files; otherwise they are a 404 like any missing file. */
  sourceMaps: boolean;
  /** The page a path gets instead of index.html as built (a public profile's, with its Open Graph tags). */
  pageFor?: (path: string, indexHtml: string) => Promise<string | null>;
}

const SOURCE_MAP = /\.map$/i;

export function serveWebApp(webDir: string, options: WebAppOptions) {
  const app = new Hono();
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app;
  }
  if (!options.sourceMaps) {
    app.on(['GET', 'HEAD'], '*', (c, next) => (SOURCE_MAP.test(c.req.path) ? c.notFound() : next()));
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const precompressed = loadPrecompressed(webDir);
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) {
      c.header('Cache-Control', IMMUTABLE);
    }
  });
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && ALWAYS_REVALIDATED.includes(c.req.path)) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const file = precompressed.get(c.req.path);
    if (!file || c.req.path === '/index.html') {
      return next();
    }
    const encoding = acceptedEncoding(c.req.header('accept-encoding'), Object.keys(file.encoded) as ContentEncoding[]);
    const body = encoding ? (file.encoded[encoding] as Buffer) : file.identity;
    c.header('Content-Type', file.type);
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Length', String(body.length));
    if (encoding) {
      c.header('Content-Encoding', encoding);
    }
    if (c.req.method === 'HEAD') {
      return c.body(null, 200);
    }
    // A view on the buffer held in memory, not a copy.
    return c.body(new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>, 200);
  });
  app.use('*', serveStatic({ root }));
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html((await options.pageFor?.(c.req.path, indexHtml)) ?? indexHtml);
  });
  return app;
}
