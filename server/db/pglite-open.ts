/**
 * PGlite (PostgreSQL in WebAssembly, in the server's process) opened as Stride runs it: a new data
 * folder created in a child process, start parameters that keep its memory down, and its parser
 * table trimmed to what Stride reads. database.ts opens it behind Kysely.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';

/**
 * The array types whose parsers PGlite keeps: arrays of the built-in types it parses (booleans,
 * bytes, integers, floats, json/jsonb, dates and timestamps) and of text, uuid and numeric (float8[]
 * histograms, text[] lists). Numeric itself stays a string, as on PostgreSQL through node-postgres.
 */
const PARSED_ARRAY_TYPES: readonly number[] = [
  1000, // bool[]
  1001, // bytea[]
  1005, // int2[]
  1007, // int4[]
  1016, // int8[]
  1028, // oid[]
  199, // json[]
  3807, // jsonb[]
  1021, // float4[]
  1022, // float8[]
  1009, // text[]
  1014, // bpchar[]
  1015, // varchar[]
  2951, // uuid[]
  1231, // numeric[]
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
];

/**
 * PGlite copies its whole parser table into a new object for every query it answers (one entry per
 * type with a parser: its built-in ones, plus one per array type, including the row type of every
 * table, 349 in all). Only the built-in parsers and the arrays Stride reads are kept, so the copy
 * is a tenth of that; a type without a parser comes back as the text PostgreSQL sent.
 */
export function trimParsers(pglite: PGlite): void {
  const kept: PGlite['parsers'] = { ...types.parsers };
  for (const oid of PARSED_ARRAY_TYPES) {
    const parser = pglite.parsers[oid];
    if (parser) {
      kept[oid] = parser;
    }
  }
  pglite.parsers = kept;
}

/**
 * PostgreSQL's start parameters inside PGlite: PGlite's own, with the shared memory taken as a
 * System V segment. PGlite hands that one out already zeroed, where the default (an anonymous mmap)
 * is zeroed byte by byte in WebAssembly, which took half the database's start. Its buffers are
 * 64 MB, not PostgreSQL's 128: every page a large import writes passes through them and stays
 * resident in the WebAssembly memory, which never shrinks; a ten-year history's hot pages fit, and
 * the rest comes from the system's file cache.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_memory_type=sysv',
  '-c',
  'shared_buffers=64MB',
];

/**
 * Creates the database in a new PGlite data folder (initdb) in a short-lived child process. PGlite
 * runs initdb in two more WebAssembly instances and copies the folder through a tar in memory: in
 * the server's own process that left about 500 MB resident for its whole life, where a child's
 * memory goes back to the system when it exits. The server then opens the folder as an existing one.
 */
async function createPgliteDataDir(pgliteDir: string): Promise<void> {
  const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pgliteModule)}).PGlite.create({ dataDir: ${JSON.stringify(pgliteDir)} }).then((db) => db.close())`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    throw new Error(`Creating the database in ${pgliteDir} failed: ${stderr.trim() || `exit code ${code}`}`);
  }
}

/** PGlite on a data folder (or in memory), with the parser table trimmed to what Stride reads. */
export async function openPglite(options: {
  /** PGlite's data folder; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /** A dumped data folder (an already migrated template) to start from. */
  pgliteTemplate?: Blob | undefined;
}): Promise<PGlite> {
  const { pgliteDir } = options;
  if (
    pgliteDir !== undefined &&
    options.pgliteTemplate === undefined &&
    !existsSync(path.join(pgliteDir, 'PG_VERSION'))
  ) {
    await createPgliteDataDir(pgliteDir);
  }
  const pglite = await PGlite.create({
    startParams: [...PGLITE_START_PARAMS],
    ...(options.pgliteDir === undefined ? {} : { dataDir: options.pgliteDir }),
    ...(options.pgliteTemplate === undefined ? {} : { loadDataDir: options.pgliteTemplate }),
  });
  trimParsers(pglite);
  return pglite;
}
