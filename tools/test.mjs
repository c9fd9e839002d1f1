// `npm test`: type-check, lint, format check, then every vitest project (unit, db:pglite, db:postgres when
// TEST_DATABASE_URL is set, e2e). Stops at the first failing step and exits with its code.
// In CI (CI=true) the PostgreSQL suite is required: CI must skip nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

const steps = [['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']]];
if (existsSync(path.join(root, 'web', 'tsconfig.json'))) {
  steps.push(['npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']]);
}
// One lint and format setup for the whole repo (STYLE.md §11), checked like the tests.
steps.push(['npx', ['eslint', '.']]);
steps.push(['npx', ['prettier', '--check', '.']]);
steps.push(['npx', ['vitest', 'run', ...process.argv.slice(2)]]);

for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}
