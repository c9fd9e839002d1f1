import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SUITES } from '../server/test-support/postgres-suites.ts';
import { missingRepositoriesMessage, REPOSITORY_IN_STACK, repositoryModules } from './postgres-repositories.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('the PostgreSQL suites and their repository check', () => {
  it('lists only db suites that exist', () => {
    const listed = Object.keys(POSTGRES_SUITES);
    expect(listed.filter((file) => !file.endsWith('.db.test.ts') || !existsSync(path.join(root, file)))).toEqual([]);
  });

  it('finds the repositories in a query’s call stack', () => {
    const stack = [
      'Error',
      '    at Object.transformQuery (/ci/server/test-support/repository-record.ts:37:23)',
      '    at SelectQueryBuilder.compile (/ci/node_modules/kysely/dist/esm/query-builder/select-query-builder.js:512:43)',
      '    at listGear (/ci/server/db/gear-repository.ts:41:6)',
      '    at async Object.listGear (/ci/server/services/gear-service.ts:20:10)',
      '    at insertActivity (C:\\ci\\server\\db\\activity-repository.ts:9:3)',
    ].join('\n');
    expect([...stack.matchAll(REPOSITORY_IN_STACK)].map((match) => match[1])).toEqual([
      'gear-repository',
      'activity-repository',
    ]);
  });

  it('names each repository that ran no query, and nothing when all did', () => {
    const modules = repositoryModules();
    expect(modules).toContain('gear-repository');
    const all = new Set(modules);
    expect(missingRepositoriesMessage(modules, all)).toBeUndefined();
    all.delete('gear-repository');
    expect(missingRepositoriesMessage(modules, all)).toBe(
      'A repository ran no query on PostgreSQL: server/db/gear-repository.ts. ' +
        'Add a suite that uses it to server/test-support/postgres-suites.ts.',
    );
    all.delete('weather-repository');
    expect(missingRepositoriesMessage(modules, all)).toBe(
      '2 repositories ran no query on PostgreSQL: server/db/gear-repository.ts, server/db/weather-repository.ts. ' +
        'Add a suite that uses each to server/test-support/postgres-suites.ts.',
    );
  });
});
