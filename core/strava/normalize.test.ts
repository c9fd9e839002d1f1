import { describe, expect, it } from 'vitest';
import {
  normalizeStravaActivities,
  normalizeStravaActivity,
  parseActivityDate,
  parseLatLng,
  STRAVA_SPORT_TYPES,
  stravaSportType,
} from './normalize.ts';

const ISO = '2026-01-15T07:30:00Z';
const MS = Date.parse(ISO);

/** A Strava SummaryActivity as the API sends it. */
const summary = {
  id: 123_456_789,
  name: '  Morning Run ',
  distance: 10_012.3,
  moving_time: 3000,
  elapsed_time: 3100,
  total_elevation_gain: 87.5,
  type: 'Run',
  sport_type: 'TrailRun',
  workout_type: 0,
  start_date: ISO,
  start_date_local: '2026-01-15T08:30:00Z',
  timezone: '(GMT+01:00) Europe/Paris',
  start_latlng: [48.85, 2.35],
  end_latlng: [48.86, 2.36],
  achievement_count: 2,
  kudos_count: 5,
  comment_count: 1,
  athlete_count: 1,
  total_photo_count: 3,
  map: { id: 'a1', summary_polyline: 'abc', resource_state: 2 },
  trainer: false,
  commute: true,
  manual: false,
  private: false,
  flagged: false,
  gear_id: 'g1',
  average_speed: 3.337,
  max_speed: 5.1,
  average_cadence: 84.2,
  has_heartrate: true,
  average_heartrate: 151.3,
  max_heartrate: 178,
  kilojoules: 0,
  calories: 712,
};

