/**
 * Global setup of the `e2e` vitest project: builds the app once (`npm run build`: server to dist/,
 * web to dist/web), starts the built server exactly as `npm start` would run it, on a free port and a
 * fresh embedded database (PGlite in a temporary DATA_DIR), and hands its URL to the tests through
 * `provide('baseUrl')`. The teardown stops the server and removes the data folder.
 *
 * STRIDE_E2E_SKIP_BUILD=1 reuses an existing dist/ (handy while iterating on tests only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Runs a command in the repository root; resolves with its combined output, rejects with it on failure. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        resolve(output);
      } else {
        reject(new Error(`\`${command} ${args.join(' ')}\` failed (${signal ?? `exit code ${code}`}):\n${output}`));
      }
    });
  });
}

/** A port nobody listens on right now: bind to 0, read the port the kernel picked, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('Could not pick a free port'))));
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls GET /api/health until it answers 200; fails early with the server's stderr if it exits. */
async function waitForHealth(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Stride server exited before becoming healthy (${child.signalCode ?? `exit code ${child.exitCode}`}).\n` +
          `stderr:\n${stderr() || '(empty)'}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return;
      }
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await delay(200);
  }
  throw new Error(
    `The Stride server did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}).\n` +
      `stderr:\n${stderr() || '(empty)'}`,
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.STRIDE_E2E_SKIP_BUILD === '1') {
    if (!existsSync(path.join(repoRoot, 'dist', 'server', 'main.js'))) {
      throw new Error('STRIDE_E2E_SKIP_BUILD=1 but dist/server/main.js does not exist; run `npm run build` first.');
    }
  } else {
    await run('npm', ['run', 'build']);
  }
  if (!existsSync(path.join(repoRoot, 'dist', 'web', 'index.html'))) {
    throw new Error('dist/web/index.html is missing after the build; the browser tests need the built web app.');
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stride-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every test registers and signs in from the same address; the default limit would trip.
    AUTH_RATE_LIMIT_MAX: '1000',
  };
  // The browser suite always runs on the embedded database, whatever the shell has configured.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.WEB_DIR;
  delete env.APP_SECRET;

  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Drain stdout so a chatty server never blocks on a full pipe.
  child.stdout?.on('data', () => undefined);

  // `localhost`, not 127.0.0.1: it is the server's default PUBLIC_URL, which better-auth trusts as origin.
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => stderr);
  } catch (error) {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stopServer(child);
    if (stderr.trim()) {
      console.warn(`Stride server stderr during the browser tests:\n${stderr}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
