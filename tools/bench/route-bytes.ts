/** The gzip bytes of a built page's JavaScript beyond the app shell (`npm run build:web` first). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');
const ASSETS = path.join(WEB_DIR, 'assets');

/** The chunk files a built chunk imports statically (`from"./x.js"`, `import"./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(ASSETS, file), 'utf8');
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1] as string);
}

function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (!seen.has(file)) {
      seen.add(file);
      stack.push(...staticImports(file));
    }
  }
  return seen;
}

/**
 * A lazy page's JavaScript beyond the app shell: its chunk and what it imports, transitively, less
 * what the shell (index.html's entry, the app start it loads, and their imports) already loads;
 * one row per chunk (file, bytes, gzip bytes) and the gzip total.
 */
export function routeBytes(pageChunk: string): { rows: string[][]; gzip: number } {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(`No built web app in ${WEB_DIR}: run npm run build:web first`);
  }
  const html = readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((match) => match[1] as string);
  const page = readdirSync(ASSETS).find((file) => file.startsWith(`${pageChunk}-`) && file.endsWith('.js'));
  if (!page) {
    throw new Error(`No ${pageChunk} chunk in the build: rebuild after changing web/.`);
  }
  // The entry (web/src/main.tsx) loads the app itself (app/start.tsx) before any route: both are the shell.
  const start = readdirSync(ASSETS).filter((file) => /^start-.*\.js$/.test(file));
  const shell = closure([...entries, ...start]);
  const route = [...closure([page])].filter((file) => !shell.has(file));
  const rows = route.map((file) => {
    const code = readFileSync(path.join(ASSETS, file));
    return [file, String(code.length), String(gzipSync(code).length)];
  });
  return { rows, gzip: rows.reduce((sum, row) => sum + Number(row[2]), 0) };
}
