/**
 * PostgreSQL's own dump and restore programs (pg_dump, pg_restore), run as child processes when
 * they are on the machine: a backup of a Stride on PostgreSQL is pg_dump's custom format.
 */
import { spawn } from 'node:child_process';

/** Runs a program to its end; rejects with its last line of error output when it fails. */
function run(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        resolve();
        return;
      }
      const line = errors.trim().split('\n').at(-1) ?? '';
      reject(new Error(`${program} ended with code ${code ?? 'none'}${line ? `: ${line}` : ''}`));
    });
  });
}

/** Whether `program` (pg_dump, pg_restore) runs on this machine. */
export async function programAvailable(program: 'pg_dump' | 'pg_restore'): Promise<boolean> {
  return run(program, ['--version']).then(
    () => true,
    () => false,
  );
}

/**
 * Dumps the database in pg_dump's custom format to `file`; with `snapshot` (pg_export_snapshot()
 * of an open transaction) it sees exactly what that transaction sees.
 */
export function pgDump(databaseUrl: string, file: string, snapshot?: string): Promise<void> {
  return run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...(snapshot ? [`--snapshot=${snapshot}`] : []),
    `--file=${file}`,
    `--dbname=${databaseUrl}`,
  ]);
}

/** Restores a custom-format dump into the (empty) database, all in one transaction. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
