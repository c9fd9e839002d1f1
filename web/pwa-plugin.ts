/**
 * Builds the service worker (web/sw/sw.js) into the web app as /sw.js, with the build's id and the
 * app shell to cache on install in front of it: index.html, every script and style the build wrote,
 * and the files of web/public (manifest, icons, favicon). The same id reaches the app as
 * `import.meta.env.VITE_STRIDE_BUILD`, so the data kept on the device is dropped by a new build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SHELL_FILE = /\.(?:js|css|html)$/;

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [`/${path.relative(base, full).split(path.sep).join('/')}`];
  });
}

export function serviceWorker(): Plugin {
  const buildId = Date.now().toString(36);
  const source = path.resolve(import.meta.dirname, 'sw', 'sw.js');
  let publicDir = '';
  return {
    name: 'stride-service-worker',
    apply: 'build',
    config: () => ({ define: { 'import.meta.env.VITE_STRIDE_BUILD': JSON.stringify(buildId) } }),
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // After Vite's own HTML plugin has put index.html in the bundle: the shell a reload opens offline.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const built = Object.keys(bundle)
          .filter((file) => SHELL_FILE.test(file))
          .map((file) => `/${file}`);
        const precache = [...built, ...filesUnder(publicDir)].sort();
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source:
            `const BUILD_ID = ${JSON.stringify(buildId)};\n` +
            `const PRECACHE = ${JSON.stringify(precache)};\n` +
            readFileSync(source, 'utf8'),
        });
      },
    },
  };
}
