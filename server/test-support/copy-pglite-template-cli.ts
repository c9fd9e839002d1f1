/**
 * Copies a migrated PGlite template (a dump file) into each data folder named after it, in a
 * process of its own: PGlite leaves timers behind in the process that opened it, which kept the
 * browser tests' runner from exiting. Usage: copy-pglite-template-cli.ts TEMPLATE DIR...
 */
import { readFile } from 'node:fs/promises';
import { copyPgliteTemplate } from './database-template.ts';

const [templateFile, ...pgliteDirs] = process.argv.slice(2);
if (templateFile === undefined || pgliteDirs.length === 0) {
  throw new Error('usage: copy-pglite-template-cli.ts TEMPLATE DIR...');
}
const template = new Blob([await readFile(templateFile)]);
for (const pgliteDir of pgliteDirs) {
  await copyPgliteTemplate(template, pgliteDir);
}
process.exit(0);
