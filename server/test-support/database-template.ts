/**
 * Global setup of the db projects: runs every migration once per test run into a template, and each
 * test database starts as a copy of it (server/test-support/test-server.ts) instead of an empty
 * database that every server start would have to create and migrate again.
 *
 * - PGlite: a migrated in-memory database dumped with `dumpDataDir()` to a file in a temporary
 *   folder; each test database loads it (`loadDataDir`). Workers get the file's path via
 *   `inject('pgliteTemplate')`.
 * - PostgreSQL: a migrated database `stride_template_…` on the server in TEST_DATABASE_URL; each test
 *   database is `CREATE DATABASE … TEMPLATE` it. Workers get its name via
 *   `inject('postgresTemplate')`.
 *
 * The teardown removes the file or drops the template database. A server started on a copy still
 * runs the migrator, which then finds nothing to do.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { openPglite } from '../db/pglite-open.ts';
import { PgliteDialect } from '../db/pglite-dialect.ts';
import type { Database } from '../db/schema.ts';
import { createPostgresDatabase, dropPostgresDatabase, postgresDatabaseUrl } from './postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the migrated template's dump; empty when there is none. */
    pgliteTemplate: string;
    /** PostgreSQL: the name of the migrated template database; empty when there is none. */
    postgresTemplate: string;
  }
}

/** A PGlite database with every migration run, dumped (`dumpDataDir`): what `loadDataDir` starts a copy from. */
export async function migratePglite(): Promise<Blob> {
  const pglite = await openPglite({});
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

/** Copies of the template dump in `templateFile` into each of `pgliteDirs`, made by a child process (see its header). */
export async function copyPgliteTemplateApart(templateFile: string, pgliteDirs: readonly string[]): Promise<void> {
  const cli = fileURLToPath(new URL('./copy-pglite-template-cli.ts', import.meta.url));
  await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, templateFile, ...pgliteDirs]);
}

/** A PGlite data folder (created) holding a copy of `template`, closed again. */
export async function copyPgliteTemplate(template: Blob, pgliteDir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir, pgliteTemplate: template });
  await database.close();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.STRIDE_TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const name = await createPostgresDatabase({ prefix: 'stride_template' });
    try {
      const database = await openDatabase({ databaseUrl: postgresDatabaseUrl(name) });
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
      }
    } catch (error) {
      await dropPostgresDatabase(name);
      throw error;
    }
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return () => dropPostgresDatabase(name);
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'stride-template-'));
  const file = path.join(folder, 'pglite.tar');
  await writeFile(file, Buffer.from(await (await migratePglite()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(folder, { recursive: true, force: true });
}
