/**
 * The built server (`npm run build:server`, after tsc's type check): dist/server/main.js and the
 * upload parser's worker, dist/server/import-worker.js, as ES module bundles that hold Stride's code
 * and its libraries, so that a start reads a handful of files instead of resolving and compiling
 * some two thousand modules. Libraries loaded only when used (Stripe, SMTP) stay in their own chunks
 * under dist/server/chunks, read on first use. A source map sits beside each file.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Packages Node loads at run time from node_modules: PGlite reads its WebAssembly and data files
 * beside its own module, sharp loads a native binary, and pg's optional native binding may be absent.
 */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', 'sharp', 'pg-native'] as const;

/**
 * Zod's error messages in English only: zod exports its 60-odd translations as one namespace
 * (`z.locales`), which a bundle cannot leave out piece by piece, a third of a megabyte that every
 * start compiles. Stride writes its own sentences and never switches zod's language, so the
 * namespace keeps only `en`, the default zod sets itself (classic/schemas.js).
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](core|classic)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, '../locales/index.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/** Bundles the server into `outdir` (inside the repository, so the external packages resolve), emptied first. */
export async function buildServer(outdir = path.join(ROOT, 'dist/server')): Promise<BuildResult> {
  await rm(outdir, { recursive: true, force: true });
  return build({
    absWorkingDir: ROOT,
    // The worker sits beside main.js: the import pool finds it at ./import-worker.js.
    entryPoints: { main: 'server/main.ts', 'import-worker': 'server/services/import-worker.ts' },
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Libraries written as CommonJS require() Node's own modules, which an ES module has no require for.
    banner: {
      js: "import { createRequire as __strideCreateRequire } from 'node:module';\nconst require = __strideCreateRequire(import.meta.url);",
    },
    external: [...EXTERNAL_PACKAGES],
    plugins: [zodEnglishOnly],
    logLevel: 'warning',
    legalComments: 'none',
  });
}

if (process.argv[1] === import.meta.filename) {
  // `tsx tools/build-server.ts [outdir]`: dist/server unless a folder is named (the tests' build).
  const outdir = process.argv[2];
  if (outdir === undefined) {
    // tsc wrote one file per module to dist/server and dist/core before the server was bundled.
    await rm(path.join(ROOT, 'dist/core'), { recursive: true, force: true });
  }
  await buildServer(outdir === undefined ? undefined : path.resolve(outdir));
}
