/** A file answered as a download: attachment with its UTF-8 name, never stored by a cache. */
import type { Context } from 'hono';
import type { Download } from '../download.ts';

export function download(c: Context, file: Download): Response {
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(typeof file.body === 'string' ? file.body : new Uint8Array(file.body));
}
