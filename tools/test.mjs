// `npm test`: the static checks (one type-check of the project graph, lint, format), then each vitest
// project in turn (unit:core, unit, web, db:pglite, db:postgres when TEST_DATABASE_URL is set, e2e),
// each phase timed; after db:postgres, the check that every repository ran queries on PostgreSQL
// (tools/postgres-repositories.ts). Tests start only when the static checks passed; every test phase
// runs, and the exit code is the first failing phase's. A table of the phases' seconds ends the run;
// with STRIDE_PHASE_LOG set (.ci/run) the phases are appended to that file instead, for its table.
// In CI (CI=true) the PostgreSQL suite is required: CI must skip nothing.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inCi = process.env.CI === 'true';
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
const vitestArgs = process.argv.slice(2);

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

/** Every phase run so far: its name, seconds and exit code. */
const phases = [];
const runStarted = performance.now();

/** Runs a command; with `capture` its output is kept and returned instead of shown as it comes. */
function run(command, args, { capture = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `Could not run ${command}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs one phase and records its seconds and exit code. */
async function phase(name, command, args, options = {}) {
  const started = performance.now();
  if (!options.capture) {
    console.log(`\n> ${name}: ${command} ${args.join(' ')}`);
  }
  const result = await run(command, args, options);
  const seconds = Math.round((performance.now() - started) / 1000);
  phases.push({ name, seconds, code: result.code });
  return { ...result, seconds };
}

// The static checks, with the peak memory each was measured at on this repository (MB, docs/testing.md).
// They share the machine's cores and a memory budget: a check starts while fewer than two run and
// the running ones' peaks and its own fit in a quarter of the machine's memory (CI machines are shared).
const checks = [
  // One pass over the project graph (tsconfig.json references): server, core, tools and e2e in
  // Node's types, the web app in the DOM's; each program built once.
  { name: 'tsc -b', command: 'npx', args: ['tsc', '-b'], peakMb: 1_800 },
  // The cache is used where it exists (a developer's second run); a fresh clone lints everything.
  {
    name: 'eslint',
    command: 'npx',
    args: ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.'],
    peakMb: 3_500,
  },
  { name: 'prettier', command: 'npx', args: ['prettier', '--check', '--cache', '.'], peakMb: 250 },
];
const MAX_CHECKS_AT_ONCE = 2;
const memoryBudgetMb = Number(process.env.STRIDE_CHECK_MEMORY_MB) || Math.round(totalmem() / 4 / 2 ** 20);

/** Runs the checks under the budget above, each one's output printed whole when it ends. */
async function runChecks() {
  const waiting = [...checks];
  const running = new Set();
  let failed = 0;
  await new Promise((resolve) => {
    const startNext = () => {
      while (waiting.length > 0 && running.size < MAX_CHECKS_AT_ONCE) {
        const usedMb = [...running].reduce((sum, check) => sum + check.peakMb, 0);
        const index = waiting.findIndex((check) => running.size === 0 || usedMb + check.peakMb <= memoryBudgetMb);
        if (index < 0) {
          break;
        }
        const [check] = waiting.splice(index, 1);
        running.add(check);
        void phase(check.name, check.command, check.args, { capture: true }).then(({ code, output, seconds }) => {
          running.delete(check);
          console.log(`\n> ${check.command} ${check.args.join(' ')} (${seconds} s)`);
          process.stdout.write(output);
          if (code !== 0 && failed === 0) {
            failed = code;
          }
          if (waiting.length === 0 && running.size === 0) {
            resolve();
          } else {
            startNext();
          }
        });
      }
    };
    startNext();
  });
  return failed;
}

/** Prints the phases' table, or appends the phases to STRIDE_PHASE_LOG for .ci/run's. */
function report() {
  const log = process.env.STRIDE_PHASE_LOG;
  if (log) {
    appendFileSync(log, phases.map(({ name, seconds, code }) => `${name}\t${seconds}\t${code}\n`).join(''));
    return;
  }
  const width = Math.max(...phases.map(({ name }) => name.length));
  console.log(`\n${'Phase'.padEnd(width)}  Seconds`);
  for (const { name, seconds, code } of phases) {
    console.log(`${name.padEnd(width)}  ${String(seconds).padStart(7)}${code === 0 ? '' : '  FAILED'}`);
  }
  // The checks overlap: the whole run's seconds, not the phases' sum.
  const total = Math.round((performance.now() - runStarted) / 1000);
  console.log(`${'whole run'.padEnd(width)}  ${String(total).padStart(7)}`);
}

const checksFailed = await runChecks();
if (checksFailed !== 0) {
  report();
  process.exit(checksFailed);
}

let failed = 0;
const noteFailure = (code) => {
  if (code !== 0 && failed === 0) {
    failed = code;
  }
};
const projects = ['unit:core', 'unit', 'web', 'db:pglite', ...(postgresUrl ? ['db:postgres'] : []), 'e2e'];
for (const project of projects) {
  // A filter (`npm test -- server/routes/gear`) matches files of some projects only.
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    ...vitestArgs,
    ...(vitestArgs.length > 0 ? ['--passWithNoTests'] : []),
  ];
  if (project !== 'db:postgres') {
    noteFailure((await phase(project, 'npx', args)).code);
    continue;
  }
  const record = mkdtempSync(path.join(tmpdir(), 'stride-repositories-'));
  try {
    const { code } = await phase(project, 'npx', args, { env: { STRIDE_REPOSITORY_RECORD: record } });
    noteFailure(code);
    // Only a whole run of the project can tell which repositories the suites reach.
    if (code === 0 && vitestArgs.length === 0) {
      noteFailure(
        (await phase('PostgreSQL repositories', 'npx', ['tsx', 'tools/postgres-repositories.ts', record])).code,
      );
    }
  } finally {
    rmSync(record, { recursive: true, force: true });
  }
}
report();
process.exit(failed);
