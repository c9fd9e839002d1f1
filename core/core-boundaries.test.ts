/**
 * DESIGN.md: core/ imports nothing from server/ or web/ and touches no network, disk or clock it
 * was not handed. This scans every core module (tests aside, which run in Node) for imports that
 * would break that: a path into server/ or web/, or any Node built-in module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const coreDir = import.meta.dirname;
const repoRoot = path.dirname(coreDir);

/** Every module specifier in a source text: static, side-effect, re-export, dynamic and require. */
function importSpecifiers(source: string): string[] {
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

const nodeBuiltins = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));

/** Why a specifier is not allowed in a core module at `file`, or undefined when it is fine. */
function violation(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('node:') || nodeBuiltins.has(specifier.split('/')[0] ?? '')) {
    return `Node built-in "${specifier}"`;
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = path.resolve(path.dirname(file), specifier);
    const relative = path.relative(repoRoot, target);
    if (relative.startsWith('..') || !relative.startsWith(`core${path.sep}`)) {
      return `"${specifier}" leaves core/ (→ ${relative})`;
    }
  }
  if (/^(?:@stride\/)?(?:server|web)(?:\/|$)/.test(specifier)) {
    return `"${specifier}" names server/ or web/`;
  }
  return undefined;
}

function coreModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return coreModules(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the import scanner', () => {
  const file = path.join(coreDir, 'example.ts');

  it.each([
    "import { readFileSync } from 'node:fs';",
    "import fs from 'fs';",
    "import { join } from 'path/posix';",
    "import '../server/config.ts';",
    "export { x } from '../web/src/app.tsx';",
    "const m = await import('../server/db/database.ts');",
    "const c = require('child_process');",
    "import type { Config } from '../server/config.ts';",
  ])('flags %s', (source) => {
    const problems = importSpecifiers(source).map((specifier) => violation(file, specifier));
    expect(problems.filter(Boolean)).toHaveLength(1);
  });

  it.each([
    "import { z } from 'zod';",
    "import { splitName } from './names.ts';",
    "import type { X } from './sub/x.ts';",
  ])('allows %s', (source) => {
    const specifiers = importSpecifiers(source);
    expect(specifiers).toHaveLength(1);
    expect(specifiers.map((specifier) => violation(file, specifier)).filter(Boolean)).toEqual([]);
  });
});

describe('core/', () => {
  const modules = coreModules(coreDir);

  it('has modules to check', () => {
    expect(modules.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['errors.ts', 'names.ts', 'product.ts', 'profile.ts']),
    );
  });

  it.each(modules.map((file) => [path.relative(repoRoot, file), file]))(
    '%s imports nothing from server/ or web/ and no Node module',
    (_name, file) => {
      const source = readFileSync(file, 'utf8');
      const problems = importSpecifiers(source)
        .map((specifier) => violation(file, specifier))
        .filter((problem) => problem !== undefined);
      expect(problems).toEqual([]);
    },
  );
});
