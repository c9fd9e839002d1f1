/**
 * The sign-in page's JavaScript over the wire: /login opened in Chromium against a real server with
 * the built web app (`npm run build:web` first), every script response's transferred body counted
 * (compressed when the server compressed it). Target: ≤ 250 KB.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Bench } from './bench.ts';
import { LOGIN_SCRIPT_BUDGET_BYTES, loadLoginScripts, transferredBytes, type LoadedScript } from './login-scripts.ts';
import { startBenchServer } from './server-fixture.ts';

const WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');

export const loginBytesBench: Bench = {
  name: 'Sign-in page JavaScript over the wire (Chromium)',
  id: 'login-bytes',
  async run() {
    if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
      throw new Error(`No built web app in ${WEB_DIR}: run npm run build:web first`);
    }
    const bench = await startBenchServer({}, { webDir: WEB_DIR });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    let scripts: LoadedScript[] = [];
    try {
      scripts = await loadLoginScripts(await browser.newPage(), `${bench.server.url}/login`);
    } finally {
      await browser.close();
      await bench.close();
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const transferred = transferredBytes(scripts);
    const decoded = scripts.reduce((sum, script) => sum + script.decoded, 0);
    scripts.sort((a, b) => b.transferred - a.transferred);
    return {
      headers: ['script', 'encoding', 'over the wire', 'uncompressed'],
      rows: [
        ...scripts.map((script) => [script.path, script.encoding, kb(script.transferred), kb(script.decoded)]),
        [`total (${scripts.length} files)`, '', kb(transferred), kb(decoded)],
      ],
      checks: [
        {
          label: `Sign-in page JavaScript over the wire ≤ ${LOGIN_SCRIPT_BUDGET_BYTES / 1024} KB`,
          measured: kb(transferred),
          passed: transferred <= LOGIN_SCRIPT_BUDGET_BYTES,
        },
      ],
      notes: ['Measured from the build in dist/web; rebuild after changing web/.'],
    };
  },
};
