// `npm test`: type-check, lint, format check, then every vitest project (unit, db:pglite, db:postgres when
// TEST_DATABASE_URL is set, e2e). The static checks run side by side; the tests run when all of them
// passed. Exits with the first failing step's code.
// In CI (CI=true) the PostgreSQL suite is required: CI must skip nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inCi = process.env.CI === 'true';
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

if (!postgresUrl) {
  if (inCi) {
    console.error(
      'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite would be skipped. ' +
        'Set TEST_DATABASE_URL=postgres://user:password@host:5432/database (.ci/run does this).',
    );
    process.exit(1);
  }
  console.log(
    'PostgreSQL suite not run: set TEST_DATABASE_URL=postgres://... to run the database suites on PostgreSQL too.',
  );
}

// The static checks do not depend on each other: they run side by side, each one's output printed
// whole when it ends, and the tests start only when all of them passed.
const checks = [['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']]];
if (existsSync(path.join(root, 'web', 'tsconfig.json'))) {
  checks.push(['npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']]);
}
// One lint and format setup for the whole repo (STYLE.md §11), checked like the tests.
checks.push(['npx', ['eslint', '.']]);
checks.push(['npx', ['prettier', '--check', '.']]);

/** Runs a command with its output captured; resolves with its exit code and output. */
function runCaptured(command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const seconds = () => Math.round((Date.now() - started) / 1000);
    child.on('error', (error) =>
      resolve({ code: 1, output: `Could not run ${command}: ${error.message}\n`, seconds: seconds() }),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, output, seconds: seconds() }));
  });
}

const results = await Promise.all(checks.map(([command, args]) => runCaptured(command, args)));
let failed = 0;
results.forEach(({ code, output, seconds }, index) => {
  const [command, args] = checks[index];
  console.log(`\n> ${command} ${args.join(' ')} (${seconds} s)`);
  process.stdout.write(output);
  if (code !== 0 && failed === 0) {
    failed = code;
  }
});
if (failed !== 0) {
  process.exit(failed);
}

// --- One build of the app per run ---
// The browser tests and server/built-server.db.test.ts run the built app: it is built once here (server
// bundle and web app, tools/build-for-browser-tests.ts) into a folder of this run inside the
// repository, handed to them as STRIDE_TEST_BUILD_DIR, and removed when the tests end. Skipped when
// the run names only projects that do not use it (`npm test -- --project unit`).
const vitestArgs = process.argv.slice(2);
const namedProjects = vitestArgs.flatMap((arg, index) =>
  arg.startsWith('--project=') ? [arg.slice('--project='.length)] : vitestArgs[index - 1] === '--project' ? [arg] : [],
);
const usesBuild = namedProjects.length === 0 || namedProjects.some((name) => name === 'e2e' || name.startsWith('db'));
let buildDir;
if (usesBuild) {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  buildDir = mkdtempSync(path.join(root, 'dist', 'test-build-'));
  const buildStarted = Date.now();
  const build = spawnSync('npx', ['tsx', 'tools/build-for-browser-tests.ts', buildDir], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(
    `\n> the app built for the tests into ${path.relative(root, buildDir)} (${Math.round((Date.now() - buildStarted) / 1000)} s)`,
  );
  if (build.status !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
}
const testEnv = buildDir ? { ...process.env, STRIDE_TEST_BUILD_DIR: buildDir } : process.env;
// --- end of the build block ---

const testArgs = ['vitest', 'run', ...vitestArgs];
console.log(`\n> npx ${testArgs.join(' ')}`);
const tests = spawnSync('npx', testArgs, { cwd: root, stdio: 'inherit', env: testEnv });
if (buildDir) {
  rmSync(buildDir, { recursive: true, force: true });
}
if (tests.error) {
  console.error(`Could not run npx: ${tests.error.message}`);
  process.exit(1);
}
process.exit(tests.status ?? 1);
