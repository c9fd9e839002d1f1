/**
 * The build the browser tests run against: the two halves of `npm run build`, the server to dist/
 * and the web app to a folder of the caller's, side by side. They share no output (the server's
 * bundle goes to dist/server, Vite only to `webDir`), and the server's type check keeps one core busy
 * while Vite can use the other, so the build takes as long as the longer half instead of both. When one half fails, the other is still
 * waited for, so nothing is left writing into a folder the caller is about to remove.
 */

/**
 * Runs a command in the repository root (`env` added to the environment); resolves with its
 * output, rejects when it fails.
 */
export type RunCommand = (command: string, args: string[], env?: Readonly<Record<string, string>>) => Promise<string>;

export async function buildForBrowserTests(run: RunCommand, webDir: string): Promise<void> {
  const results = await Promise.allSettled([
    run('npm', ['run', 'build:server']),
    // Built for production as `npm start` builds it: vitest sets NODE_ENV=test, with which Vite would
    // bundle React's development code.
    run('npm', ['run', 'build:web', '--', '--outDir', webDir, '--emptyOutDir'], { NODE_ENV: 'production' }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') {
      throw result.reason;
    }
  }
}
