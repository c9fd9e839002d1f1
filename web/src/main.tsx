/**
 * The entry: zod 4 compiles object parsers with `new Function` unless told not to, and its probe
 * trips Stride's CSP (no 'unsafe-eval'), which the browser reports on every page. The flag is read
 * when a schema is built, and the app's modules build schemas as they load, so it is set here
 * before the app is imported.
 */
import { z } from 'zod';

z.config({ jitless: true });

void import('./app/start.tsx');
