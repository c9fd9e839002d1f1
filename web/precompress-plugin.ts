/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, once;
 * the server sends the one the browser accepts (server/http/web-app.ts)
 * instead of compressing on every request. Source maps are left alone: browsers fetch them only
 * with the developer tools open.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
/**
 * Brotli's quality 11 is 7 % smaller than 9 on this app's JavaScript but takes ten times as long
 * (about 30 s against 3 s for the whole build on a busy 2-core machine); every `npm start` after a
 * change and every browser-test run builds, so 9.
 */
const BROTLI_QUALITY = 9;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stride-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // zlib's asynchronous functions run in the thread pool, so the files compress side by side.
      const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const content = readFileSync(file);
          const [brotli, gzipped] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
