/**
 * Which repositories (server/db/*-repository.ts) run queries in a test run: with
 * STRIDE_REPOSITORY_RECORD naming a folder (tools/test.mjs sets it for the db:postgres project),
 * every test server gets a Kysely plugin that looks at the call stack as a query is built and
 * appends each repository it sees for the first time to a file of this process in that folder.
 * tools/postgres-repositories.ts then fails the run when a repository never queried PostgreSQL.
 *
 * The stack is read when the query is compiled, which happens synchronously inside the
 * repository's call (`.execute()`), so the repository's frame is on it.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { REPOSITORY_IN_STACK } from '../../tools/postgres-repositories.ts';

const seen = new Set<string>();

function record(folder: string, stack: string): void {
  for (const match of stack.matchAll(REPOSITORY_IN_STACK)) {
    const name = match[1];
    if (name !== undefined && !seen.has(name)) {
      seen.add(name);
      appendFileSync(path.join(folder, `${process.pid}.txt`), `${name}\n`);
    }
  }
}

/** The recording plugin when STRIDE_REPOSITORY_RECORD is set; none otherwise. */
export function repositoryRecorder(): KyselyPlugin[] {
  const folder = process.env.STRIDE_REPOSITORY_RECORD;
  if (!folder) {
    return [];
  }
  return [
    {
      transformQuery: (args) => {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 50;
        const stack = new Error().stack ?? '';
        Error.stackTraceLimit = limit;
        record(folder, stack);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    },
  ];
}
