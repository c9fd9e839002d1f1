/**
 * The built server, as `npm start` and the browser suite run it: bundled by tools/build-server.ts,
 * started as its own process on data that already exists, it answers health, signs a runner up and
 * imports a GPX file through the bundled upload worker. The bundle holds every library but the few
 * Node must load from node_modules, and its source maps point at the TypeScript sources.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../core/activity/schemas.ts';
import { TEST_BUILD_DIR_VARIABLE } from '../tools/build-for-browser-tests.ts';
import { buildServer, EXTERNAL_PACKAGES } from '../tools/build-server.ts';
import { LATEST_MIGRATION } from './db/migrations/index.ts';
import { createApiClient } from './test-support/api-client.ts';
import { buildCredentials, type AuthUserBody } from './test-support/factories.ts';
import { freePort } from './test-support/free-port.ts';
import { createTestDatabase, type TestDatabase } from './test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from './test-support/uploads.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURE = readFileSync(path.join(ROOT, 'test/fixtures/real/cerknicko-jezero.gpx'));
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** A build, two starts of the built server and an import: slow on a busy machine. */
const TIMEOUT_MS = 240_000;

let buildDir: string;
let outdir: string;
let database: TestDatabase;
let dataDir: string;
const secret = randomBytes(32).toString('hex');

beforeAll(async () => {
  // Inside the repository, as dist/ is, so the packages left to Node resolve from node_modules.
  buildDir = await mkdtemp(path.join(ROOT, 'dist', 'built-server-test-'));
  // `npm test` builds once for the run (tools/test.mjs); alone, this file bundles its own.
  const shared = process.env[TEST_BUILD_DIR_VARIABLE];
  outdir = shared ? path.join(shared, 'server') : path.join(buildDir, 'server');
  if (!shared) {
    await buildServer(outdir);
  }
  database = await createTestDatabase({ persistent: true });
  // PGlite lives in DATA_DIR/pglite; on PostgreSQL the data folder holds only the upload spool.
  dataDir = database.pgliteDir ? path.dirname(database.pgliteDir) : await mkdtemp(path.join(tmpdir(), 'stride-built-'));
}, TIMEOUT_MS);

afterAll(async () => {
  await database?.destroy();
  if (!database?.pgliteDir && dataDir) {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (buildDir) {
    await rm(buildDir, { recursive: true, force: true });
  }
});

interface BuiltServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

/** Starts dist/server/main.js of this build and resolves once it says it is running. */
async function startBuiltServer(): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      APP_SECRET: secret,
      WEB_DIR: path.join(buildDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith(`Stride is running at ${url}`)) {
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`the built server exited with ${code} before running: ${stderr}`)));
  });
  return {
    url,
    child,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Every module the built files import by package name (not a relative path). */
function bareImports(dir: string): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/(?:^import\s[^;]*?from\s*|^import\s*|\bimport\()\s*["']([^"'./][^"']*)["']/gm)) {
      names.add(match[1] ?? '');
    }
  }
  return names;
}

describe('the built server', () => {
  it(
    'starts on existing data, answers health, signs up and imports a file through its worker',
    { timeout: TIMEOUT_MS },
    async () => {
      const credentials = buildCredentials({ name: 'Built Runner' });
      const first = await startBuiltServer();
      try {
        const health = await fetch(`${first.url}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({
          status: 'ok',
          database: database.kind,
          migration: LATEST_MIGRATION,
          version: VERSION,
        });

        const client = createApiClient(first.url);
        const signedUp = await client.post<AuthUserBody>('/api/auth/sign-up/email', credentials);
        expect(signedUp.status).toBe(200);
        const upload = await uploadFiles(first, client, [{ name: 'cerknicko-jezero.gpx', content: FIXTURE }]);
        expect(upload.status).toBe(200);
        expect(finalFileEvents(upload.events).map((event) => event.state)).toEqual(['complete']);
        expect(upload.events.at(-1)).toEqual({ kind: 'done', imported: 1, duplicates: 0, failed: 0 });
      } finally {
        expect(await first.stop()).toBe(0);
      }

      // A second start on the same data keeps the account and the activity.
      const second = await startBuiltServer();
      try {
        const client = createApiClient(second.url);
        const signedIn = await client.post<AuthUserBody>('/api/auth/sign-in/email', {
          email: credentials.email,
          password: credentials.password,
        });
        expect(signedIn.status).toBe(200);
        const list = await client.get<ActivityPage>('/api/activities');
        expect(list.status).toBe(200);
        expect(list.body.total).toBe(1);
        expect(list.body.items.map((item) => item.originalFilename)).toEqual(['cerknicko-jezero.gpx']);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    },
  );

  it('holds its libraries, leaving to Node only its own modules and the packages that must stay outside', () => {
    const allowed = new Set([...EXTERNAL_PACKAGES, ...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const imported = [...bareImports(outdir)];
    // A package's own entry points ('@electric-sql/pglite/nodefs') are the package's.
    const packageOf = (name: string) =>
      name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/');
    // better-auth's tracing, tried in a try/catch when present; it is not installed.
    expect(imported.filter((name) => !allowed.has(name) && !allowed.has(packageOf(name)))).toEqual([
      '@opentelemetry/api',
    ]);
    // The libraries are in the bundle: nothing imports them by name.
    expect(imported).not.toContain('better-auth');
    expect(imported).not.toContain('hono');
    expect(imported).not.toContain('kysely');
  });

  it('has source maps that lead a stack trace back to the TypeScript sources', () => {
    const files = readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const sources = new Set<string>();
    for (const file of files) {
      const text = readFileSync(path.join(outdir, file), 'utf8');
      expect(text.trimEnd().endsWith(`//# sourceMappingURL=${path.basename(file)}.map`)).toBe(true);
      const map = JSON.parse(readFileSync(path.join(outdir, `${file}.map`), 'utf8')) as { sources: string[] };
      const dir = path.dirname(path.join(outdir, file));
      map.sources.forEach((source) => sources.add(path.relative(ROOT, path.resolve(dir, source))));
    }
    expect(sources).toContain(path.join('server', 'main.ts'));
    expect(sources).toContain(path.join('server', 'services', 'import-worker.ts'));
    expect(sources).toContain(path.join('core', 'activity', 'gpx-parser.ts'));
  });
});
