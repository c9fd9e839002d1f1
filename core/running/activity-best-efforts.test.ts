import { describe, expect, it } from 'vitest';
import { TrackBuilder } from '../activity/track.ts';
import { effortsFromStravaDetail, effortsFromTrack, rankText, whyNoEfforts } from './activity-best-efforts.ts';

function trackOf(points: { t: number; d: number }[], positioned = true) {
  const builder = new TrackBuilder(points.length, positioned ? {} : { keepUnpositioned: true });
  for (const { t, d } of points) {
    builder.push({
      time: Date.UTC(2026, 0, 1) + t * 1000,
      lat: positioned ? 46 + d / 111_195 : Number.NaN,
      lon: positioned ? 14.5 : Number.NaN,
      elevation: Number.NaN,
      heartRate: Number.NaN,
      cadence: Number.NaN,
      distance: d,
    });
  }
  return builder.finish();
}

describe('an activity’s best efforts', () => {
  it('finds the fastest kilometre in the middle of a track', () => {
    // 3 km: the first and last km at 5:00/km, the middle one at 4:00/km.
    const points = Array.from({ length: 301 }, (_, i) => {
      const d = i * 10;
      const t = d <= 1000 ? d * 0.3 : d <= 2000 ? 300 + (d - 1000) * 0.24 : 540 + (d - 2000) * 0.3;
      return { t, d };
    });
    const efforts = effortsFromTrack(trackOf(points));
    expect(efforts.map((effort) => effort.distanceId)).toEqual(['400m', '1k', '1mi']);
    expect(efforts.find((effort) => effort.distanceId === '1k')?.seconds).toBeCloseTo(240, 6);
    expect(efforts.find((effort) => effort.distanceId === '400m')?.seconds).toBeCloseTo(96, 6);
  });

  it('has none for a track that never moves (a treadmill run without a distance stream)', () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ t: i * 10, d: 0 }));
    expect(effortsFromTrack(trackOf(points, false))).toEqual([]);
  });

  it('says why a run has none: too short, no distance stream, no times, unreadable, or no track', () => {
    const run = (metres: number, step = 10) =>
      Array.from({ length: Math.floor(metres / step) + 1 }, (_, i) => ({ t: i * 3, d: i * step }));
    expect(effortsFromTrack(trackOf(run(300)))).toEqual([]);
    expect(whyNoEfforts({ metres: 300, track: trackOf(run(300)) })).toBe('too-short');
    const treadmill = Array.from({ length: 100 }, (_, i) => ({ t: i * 10, d: 0 }));
    expect(whyNoEfforts({ metres: 0, track: trackOf(treadmill, false) })).toBe('no-distance');
    const untimed = trackOf(run(1000));
    untimed.time.fill(Number.NaN);
    expect(whyNoEfforts({ metres: 1000, track: untimed })).toBe('untimed');
    expect(whyNoEfforts({ metres: 5000, track: 'unreadable' })).toBe('unreadable');
    expect(whyNoEfforts({ metres: 300, track: null })).toBe('too-short');
    expect(whyNoEfforts({ metres: 5000, track: null })).toBe('no-track');
  });

  it('ranks Strava’s efforts on moving time, as the track’s, and on elapsed time only without one', () => {
    const detail = {
      bestEfforts: [
        { name: '1k', elapsedTime: 260, movingTime: 245 },
        { name: '5k', elapsedTime: 1400, movingTime: 0 },
      ],
    };
    expect(effortsFromStravaDetail(detail)).toEqual([
      { distanceId: '1k', seconds: 245 },
      { distanceId: '5k', seconds: 1400 },
    ]);
  });

  it('takes Strava’s named best efforts for the distances Stride ranks, first of each', () => {
    const detail = {
      bestEfforts: [
        { name: '400m', elapsedTime: 95, movingTime: 95 },
        { name: '1/2 mile', elapsedTime: 200 },
        { name: '1 mile', elapsedTime: 410 },
        { name: '5k', elapsedTime: 1320 },
        { name: '5k', elapsedTime: 1400 },
        { name: 'Half-Marathon', elapsedTime: 6100 },
        { name: '10k', elapsedTime: 'soon' },
        null,
      ],
    };
    expect(effortsFromStravaDetail(detail)).toEqual([
      { distanceId: '400m', seconds: 95 },
      { distanceId: '1mi', seconds: 410 },
      { distanceId: '5k', seconds: 1320 },
      { distanceId: 'half', seconds: 6100 },
    ]);
    expect(effortsFromStravaDetail(null)).toEqual([]);
    expect(effortsFromStravaDetail({ bestEfforts: 'none' })).toEqual([]);
  });

  it('names a place among the runner’s own', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(rankText)).toEqual([
      'Personal best',
      '2nd fastest',
      '3rd fastest',
      '4th fastest',
      '11th fastest',
      '12th fastest',
      '13th fastest',
      '21st fastest',
      '22nd fastest',
      '101st fastest',
      '111th fastest',
    ]);
  });
});
