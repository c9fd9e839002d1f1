/**
 * `tsx tools/smoke-start.ts`: builds the server bundle (tools/build-server.ts) into a temporary folder,
 * starts it with the Node running this script on an empty PGlite database (NODE_ENV=test: production asks for DATABASE_URL), and exits 0 once
 * GET /api/health answers 200, after stopping it. CI runs it on the machine's Node (.ci/run) while the
 * suite runs on Node 24: Stride keeps starting on every Node it supports, sharp's native binary
 * included (loaded here by the same Node).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildServer } from './build-server.ts';
import { freePort } from '../server/test-support/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A guard against a server that never comes up, not a speed target. */
const START_TIMEOUT_MS = 120_000;

await mkdir(path.join(ROOT, 'dist'), { recursive: true });
// Inside the repository, as dist/ is, so the packages left to Node resolve from node_modules.
const folder = await mkdtemp(path.join(ROOT, 'dist', 'smoke-start-'));
try {
  const sharp = spawnSync(process.execPath, ['-e', "require('sharp')"], { cwd: ROOT, encoding: 'utf8' });
  if (sharp.status !== 0) {
    throw new Error(`sharp does not load on Node ${process.version}: ${sharp.stderr}`);
  }
  await buildServer(path.join(folder, 'server'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(folder, 'server', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(folder, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      APP_SECRET: randomBytes(30).toString('base64url'),
      WEB_DIR: path.join(folder, 'no-web-app'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const health = await Promise.race([
      (async () => {
        const deadline = performance.now() + START_TIMEOUT_MS;
        while (performance.now() < deadline) {
          const response = await fetch(`${url}/api/health`).catch(() => undefined);
          if (response?.ok) {
            return (await response.json()) as object;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        throw new Error(`the built server did not answer ${url}/api/health within ${START_TIMEOUT_MS / 1000} s`);
      })(),
      exited.then((code) => {
        throw new Error(`the built server exited with ${code} before answering /api/health`);
      }),
    ]);
    console.log(
      `Node ${process.version}: the built server started and answered /api/health: ${JSON.stringify(health)}`,
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
