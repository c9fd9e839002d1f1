/**
 * Stride's server as a child process (`node --import tsx server/main.ts`), for tests that end it as
 * a crash does (SIGKILL, no graceful stop) and start another on the same database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createApiClient } from './api-client.ts';
import { waitUntil } from './strava.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the server on 127.0.0.1:`port` with only `env` beside PATH and HOME (the server itself
 * is the child, so a kill reaches it) and resolves once /api/health answers 200.
 */
export async function startServerProcess(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No daily backup unless a test asks for one.
      BACKUP_KEEP: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = createApiClient(`http://127.0.0.1:${port}`);
  await waitUntil(
    async () => {
      if (started.exitCode !== null) {
        throw new Error(`the server exited with ${started.exitCode}`);
      }
      return (await health.get('/api/health').catch(() => null))?.status === 200 || undefined;
    },
    'the server process',
    60_000,
  );
  return started;
}

/** Ends the process as a crash does (SIGKILL) and resolves once it has exited. */
export async function killProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
