import { describe, expect, it } from 'vitest';
import { ACTIVITY_NAME_MAX, activityRenameSchema, DEFAULT_ACTIVITY_NAME, normaliseActivityName } from './schemas.ts';

describe('normaliseActivityName', () => {
  it('cuts a name from a file to the rename limit', () => {
    const name = normaliseActivityName('x'.repeat(45 * 1024 * 1024));
    expect(name).toHaveLength(ACTIVITY_NAME_MAX);
  });

  it('normalises like typed text and falls back to the default when nothing is left', () => {
    expect(normaliseActivityName(' Morning\u202E run\n')).toBe('Morning run');
    expect(normaliseActivityName('\u0000\u202E ')).toBe(DEFAULT_ACTIVITY_NAME);
    expect(normaliseActivityName(undefined)).toBe(DEFAULT_ACTIVITY_NAME);
  });
});

describe('activityRenameSchema', () => {
  it('normalises the new name and refuses one over the limit', () => {
    expect(activityRenameSchema.parse({ name: ' Hill\u2066 repeats ' })).toEqual({ name: 'Hill repeats' });
    const result = activityRenameSchema.safeParse({ name: 'x'.repeat(ACTIVITY_NAME_MAX + 1) });
    expect(result.error?.issues[0]?.message).toBe(`Use at most ${ACTIVITY_NAME_MAX} characters.`);
    expect(activityRenameSchema.safeParse({ name: '\u202E' }).error?.issues[0]?.message).toBe('Enter a name.');
  });
});
