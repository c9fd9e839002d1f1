/**
 * Serves the built single-page app: hashed assets with a long cache, everything else falls back
 * to index.html so the browser router handles /login, /{username} and the rest.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

export function serveWebApp(webDir: string) {
  const app = new Hono();
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}
