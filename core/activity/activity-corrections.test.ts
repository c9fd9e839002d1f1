import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CORRECTION_TEXTS,
  applyOverrides,
  correctedFields,
  flagOfShown,
  splitsStand,
  trackEffortsStand,
  type FileFigures,
} from './activity-corrections.ts';
import { FLAG_MESSAGES } from './plausibility.ts';

/** 10 km in 50:00 moving, 52:00 elapsed, starting 07:00 in Ljubljana (06:00 UTC) on 17 November 2026. */
const FILE: FileFigures = {
  startMs: Date.UTC(2026, 10, 17, 6, 0, 0),
  startDateLocal: '2026-11-17T07:00:00',
  timezone: 'Europe/Ljubljana',
  distance: 10_000,
  elapsedTime: 3120,
  movingTime: 3000,
  timerTime: null,
  averageSpeed: 10_000 / 3000,
  hasTiming: true,
  type: 'run',
  flagged: false,
  flagReason: null,
};
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('applyOverrides', () => {
  it('without overrides shows the file’s figures', () => {
    const { type: _type, flagged: _flagged, flagReason: _reason, ...figures } = FILE;
    expect(applyOverrides(FILE, {})).toEqual(figures);
  });

  it('reads a corrected wall-clock start in the activity’s zone', () => {
    const shown = applyOverrides(FILE, { startDateLocal: '2026-11-18T18:30:00' });
    expect(shown).toMatchObject({
      startMs: Date.UTC(2026, 10, 18, 17, 30, 0),
      startDateLocal: '2026-11-18T18:30:00',
      timezone: 'Europe/Ljubljana',
    });
  });

  it('a zone given alone keeps the wall-clock time and moves the instant', () => {
    const shown = applyOverrides(FILE, { timezone: 'America/New_York' });
    expect(shown).toMatchObject({
      startMs: Date.UTC(2026, 10, 17, 12, 0, 0),
      startDateLocal: '2026-11-17T07:00:00',
      timezone: 'America/New_York',
    });
  });

  it('a corrected distance or moving time gives the average speed over the moving time', () => {
    expect(applyOverrides(FILE, { distance: 10_500 }).averageSpeed).toBe(10_500 / 3000);
    expect(applyOverrides(FILE, { movingTime: 2400 }).averageSpeed).toBe(10_000 / 2400);
    expect(applyOverrides(FILE, { elapsedTime: 3600 }).averageSpeed).toBe(FILE.averageSpeed);
  });

  it('times given to a track without timing make it timed', () => {
    const untimed = { ...FILE, hasTiming: false, movingTime: 0, elapsedTime: 0, averageSpeed: 0 };
    expect(applyOverrides(untimed, { distance: 9000 })).toMatchObject({ hasTiming: false, averageSpeed: 0 });
    expect(applyOverrides(untimed, { movingTime: 3000, elapsedTime: 3000 })).toMatchObject({
      hasTiming: true,
      averageSpeed: 10_000 / 3000,
    });
  });
});

describe('what a correction changes', () => {
  it('names the fields that differ from the file, in order', () => {
    const shown = applyOverrides(FILE, { distance: 10_500, startDateLocal: '2026-11-17T08:00:00' });
    expect(correctedFields(FILE, { ...shown, type: 'run' })).toEqual(['start', 'distance']);
    expect(correctedFields(FILE, { ...applyOverrides(FILE, {}), type: 'walk' })).toEqual(['type']);
  });

  it('hides splits only for a corrected distance, and track efforts for a corrected distance or time', () => {
    expect([splitsStand(null), splitsStand({ movingTime: 10 }), splitsStand({ distance: 1 })]).toEqual([
      true,
      true,
      false,
    ]);
    expect([
      trackEffortsStand(null),
      trackEffortsStand({ timezone: 'UTC' }),
      trackEffortsStand({ elapsedTime: 10 }),
      trackEffortsStand({ movingTime: 10 }),
      trackEffortsStand({ distance: 1 }),
    ]).toEqual([true, true, false, false, false]);
  });

  it('says what changed in one sentence', () => {
    expect(ACTIVITY_CORRECTION_TEXTS.edited(['distance (the file says 6.21 mi)'])).toBe(
      'You corrected the distance (the file says 6.21 mi).',
    );
    expect(ACTIVITY_CORRECTION_TEXTS.edited(['start (a)', 'distance (b)', 'time (c)'])).toBe(
      'You corrected the start (a), distance (b) and time (c).',
    );
  });
});

describe('flagOfShown', () => {
  it('judges the shown figures: a run corrected to 10 km in 10 minutes is flagged, and plausible again when fixed', () => {
    const fast = applyOverrides(FILE, { movingTime: 600, elapsedTime: 600 });
    const flag = flagOfShown({ file: FILE, shown: fast, type: 'run', maxSpeed: 4, nowMs: NOW });
    expect(flag).toEqual({ flagged: true, flagReason: FLAG_MESSAGES.averageSpeed(10_000 / 600, 10_000) });
    expect(flagOfShown({ file: FILE, shown: applyOverrides(FILE, {}), type: 'run', maxSpeed: 4, nowMs: NOW })).toEqual({
      flagged: false,
      flagReason: null,
    });
  });

  it('keeps a flag the file’s figures do not give (it came from the file’s points)', () => {
    const file = { ...FILE, flagged: true, flagReason: 'The distance does not match the track.' };
    expect(
      flagOfShown({ file, shown: applyOverrides(file, { distance: 9000 }), type: 'run', maxSpeed: 4, nowMs: NOW }),
    ).toEqual({ flagged: true, flagReason: file.flagReason });
  });
});
