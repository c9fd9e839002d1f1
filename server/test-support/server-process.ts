/**
 * Stride's server as a child process (`node --import tsx server/main.ts`), for tests that end it as
 * a crash does (SIGKILL, no graceful stop) or as a service manager does (SIGTERM), and start another
 * on the same database or data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createApiClient } from './api-client.ts';
import { waitUntil } from './strava.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** What the process wrote to standard error so far. */
  stderr(): string;
  /** Resolves with the exit code (or the signal that ended it) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the server on 127.0.0.1:`port` with only `env` beside PATH and HOME (the server itself
 * is the child, so a signal reaches it), without waiting for it to answer. Its standard output is
 * dropped, or written to the descriptor `stdout`.
 */
export function spawnServerProcess(
  port: number,
  env: NodeJS.ProcessEnv,
  stdout: 'ignore' | number = 'ignore',
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stderr: () => stderr, exited };
}

/** Resolves once the server process answers /api/health with 200; throws if it exits first. */
export async function serverProcessAnswers(server: ServerProcess, port: number): Promise<void> {
  const health = createApiClient(`http://127.0.0.1:${port}`);
  await waitUntil(
    async () => {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited with ${server.child.exitCode}`);
      }
      return (await health.get('/api/health').catch(() => null))?.status === 200 || undefined;
    },
    'the server process',
    60_000,
  );
}

/** Starts the server on 127.0.0.1:`port` and resolves once /api/health answers 200. */
export async function startServerProcess(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const started = spawnServerProcess(port, env);
  await serverProcessAnswers(started, port);
  return started.child;
}

/** Ends the process as a crash does (SIGKILL) and resolves once it has exited. */
export async function killProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
