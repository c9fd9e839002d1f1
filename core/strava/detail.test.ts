import { describe, expect, it } from 'vitest';
import { normalizeStravaDetail, streamsToTrack } from './detail.ts';

const START = Date.UTC(2026, 0, 15, 7, 30);

const streams = {
  latlng: {
    data: [
      [46.05, 14.5],
      [46.0501, 14.5001],
      [46.0502, 14.5002],
    ],
  },
  time: { data: [0, 5, 10] },
  cadence: { data: [84, 85.5, null] },
  heartrate: { data: [140, 141, 142] },
};

const detail = {
  laps: [
    { lap_index: 1, name: 'Lap 1', distance: 1000, moving_time: 300, elapsed_time: 300, average_cadence: 83 },
    { lap_index: 2, name: 'Lap 2', distance: 500, moving_time: 160, elapsed_time: 160 },
  ],
};

describe('Strava cadence in steps per minute', () => {
  it('doubles the cadence stream of a run, walk or hike (Strava sends strides)', () => {
    for (const type of ['run', 'walk', 'hike']) {
      const track = streamsToTrack(streams, START, type);
      expect(Array.from(track?.cadence ?? [])).toEqual([168, 171, Number.NaN]);
      expect(Array.from(track?.heartRate ?? [])).toEqual([140, 141, 142]);
    }
  });

  it("keeps a ride's cadence stream in revolutions per minute", () => {
    expect(Array.from(streamsToTrack(streams, START, 'ride')?.cadence ?? [])).toEqual([84, 85.5, Number.NaN]);
  });

  it("doubles a run's lap cadence and keeps a ride's; a lap without cadence stays without", () => {
    expect(normalizeStravaDetail(detail, 'run').laps.map((lap) => lap.averageCadence)).toEqual([166, null]);
    expect(normalizeStravaDetail(detail, 'ride').laps.map((lap) => lap.averageCadence)).toEqual([83, null]);
  });
});