describe('normalizeStravaActivity', () => {
  it('maps a Strava summary to Stride fields', () => {
    expect(normalizeStravaActivity(summary)).toEqual({
      id: '123456789',
      stravaId: '123456789',
      name: 'Morning Run',
      type: 'run',
      source: 'strava',
      startDate: '2026-01-15T07:30:00.000Z',
      startDateLocal: '2026-01-15T08:30:00',
      timezone: 'Europe/Paris',
      distance: 10_012.3,
      movingTime: 3000,
      strideMovingTime: 3000,
      timerTime: null,
      elapsedTime: 3100,
      elevationGain: 87.5,
      hasTiming: true,
      averageSpeed: 3.337,
      maxSpeed: 5.1,
      averageHeartrate: 151.3,
      maxHeartrate: 178,
      // Strava's 84.2 strides per minute, in steps.
      averageCadence: 168.4,
      startLatLng: { lat: 48.85, lng: 2.35 },
      endLatLng: { lat: 48.86, lng: 2.36 },
      hasTrack: true,
      fileType: null,
      originalFilename: null,
      flagged: false,
      flagReason: null,
      flagConfirmedAt: null,
      countedOverride: null,
      counted: true,
      calories: 712,
      kilojoules: 0,
      gearId: 'g1',
      workoutType: 0,
      trainer: false,
      commute: true,
      manual: false,
      private: false,
      stravaFlagged: false,
      achievementCount: 2,
      kudosCount: 5,
      commentCount: 1,
      athleteCount: 1,
      photoCount: 3,
    });
  });

  it('defaults numbers to 0, names to "Unknown Activity", optional sensors to null', () => {
    const minimal = normalizeStravaActivity({ id: 1, type: 'Run', start_date: ISO });
    expect(minimal).toMatchObject({
      name: 'Unknown Activity',
      distance: 0,
      movingTime: 0,
      elapsedTime: 0,
      elevationGain: 0,
      averageSpeed: 0,
      maxSpeed: 0,
      calories: 0,
      kudosCount: 0,
      averageHeartrate: null,
      maxHeartrate: null,
      averageCadence: null,
      startLatLng: null,
      endLatLng: null,
      hasTrack: false,
      gearId: null,
      workoutType: null,
      timezone: 'UTC',
      startDateLocal: '2026-01-15T07:30:00',
      commute: false,
    });
  });

  it('treats a blank name as missing and trims text', () => {
    expect(normalizeStravaActivity({ ...summary, name: '   ' })?.name).toBe('Unknown Activity');
    expect(normalizeStravaActivity({ ...summary, name: 42 })?.name).toBe('Unknown Activity');
    expect(normalizeStravaActivity({ ...summary, gear_id: '  ' })?.gearId).toBeNull();
  });

  it('reads numbers written as text and defaults garbage to 0', () => {
    const result = normalizeStravaActivity({ ...summary, distance: '5000.5', moving_time: 'abc', max_speed: NaN });
    expect(result).toMatchObject({ distance: 5000.5, movingTime: 0, maxSpeed: 0 });
  });

  it('reads the raw fallback snake_case fields, camelCase first', () => {
    const raw = {
      id: 'x9',
      distance: 5000,
      moving_time: 1500,
      total_elevation_gain: 12,
      start_date: ISO,
      type: 'Walk',
    };
    expect(normalizeStravaActivity(raw)).toMatchObject({
      id: 'x9',
      type: 'walk',
      distance: 5000,
      movingTime: 1500,
      elevationGain: 12,
      startDate: '2026-01-15T07:30:00.000Z',
    });
    const both = { ...raw, movingTime: 1600, elevationGain: 13, startDate: '2026-01-16T07:30:00Z' };
    expect(normalizeStravaActivity(both)).toMatchObject({
      movingTime: 1600,
      elevationGain: 13,
      startDate: '2026-01-16T07:30:00.000Z',
    });
  });

  it('prefers sport_type over the coarser type', () => {
    expect(normalizeStravaActivity({ ...summary, type: 'Ride', sport_type: 'GravelRide' })?.type).toBe('ride');
    expect(normalizeStravaActivity({ ...summary, sport_type: undefined, type: 'Hike' })?.type).toBe('hike');
    // A sport the table does not know falls back to the coarser type, then to "other".
    expect(normalizeStravaActivity({ ...summary, type: 'Ride', sport_type: 'CargoBikeRide' })?.type).toBe('ride');
    expect(normalizeStravaActivity({ ...summary, type: 'Workout', sport_type: 'Pilates' })?.type).toBe('other');
  });

  it('keeps every sport: swims are swims, the rest is "other"', () => {
    expect(normalizeStravaActivity({ ...summary, sport_type: 'Swim', type: 'Swim' })?.type).toBe('swim');
    expect(normalizeStravaActivity({ ...summary, sport_type: 'Yoga', type: 'Yoga' })?.type).toBe('other');
    expect(normalizeStravaActivity({ ...summary, sport_type: undefined, type: undefined })?.type).toBe('other');
  });

  it('shows cadence on foot in steps per minute: Strava counts strides', () => {
    expect(normalizeStravaActivity(summary)?.averageCadence).toBeCloseTo(168.4, 6);
    expect(normalizeStravaActivity({ ...summary, sport_type: 'Walk' })?.averageCadence).toBeCloseTo(168.4, 6);
    expect(normalizeStravaActivity({ ...summary, sport_type: 'Hike' })?.averageCadence).toBeCloseTo(168.4, 6);
    // A ride's cadence is pedal revolutions, a swim's strokes: as Strava sends them.
    expect(normalizeStravaActivity({ ...summary, sport_type: 'Ride', average_cadence: 88 })?.averageCadence).toBe(88);
    expect(normalizeStravaActivity({ ...summary, sport_type: 'Swim', average_cadence: 30 })?.averageCadence).toBe(30);
    expect(normalizeStravaActivity({ ...summary, average_cadence: undefined })?.averageCadence).toBeNull();
  });

  it.each([
    ['no id', { ...summary, id: undefined }],
    ['blank id', { ...summary, id: ' ' }],
    ['no start date', { ...summary, start_date: undefined }],
    ['an invalid start date', { ...summary, start_date: 'yesterday-ish' }],
    ['not an object', 'Run'],
    ['null', null],
    ['an array', [summary]],
  ])('returns null for %s', (_label, raw) => {
    expect(normalizeStravaActivity(raw)).toBeNull();
  });

  it('skips the rejected ones in a page', () => {
    const page = [summary, { ...summary, id: undefined }, { ...summary, id: 3, sport_type: 'Walk' }];
    expect(normalizeStravaActivities(page).map((activity) => [activity.id, activity.type])).toEqual([
      ['123456789', 'run'],
      ['3', 'walk'],
    ]);
  });

  it('has a track from a polyline or a start position', () => {
    expect(normalizeStravaActivity({ ...summary, start_latlng: [] })?.hasTrack).toBe(true);
    expect(normalizeStravaActivity({ ...summary, map: { summary_polyline: '' } })?.hasTrack).toBe(true);
    expect(normalizeStravaActivity({ ...summary, start_latlng: [], map: { summary_polyline: '' } })?.hasTrack).toBe(
      false,
    );
  });

  it('keeps the local wall-clock digits Strava writes, with or without its "Z"', () => {
    expect(normalizeStravaActivity({ ...summary, start_date_local: '2026-01-15T08:30:00' })?.startDateLocal).toBe(
      '2026-01-15T08:30:00',
    );
    expect(normalizeStravaActivity({ ...summary, start_date_local: '2026-01-15T23:59:59+05:00' })?.startDateLocal).toBe(
      '2026-01-15T23:59:59',
    );
    expect(
      normalizeStravaActivity({ ...summary, start_date_local: { seconds: Date.UTC(2026, 0, 15, 9) / 1000 } })
        ?.startDateLocal,
    ).toBe('2026-01-15T09:00:00');
    expect(normalizeStravaActivity({ ...summary, start_date_local: 'garbage' })?.startDateLocal).toBe(
      '2026-01-15T07:30:00',
    );
  });

  it('keeps a time zone without the GMT prefix as it is', () => {
    expect(normalizeStravaActivity({ ...summary, timezone: ' America/New_York ' })?.timezone).toBe('America/New_York');
  });
});

