/**
 * zod as the browser build sees it (vite.config.ts points `zod` here): zod 4 compiles object parsers
 * with `new Function` unless told not to, and its probe trips Stride's CSP (no 'unsafe-eval'), which
 * the browser reports on every page. The flag is read when a schema is built; this module runs before
 * any module that imports zod, so every schema, in whichever chunk and whenever it loads, is built
 * without it. zod loads with the first module that builds a schema (the sign-in page builds none).
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
