/**
 * A multisport file becomes one activity per leg (describeActivities): each with its own sport,
 * its part of the track split at the session boundaries, its laps and the device's totals for the
 * leg; transitions are never activities.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeActivities } from './activity-record.ts';
import { straightRun } from './activity-file-builders.test-support.ts';
import { encodeMultisportFit } from './fit-file-builders.test-support.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import { importedLegsMessage } from './upload-rules.ts';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const context = { fallbackTimeZone: 'UTC', now: new Date(Date.UTC(2026, 0, 1)) };

/** The device's own figures per leg of triathlon_summary_first.fit (its session messages). */
const SESSIONS = {
  swim: { distance: 513.26, timer: 675.701, calories: 143 },
  ride: { distance: 13_517.59, timer: 1566.657, calories: 411 },
  run: { distance: 4491.51, timer: 1573.613, calories: 425 },
} as const;

const within1Percent = (actual: number, expected: number) => {
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.01);
};

describe('triathlon_summary_first.fit: swim, transition, bike, transition, run', () => {
  const parsed = parseActivityFile('fit', new Uint8Array(readFileSync(path.join(REAL, 'triathlon_summary_first.fit'))));
  const described = describeActivities(parsed, context);

  it('is three activities, a swim, a ride and a run: the transitions are none', () => {
    expect(described.map(({ record }) => record.type)).toEqual(['swim', 'ride', 'run']);
    expect(described.map(({ record }) => record.sportLabel)).toEqual(['swimming', 'cycling', 'running']);
    // The race started at 08:15 local time (US Central, UTC−5 in September, where it was held).
    expect(described.map(({ record }) => record.name)).toEqual(['Morning Swim', 'Morning Ride', 'Morning Run']);
    expect(described.map(({ record }) => record.timezone)).toEqual(Array(3).fill('America/Chicago'));
  });

  it.each([0, 1, 2])("leg %i: distance and time within 1 %% of the leg's session, its calories", (index) => {
    const { record } = described[index] as (typeof described)[number];
    const session = SESSIONS[record.type as keyof typeof SESSIONS];
    within1Percent(record.distance, session.distance);
    within1Percent(record.elapsedTime, session.timer);
    expect(record.movingTime).toBeLessThanOrEqual(Math.ceil(session.timer));
    expect(record.calories).toBe(session.calories);
    expect(record.flag).toBeNull();
  });

  it('each leg starts where its session starts and has its own track and laps', () => {
    const starts = described.map(({ record }) => record.startDate.toISOString());
    expect(starts).toEqual(['2023-09-02T13:15:24.000Z', '2023-09-02T13:29:18.000Z', '2023-09-02T13:56:34.000Z']);
    expect(described.map(({ track }) => track.time.length)).toEqual([676, 1566, 1572]);
    // The swim's 3 laps, the bike's 2 and the run's 3; the transitions' 3 laps belong to no activity.
    expect(described.map(({ record }) => record.laps.length)).toEqual([3, 2, 3]);
    const runLaps = described[2]?.record.laps ?? [];
    expect(runLaps.map((lap) => lap.distance)).toEqual([1609.13, 1609.32, 1272.65]);
    expect(runLaps[0]?.startIndex).toBe(0);
    expect(runLaps.at(-1)?.endIndex).toBe(1572);
    // The run's track starts from 0 m: its first point is the few metres since the transition's last.
    expect(described[2]?.track.distance[0]).toBeLessThan(5);
  });

  it('the run alone is a run: splits per kilometre of its 4.5 km', () => {
    const run = described[2]?.record;
    expect(run?.splitsMetric.map((split) => split.split)).toEqual([1, 2, 3, 4, 5]);
    expect(described[0]?.record.splitsMetric).toHaveLength(1);
  });
});

describe('importedLegsMessage', () => {
  it('names the legs in order', () => {
    expect(importedLegsMessage(['swim', 'ride', 'run'])).toBe('Imported as 3 activities: swim, ride and run.');
    expect(importedLegsMessage(['ride', 'run'])).toBe('Imported as 2 activities: ride and run.');
  });
});

describe('an ordinary file', () => {
  it('is one activity with the whole track', () => {
    const points = straightRun({ points: 600, speed: 3 });
    const parsed = {
      format: 'gpx' as const,
      name: null,
      declaredType: 'run' as const,
      sportLabel: null,
      deviceName: null,
      track: parseActivityFile(
        'gpx',
        new TextEncoder().encode(
          `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points
            .map((p) => `<trkpt lat="${p.lat}" lon="${p.lon}"><time>${new Date(p.time).toISOString()}</time></trkpt>`)
            .join('')}</trkseg></trk></gpx>`,
        ),
      ).track,
      deviceDistance: false,
      laps: [],
      deviceTotals: null,
    };
    const described = describeActivities(parsed, context);
    expect(described).toHaveLength(1);
    expect(described[0]?.track).toBe(parsed.track);
    expect(described[0]?.record.type).toBe('run');
  });
});

describe('a fenix multisport file: generic, transition, run, transition, run, transition, cycling', () => {
  // One line at 3 m/s, a point every 5 s: a speed guess would call every leg a run.
  const line = straightRun({ points: 10 + 1200 + 12 + 360 + 2 + 720 + 12 + 240, speed: 3, interval: 5 });
  const sizes = [1200, 12, 360, 2, 720, 12, 240];
  const sports = ['generic', 'transition', 'running', 'transition', 'running', 'transition', 'cycling'];
  let at = 10;
  const legs = sizes.map((size, i) => {
    const points = line.slice(at, at + size);
    at += size;
    return { sport: sports[i] as string, points };
  });
  // The first session starts 45 minutes after its first record; ten records come before it.
  const bytes = encodeMultisportFit({ legs, firstSessionLateS: 45 * 60, recordsBefore: line.slice(0, 10) });
  const sessions = legs
    .filter((leg) => leg.sport !== 'transition')
    .map(({ points }) => ({
      distance: (points.at(-1)?.distance ?? 0) - (points[0]?.distance ?? 0),
      timer: ((points.at(-1)?.time ?? 0) - (points[0]?.time ?? 0)) / 1000,
      start: points[0]?.time,
    }));
  const described = describeActivities(parseActivityFile('fit', bytes), context);

  it("gives each leg its session's sport: a generic session is other, never a run; transitions give nothing", () => {
    expect(described.map(({ record }) => record.type)).toEqual(['other', 'run', 'run', 'ride']);
    expect(described.map(({ record }) => record.sportLabel)).toEqual(['generic', 'running', 'running', 'cycling']);
  });

  it.each([0, 1, 2, 3])(
    "leg %i: the session's distance and timer time within one per cent, from the session's first record",
    (i) => {
      const { record, track } = described[i] as (typeof described)[number];
      const session = sessions[i] as (typeof sessions)[number];
      // The device's distance starts again from 0 with each session: no leg is 0 km with a track.
      expect(record.distance).toBeGreaterThan(0);
      within1Percent(record.distance, session.distance);
      within1Percent(record.elapsedTime, session.timer);
      // The records before the first session and the 45 minutes late start_time change nothing.
      expect(track.time[0]).toBe(session.start);
      expect(record.startDate.getTime()).toBe(session.start);
    },
  );
});
