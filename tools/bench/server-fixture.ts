/**
 * A real Stride server for benchmarks: on-disk PGlite in a temporary folder (as `npm start` runs),
 * a registered runner and her cookie.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';

export interface BenchServer {
  server: RunningServer;
  /** The server's DATA_DIR (PGlite in `pglite` inside it). */
  dataDir: string;
  userId: string;
  cookie: string;
  close(): Promise<void>;
}

/** `env` adds settings (STRAVA_BASE_URL, …) to the defaults; `webDir` serves a built web app. */
export async function startBenchServer(
  env: Readonly<Record<string, string>> = {},
  options: { webDir?: string } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-bench-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      PORT: '0',
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      // No daily backup in the middle of a measurement.
      BACKUP_KEEP: '0',
      ...env,
    }),
    webDir: options.webDir,
  };
  const server = await startServer(config);
  const { userId, cookie } = await signUp(server.url, {
    name: 'Bench Runner',
    email: 'bench@example.com',
    password: 'bench-password',
  });
  return {
    server,
    dataDir,
    userId,
    cookie,
    close: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a runner on the server at `url` by e-mail and password; her id and session cookie. */
export async function signUp(
  url: string,
  runner: { name: string; email: string; password: string },
): Promise<{ userId: string; cookie: string }> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(runner),
  });
  if (!response.ok) {
    throw new Error(`Registering ${runner.email} answered ${response.status}: ${await response.text()}`);
  }
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { userId: user.id, cookie };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
