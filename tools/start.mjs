// `npm start`: build what changed since the last build (server to dist/, web app to dist/web),
// then run the built server in this process. A fingerprint of the sources decides what to rebuild.
// package.json starts this with `exec`: the shell npm runs a script with is replaced by this
// process, so the SIGINT or SIGTERM npm passes on reaches the server (server/stop-signals.ts)
// instead of ending the shell and leaving the server running on its own.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function fingerprint(entries) {
  const hash = createHash('sha256');
  const visit = (entry) => {
    if (!existsSync(entry)) {
      return;
    }
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry).sort()) {
        if (name !== 'node_modules' && !name.endsWith('.test.ts')) {
          visit(path.join(entry, name));
        }
      }
    } else {
      hash.update(entry).update(readFileSync(entry));
    }
  };
  entries.forEach(visit);
  return hash.digest('hex');
}

const shared = ['core', 'package-lock.json', 'tsconfig.base.json'];
const targets = [
  {
    name: 'server',
    script: 'build:server',
    output: 'dist/server/main.js',
    inputs: [...shared, 'server', 'tsconfig.server.json', 'tools/build-server.ts'],
  },
  { name: 'web', script: 'build:web', output: 'dist/web/index.html', inputs: [...shared, 'web', 'server'] },
];

for (const target of targets) {
  const stampFile = path.join('dist', `.stamp-${target.name}`);
  const current = fingerprint(target.inputs);
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (current === previous && existsSync(target.output)) {
    continue;
  }
  console.log(`Building the ${target.name}…`);
  execSync(`npm run --silent ${target.script}`, { stdio: 'inherit' });
  writeFileSync(stampFile, current);
}

await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
