import { describe, expect, it } from 'vitest';
import {
  isSameUpload,
  SAME_UPLOAD_DISTANCE_TOLERANCE,
  SAME_UPLOAD_START_TOLERANCE_MS,
  type UploadedRun,
} from './same-upload.ts';

const run: UploadedRun = { startMs: Date.UTC(2024, 4, 1, 5, 30), distance: 10_000, hasTiming: true };

describe('one run uploaded from two files', () => {
  it('starts within 10 s and distances within 2 % are the same run', () => {
    expect(SAME_UPLOAD_START_TOLERANCE_MS).toBe(10_000);
    expect(SAME_UPLOAD_DISTANCE_TOLERANCE).toBe(0.02);
    expect(isSameUpload(run, { ...run })).toBe(true);
    expect(isSameUpload(run, { ...run, startMs: run.startMs + 10_000, distance: 10_200 })).toBe(true);
    expect(isSameUpload(run, { ...run, startMs: run.startMs - 10_000, distance: 9_800 })).toBe(true);
  });

  it('a start 10.001 s away or a distance more than 2 % off is another run', () => {
    expect(isSameUpload(run, { ...run, startMs: run.startMs + 10_001 })).toBe(false);
    expect(isSameUpload(run, { ...run, distance: 10_205 })).toBe(false);
    expect(isSameUpload(run, { ...run, distance: 9_790 })).toBe(false);
  });

  it('untimed tracks (dated by their upload) are never the same run by this rule', () => {
    expect(isSameUpload(run, { ...run, hasTiming: false })).toBe(false);
    expect(isSameUpload({ ...run, hasTiming: false }, { ...run, hasTiming: false })).toBe(false);
    expect(isSameUpload(run, { ...run, startMs: Number.NaN })).toBe(false);
  });
});
