/**
 * One writer per table: a repository writes its own tables only. The training plans' repository
 * reads the runs it offers to a plan, but marking them offered is the activity repository's write.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The tables a repository's source writes: Kysely's updateTable, insertInto and deleteFrom, and raw SQL. */
function tablesWritten(file: string): string[] {
  const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  const kysely = [...source.matchAll(/\.(?:updateTable|insertInto|deleteFrom)\(\s*'(\w+)'/g)].map(
    (match) => match[1] ?? '',
  );
  const raw = [...source.matchAll(/sql`([^`]*)`/g)]
    .flatMap((template) => [...(template[1] ?? '').matchAll(/\b(?:update|insert\s+into|delete\s+from)\s+([a-z_]+)/gi)])
    .map((match) => (match[1] ?? '').toLowerCase().replace(/_(\w)/g, (_all, letter: string) => letter.toUpperCase()));
  return [...new Set([...kysely, ...raw])].sort();
}

describe('repositories write their own tables', () => {
  it('the training plans repository writes training_plans only', () => {
    expect(tablesWritten('training-plan-repository.ts')).toEqual(['trainingPlans']);
  });

  it('the activity repository marks runs offered to the plans', () => {
    expect(tablesWritten('activity-repository.ts')).toContain('activities');
    expect(readFileSync(path.join(import.meta.dirname, 'activity-repository.ts'), 'utf8')).toMatch(
      /export async function markRunsMatched\(/,
    );
  });

  it('the stored loads are written by their own repository alone', () => {
    expect(tablesWritten('load-aggregate-repository.ts')).toEqual(['activityLoads', 'loadExtents']);
    expect(tablesWritten('charts-repository.ts')).toEqual([]);
  });
});