describe('stravaSportType', () => {
  it.each([
    ['Run', 'run'],
    ['TrailRun', 'run'],
    ['VirtualRun', 'run'],
    ['Ride', 'ride'],
    ['MountainBikeRide', 'ride'],
    ['GravelRide', 'ride'],
    ['EBikeRide', 'ride'],
    ['EMountainBikeRide', 'ride'],
    ['VirtualRide', 'ride'],
    ['Velomobile', 'ride'],
    ['Handcycle', 'ride'],
    ['Walk', 'walk'],
    ['Hike', 'hike'],
    ['Swim', 'swim'],
    [' Run ', 'run'],
  ])('%s → %s', (sport, expected) => {
    expect(stravaSportType(sport)).toBe(expected);
  });

  it.each(['Workout', 'AlpineSki', 'Yoga', 'Rowing', 'run', 'RUN', '', 'toString', null, 9])('%s → other', (sport) => {
    expect(stravaSportType(sport)).toBe('other');
  });

  it('falls back to the coarser type when the sport type is unknown', () => {
    expect(stravaSportType('CargoBikeRide', 'Ride')).toBe('ride');
    expect(stravaSportType(undefined, 'Hike')).toBe('hike');
    expect(stravaSportType('TrailRun', 'Run')).toBe('run');
    expect(stravaSportType('Kitesurf', 'Kitesurf')).toBe('other');
  });

  it("maps only to Stride's types", () => {
    expect(new Set(Object.values(STRAVA_SPORT_TYPES))).toEqual(new Set(['run', 'ride', 'walk', 'hike', 'swim']));
  });
});

describe('parseActivityDate', () => {
  it.each([
    ['ISO text', ISO],
    ['ISO text with spaces', `  ${ISO} `],
    ['ISO text with an offset', '2026-01-15T08:30:00+01:00'],
    ['a Date', new Date(MS)],
    ['epoch ms', MS],
    ['{seconds, nanoseconds}', { seconds: MS / 1000, nanoseconds: 0 }],
    ['{seconds} alone', { seconds: MS / 1000 }],
    ['{_seconds, _nanoseconds}', { _seconds: MS / 1000, _nanoseconds: 0 }],
    ['an object with toDate()', { toDate: () => new Date(MS) }],
  ])('reads %s', (_label, value) => {
    expect(parseActivityDate(value)).toBe(MS);
  });

  it('reads zone-less ISO text as UTC, never in the machine zone', () => {
    expect(parseActivityDate('2026-01-15T07:30:00')).toBe(MS);
    expect(parseActivityDate('2026-01-15T07:30')).toBe(MS);
    expect(parseActivityDate('2026-01-15T07:30:00.000')).toBe(MS);
    expect(parseActivityDate('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
  });

  it('adds nanoseconds as whole milliseconds', () => {
    expect(parseActivityDate({ seconds: MS / 1000, nanoseconds: 250_999_999 })).toBe(MS + 250);
  });

  it('calls toDate on its own object (a class instance with a method)', () => {
    class Timestamp {
      constructor(private readonly ms: number) {}
      toDate(): Date {
        return new Date(this.ms);
      }
    }
    expect(parseActivityDate(new Timestamp(MS))).toBe(MS);
  });

  it.each([
    ['empty text', ''],
    ['nonsense text', 'not a date'],
    ['an invalid Date', new Date(Number.NaN)],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['an object without a date', { when: 'now' }],
    ['toDate() returning text', { toDate: () => ISO }],
    ['toDate() returning an invalid Date', { toDate: () => new Date('x') }],
    ['an array', [MS]],
  ])('rejects %s', (_label, value) => {
    expect(parseActivityDate(value)).toBeNull();
  });

  it('normalises every date form to the same startDate', () => {
    const forms = [ISO, new Date(MS), { seconds: MS / 1000, nanoseconds: 0 }, { toDate: () => new Date(MS) }];
    for (const start_date of forms) {
      expect(normalizeStravaActivity({ id: 1, type: 'Run', start_date })?.startDate).toBe('2026-01-15T07:30:00.000Z');
    }
  });
});

describe('parseLatLng', () => {
  it.each([
    [[51.5, -0.12], { lat: 51.5, lng: -0.12 }],
    [['51.5', '-0.12'], { lat: 51.5, lng: -0.12 }],
    [
      { lat: 1, lng: 2 },
      { lat: 1, lng: 2 },
    ],
    [[0, 0], { lat: 0, lng: 0 }],
    [[], null],
    [[51.5], null],
    [[null, null], null],
    [{ lat: 1 }, null],
    [null, null],
    ['51.5,-0.12', null],
  ])('%j → %j', (value, expected) => {
    expect(parseLatLng(value)).toEqual(expected);
  });
});
