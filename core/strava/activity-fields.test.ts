import { describe, expect, it } from 'vitest';
import { STRAVA_FIELD_TEXTS, stravaFieldsOf } from './activity-fields.ts';
import { normalizeStravaDetail } from './detail.ts';

/** A DetailedActivity's parts that Stride reads beyond the summary, as Strava writes them. */
const raw = {
  has_kudoed: true,
  pr_count: 1,
  total_photo_count: 2,
  suffer_score: 41,
  location_city: 'Portland',
  location_state: 'Oregon',
  location_country: 'United States',
  laps: [
    {
      id: 7701,
      lap_index: 1,
      name: 'Lap 1',
      distance: 5000,
      moving_time: 1500,
      elapsed_time: 1510,
      start_date: '2026-01-15T07:30:00Z',
      start_date_local: '2026-01-14T23:30:00Z',
      average_watts: 243.6,
    },
    { lap_index: 2, name: 'Lap 2', distance: 500, moving_time: 160, elapsed_time: 160 },
  ],
  segment_efforts: [
    {
      id: 9001,
      name: 'Harbour Sprint',
      elapsed_time: 212,
      moving_time: 210,
      distance: 800,
      start_date_local: '2026-01-14T23:40:00Z',
      pr_rank: 1,
      segment: { id: 1, name: 'Harbour Sprint' },
    },
    { id: 9002, elapsed_time: 300, distance: 800, pr_rank: null, segment: { id: 2, name: 'Old Mill Hill' } },
    { id: 9003, name: 'Odd rank', elapsed_time: 300, distance: 800, pr_rank: 7 },
    { name: 'No id' },
  ],
};

/** The fields a sync keeps (core/strava/normalize.ts → the repository's Strava column). */
const summary = {
  kilojoules: 612.4,
  workoutType: 1,
  trainer: false,
  commute: true,
  private: true,
  achievementCount: 3,
  kudosCount: 12,
  commentCount: 2,
  photoCount: 0,
};

describe("a Strava activity's own fields", () => {
  it("keeps each lap's id, local start and power", () => {
    const laps = normalizeStravaDetail(raw, 'run').laps;
    expect(laps.map((lap) => [lap.id, lap.startDateLocal, lap.averageWatts])).toEqual([
      ['7701', '2026-01-14T23:30:00Z', 243.6],
      [null, null, null],
    ]);
  });

  it('reads kudos, flags, place, effort and segment efforts with their PR rank', () => {
    const fields = stravaFieldsOf(summary, normalizeStravaDetail(raw, 'run').extras);
    expect(fields).toEqual({
      kudosCount: 12,
      hasKudoed: true,
      commentCount: 2,
      photoCount: 2,
      achievementCount: 3,
      trainer: false,
      commute: true,
      private: true,
      kilojoules: 612.4,
      workoutType: 'Race',
      location: 'Portland, Oregon, United States',
      sufferScore: 41,
      prCount: 1,
      segmentEfforts: [
        {
          id: '9001',
          name: 'Harbour Sprint',
          elapsedTime: 212,
          movingTime: 210,
          distance: 800,
          prRank: 1,
          startDateLocal: '2026-01-14T23:40:00Z',
        },
        {
          id: '9002',
          name: 'Old Mill Hill',
          elapsedTime: 300,
          movingTime: 0,
          distance: 800,
          prRank: null,
          startDateLocal: null,
        },
        {
          id: '9003',
          name: 'Odd rank',
          elapsedTime: 300,
          movingTime: 0,
          distance: 800,
          prRank: null,
          startDateLocal: null,
        },
      ],
    });
  });

  it('has counts of 0 and no segments before the detail is fetched; a default workout has no label', () => {
    const fields = stravaFieldsOf({ ...summary, workoutType: 0, kilojoules: 0 }, null);
    expect(fields).toMatchObject({
      hasKudoed: false,
      workoutType: null,
      kilojoules: null,
      location: null,
      sufferScore: null,
      prCount: 0,
      segmentEfforts: [],
    });
  });

  it('names a rank as the runner reads it', () => {
    expect([1, 2, 3, null].map(STRAVA_FIELD_TEXTS.rank)).toEqual(['PR', '2nd best', '3rd best', '—']);
  });
});
