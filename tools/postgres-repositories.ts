/**
 * The check that every repository (server/db/*-repository.ts) runs its SQL on PostgreSQL in CI:
 * the db:postgres project runs only the suites in server/test-support/postgres-suites.ts, and
 * while it runs, server/test-support/repository-record.ts writes down each repository that built a
 * query. `tsx tools/postgres-repositories.ts <folder>` (tools/test.mjs, after that project) fails,
 * naming them, when some repository built none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A repository module's frame in a call stack; group 1 is its name. */
export const REPOSITORY_IN_STACK = /server[/\\]db[/\\]([a-z0-9-]+-repository)\.ts/g;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The names of the repository modules in server/db (`gear-repository`, …). */
export function repositoryModules(dbFolder = path.join(root, 'server', 'db')): string[] {
  return readdirSync(dbFolder)
    .filter((file) => file.endsWith('-repository.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/** The repositories recorded in a folder of record files, one name a line. */
export function recordedRepositories(folder: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(folder)) {
    for (const line of readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      if (line.trim()) {
        names.add(line.trim());
      }
    }
  }
  return names;
}

/** The sentence for repositories that never ran on PostgreSQL; undefined when there are none. */
export function missingRepositoriesMessage(
  modules: readonly string[],
  recorded: ReadonlySet<string>,
): string | undefined {
  const missing = modules.filter((name) => !recorded.has(name));
  if (missing.length === 0) {
    return undefined;
  }
  return (
    `${missing.length === 1 ? 'A repository' : `${missing.length} repositories`} ran no query on PostgreSQL: ` +
    `${missing.map((name) => `server/db/${name}.ts`).join(', ')}. ` +
    `Add a suite that uses ${missing.length === 1 ? 'it' : 'each'} to server/test-support/postgres-suites.ts.`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: tsx tools/postgres-repositories.ts <record folder>');
    process.exit(2);
  }
  const modules = repositoryModules();
  const message = missingRepositoriesMessage(modules, recordedRepositories(folder));
  if (message) {
    console.error(message);
    process.exit(1);
  }
  console.log(`All ${modules.length} repositories ran queries on PostgreSQL.`);
}
