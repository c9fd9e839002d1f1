import { describe, expect, it } from 'vitest';
import { buildForBrowserTests } from './build-for-browser-tests.ts';

interface Call {
  command: string;
  resolve: (output: string) => void;
  reject: (error: Error) => void;
}

/** A command runner whose commands end when the test says so. */
function heldCommands() {
  const calls: Call[] = [];
  const run = (command: string, args: string[], env: Readonly<Record<string, string>> = {}) =>
    new Promise<string>((resolve, reject) =>
      calls.push({
        command: [...Object.entries(env).map(([name, value]) => `${name}=${value}`), command, ...args].join(' '),
        resolve,
        reject,
      }),
    );
  return { calls, run };
}

/** Lets every promise that can settle now settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('buildForBrowserTests', () => {
  it('starts the server and the web build together, and ends when both ended', async () => {
    const { calls, run } = heldCommands();
    let ended = false;

    const build = buildForBrowserTests(run, '/repo/dist/test-build-x').then(() => (ended = true));

    expect(calls.map((call) => call.command)).toEqual([
      'npx tsx tools/build-server.ts /repo/dist/test-build-x/server',
      'NODE_ENV=production npm run build:web -- --outDir /repo/dist/test-build-x/web --emptyOutDir',
    ]);
    calls[1]?.resolve('built web');
    await settle();
    expect(ended).toBe(false);
    calls[0]?.resolve('built server');
    await build;
    expect(ended).toBe(true);
  });

  it('when one half fails, waits for the other before failing with its error', async () => {
    const { calls, run } = heldCommands();
    let failure: unknown;

    const build = buildForBrowserTests(run, '/repo/dist/test-build-x').catch((error: unknown) => (failure = error));

    calls[0]?.reject(new Error('`npx tsx tools/build-server.ts` failed (exit code 2)'));
    await settle();
    expect(failure).toBeUndefined();
    calls[1]?.resolve('built web');
    await build;
    expect(failure).toEqual(new Error('`npx tsx tools/build-server.ts` failed (exit code 2)'));
  });
});
