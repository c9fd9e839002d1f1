// `npm test`: type-check, lint, format check, then every vitest project (unit, db:pglite, db:postgres when
// TEST_DATABASE_URL is set, and e2e in a lane of its own beside the rest). The static checks run side by
// side; the tests run when all of them passed. Exits with the first failing step's code.
// In CI (CI=true) the PostgreSQL suite is required: CI must skip nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

const runStarted = Date.now();
const results = await Promise.all(checks.map(([command, args]) => runCaptured(command, args)));
const checksCpu = childCpuSeconds();
/** The children's CPU seconds when the last step ended: the next lane to end counts from there. */
let laneCpuMark = checksCpu ?? 0;
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

const extraArgs = process.argv.slice(2);
if (extraArgs.length > 0) {
  // Arguments narrow the run (a project, a file): one vitest run with them, as before.
  process.exit(runVitest(extraArgs));
}

// Two lanes side by side: the browser files run one after another in their own vitest process while
// the unit, web and db files run two at a time in another. A browser file spends most of its time
// waiting on the page (under one core busy), so the lanes share the two cores instead of the browser
// files running alone after the rest. The browser lane streams its lines prefixed with "e2e │ ".
const lanes = await Promise.all([
  runLane(['--project', 'unit*', '--project', 'web', '--project', 'db:*'], ''),
  runLane(['--project', 'e2e'], 'e2e │ '),
]);
if (checksCpu !== undefined) {
  // Where the machine's CPU went: each part's processes, waited for, as the kernel counted them.
  const [unitAndDb, browser] = lanes;
  console.log(
    `\nCPU time: static checks ${checksCpu} s, unit/web/db lane ${unitAndDb.cpu} s, browser lane ` +
      `${browser.cpu} s; wall ${Math.round((Date.now() - runStarted) / 1000)} s ` +
      `(lanes ${unitAndDb.seconds} s and ${browser.seconds} s).`,
  );
}
const failedLane = lanes.find(({ code }) => code !== 0);
process.exit(failedLane?.code ?? 0);

function runVitest(args) {
  const testArgs = ['vitest', 'run', ...args];
  console.log(`\n> npx ${testArgs.join(' ')}`);
  const tests = spawnSync('npx', testArgs, { cwd: root, stdio: 'inherit' });
  if (tests.error) {
    console.error(`Could not run npx: ${tests.error.message}`);
    return 1;
  }
  return tests.status ?? 1;
}

/**
 * User plus system CPU seconds of this process's children that have ended (Linux's /proc; undefined
 * elsewhere). A child counts its own ended children, so a lane's figure covers its whole tree.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat(5) (cutime, cstime), in clock ticks of 1/100 s on Linux.
    return Math.round((Number(fields[13]) + Number(fields[14])) / 100);
  } catch {
    return undefined;
  }
}

/**
 * One vitest run streaming its output, each line after `prefix`; resolves with its exit code, its
 * wall seconds and the CPU seconds its process tree used (counted when it ends).
 */
function runLane(args, prefix) {
  const testArgs = ['vitest', 'run', ...args];
  console.log(`\n> ${prefix}npx ${testArgs.join(' ')}`);
  const started = Date.now();
  return new Promise((resolveCode) => {
    const resolve = (code) => {
      const cpuBefore = laneCpuMark;
      laneCpuMark = childCpuSeconds() ?? 0;
      resolveCode({ code, seconds: Math.round((Date.now() - started) / 1000), cpu: laneCpuMark - cpuBefore });
    };
    const child = spawn('npx', testArgs, {
      cwd: root,
      stdio: prefix === '' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (prefix !== '') {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.on('data', (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          process.stdout.write(lines.map((line) => `${prefix}${line}\n`).join(''));
        });
        stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`Could not run npx: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
