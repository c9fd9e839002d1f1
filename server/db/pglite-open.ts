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
import { NodeFS } from '@electric-sql/pglite/nodefs';

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

/**
 * The parts of Emscripten's file system the kept sizes wrap (its NODEFS and FS objects); their
 * functions never use `this`.
 */
interface EmscriptenNode {
  mode: number;
}
interface EmscriptenStream {
  node: EmscriptenNode;
}
interface EmscriptenNodeFs {
  stream_ops: {
    llseek: (stream: EmscriptenStream, offset: number, whence: number) => number;
    write: (
      stream: EmscriptenStream,
      buffer: unknown,
      offset: number,
      length: number,
      position: number,
      canOwn?: boolean,
    ) => number;
  };
  node_ops: { setattr: (node: EmscriptenNode, attributes: { size?: number }) => void };
}
interface EmscriptenFs {
  filesystems: { NODEFS: EmscriptenNodeFs };
  isFile(mode: number): boolean;
}

const SEEK_END = 2;

/**
 * PostgreSQL asks a relation file's size (`lseek(fd, 0, SEEK_END)`) each time it plans a query on
 * it and each time it extends it, and Emscripten's Node file system answers every such seek with an
 * `fstat` of the file: a tenth of the server's CPU under writes. The size is asked of the system
 * once per file and then kept: every write through the file system grows it to the write's end, and
 * anything else that changes a file's size (a truncation) forgets it. Only PostgreSQL in this
 * process writes the folder (the data folder's lock keeps a second server out), so the kept size is
 * the file's.
 */
export function keepFileSizes(fs: EmscriptenFs): void {
  const { stream_ops: streams, node_ops: nodes } = fs.filesystems.NODEFS;
  const sizes = new WeakMap<EmscriptenNode, number>();
  const { llseek, write } = streams;
  const { setattr } = nodes;
  streams.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !fs.isFile(stream.node.mode)) {
      return llseek(stream, offset, whence);
    }
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    // A position before the start is refused as the file system refuses it.
    return size + offset < 0 ? llseek(stream, offset, whence) : size + offset;
  };
  streams.write = (stream, buffer, offset, length, position, canOwn) => {
    const written = write(stream, buffer, offset, length, position, canOwn);
    const size = sizes.get(stream.node);
    if (size !== undefined) {
      sizes.set(stream.node, Math.max(size, position + written));
    }
    return written;
  };
  nodes.setattr = (node, attributes) => {
    sizes.delete(node);
    setattr(node, attributes);
  };
}

/** PGlite's Node file system on a data folder, with the files' sizes kept ({@link keepFileSizes}). */
class SizeKeepingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = (emscriptenOpts as { preRun?: ((module: { FS: EmscriptenFs }) => void)[] }).preRun ?? [];
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [(module: { FS: EmscriptenFs }) => keepFileSizes(module.FS), ...preRun],
      },
    };
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
    ...(options.pgliteDir === undefined ? {} : { fs: new SizeKeepingNodeFS(options.pgliteDir) }),
    ...(options.pgliteTemplate === undefined ? {} : { loadDataDir: options.pgliteTemplate }),
  });
  trimParsers(pglite);
  return pglite;
}
