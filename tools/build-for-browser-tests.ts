/**
 * The build the tests run against (the browser suite, server/built-server.db.test.ts): the two halves
 * of `npm run build` into one folder of the caller's, side by side: the server's bundle to
 * `<dir>/server` (tools/build-server.ts), the web app to `<dir>/web`. They share no output, so the
 * build takes as long as the longer half. When one half fails, the other is still waited for, so
 * nothing is left writing into a folder the caller is about to remove. No type check: `npm test`
 * runs tsc as its own step.
 *
 * `npm test` (tools/test.mjs) builds once per run with `tsx tools/build-for-browser-tests.ts <dir>`
 * and hands the folder to every test that runs the built app as STRIDE_TEST_BUILD_DIR. The folder
 * must be inside the repository: the packages the bundle leaves to Node resolve from node_modules.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Set by tools/test.mjs: the folder of this run's build (`server/main.js`, `web/index.html`). */
export const TEST_BUILD_DIR_VARIABLE = 'STRIDE_TEST_BUILD_DIR';

/**
 * Runs a command in the repository root (`env` added to the environment); resolves with its
 * output, rejects when it fails.
 */
export type RunCommand = (command: string, args: string[], env?: Readonly<Record<string, string>>) => Promise<string>;

export async function buildForBrowserTests(run: RunCommand, dir: string): Promise<void> {
  const results = await Promise.allSettled([
    run('npx', ['tsx', 'tools/build-server.ts', path.join(dir, 'server')]),
    // Built for production as `npm start` builds it: vitest sets NODE_ENV=test, with which Vite would
    // bundle React's development code.
    run('npm', ['run', 'build:web', '--', '--outDir', path.join(dir, 'web'), '--emptyOutDir'], {
      NODE_ENV: 'production',
    }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') {
      throw result.reason;
    }
  }
}

/** Runs a command with its output captured, in the repository root. */
export function runInRepository(command: string, args: string[], env: Readonly<Record<string, string>> = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: tsx tools/build-for-browser-tests.ts <folder inside the repository>');
    process.exit(2);
  }
  await buildForBrowserTests(runInRepository, path.resolve(dir));
}
