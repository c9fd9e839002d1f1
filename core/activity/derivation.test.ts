import { describe, expect, it } from 'vitest';
import { nameAfterRederive } from './derivation.ts';
import { DEFAULT_ACTIVITY_NAME } from './schemas.ts';

describe('nameAfterRederive', () => {
  it('keeps a name the runner gave or the file had', () => {
    expect(nameAfterRederive('Sunday long run', 'Morning Run')).toBe('Sunday long run');
    expect(nameAfterRederive('Morning Run', 'Evening Run')).toBe('Morning Run');
  });

  it('replaces what an earlier import made up: a timestamp, a device default, the default name', () => {
    expect(nameAfterRederive('2013-07-06T14:59:00Z', 'Evening Run')).toBe('Evening Run');
    expect(nameAfterRederive('03-OCT-10', 'Morning Run')).toBe('Morning Run');
    expect(nameAfterRederive('ACTIVE LOG', 'Afternoon Run')).toBe('Afternoon Run');
    expect(nameAfterRederive(DEFAULT_ACTIVITY_NAME, 'Night Walk')).toBe('Night Walk');
  });

  it("replaces a name taken from the file's notes, and only that one", () => {
    expect(nameAfterRederive('Aerobics', 'Morning Run', 'Aerobics')).toBe('Morning Run');
    expect(nameAfterRederive('Tempo with Ana', 'Morning Run', 'Aerobics')).toBe('Tempo with Ana');
  });
});
