import { describe, expect, it } from 'vitest';
import { buildBestEfforts, buildSplits, buildStreams, type ActivityStreams } from './activity-track.ts';
import { generateAthlete, generateHistory } from './generate-activities.ts';
import { decodePolyline, encodePolyline } from './polyline.ts';
import { createRandom } from './seeded-random.ts';
import { stravaDate, stravaTimezone, utcOffsetSeconds } from './strava-time.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function history(seed: number, count: number) {
  const random = createRandom(seed);
  const athlete = generateAthlete(random, 1, NOW);
  let id = 100;
  return generateHistory(random, athlete, count, NOW, () => id++);
}

describe('generate-activities', () => {
  it('is deterministic for a seed and varies between seeds', () => {
    expect(history(7, 50)).toEqual(history(7, 50));
    expect(history(7, 50)[0]?.distance).not.toEqual(history(8, 50)[0]?.distance);
  });

  it('spreads mostly runs over past years with plausible paces', () => {
    const activities = history(3, 1000);
    expect(activities).toHaveLength(1000);
    const runs = activities.filter((a) => a.sportType === 'Run' || a.sportType === 'TrailRun');
    expect(runs.length).toBeGreaterThan(750);
    expect(activities.some((a) => a.sportType === 'Ride')).toBe(true);
    expect(activities.some((a) => a.sportType === 'Walk')).toBe(true);
    const spanYears = ((activities.at(-1)?.startMs ?? 0) - (activities[0]?.startMs ?? 0)) / (365 * 86400_000);
    expect(spanYears).toBeGreaterThan(3);
    expect(activities.every((a) => a.startMs < NOW)).toBe(true);
    for (const run of runs.filter((a) => a.sportType === 'Run')) {
      const paceSecondsPerKm = run.movingTime / (run.distance / 1000);
      expect(paceSecondsPerKm).toBeGreaterThan(260);
      expect(paceSecondsPerKm).toBeLessThan(410);
      expect(run.elapsedTime).toBeGreaterThanOrEqual(run.movingTime);
    }
  });

  it('builds streams that end at the activity distance and elapsed time and climb its elevation gain', () => {
    const activity = history(5, 20).find((a) => a.sportType === 'Run');
    if (!activity) {
      throw new Error('no run');
    }
    const streams = buildStreams(activity);
    const length = streams.time.length;
    for (const stream of [
      streams.distance,
      streams.latlng,
      streams.altitude,
      streams.velocity_smooth,
      streams.cadence,
    ]) {
      expect(stream).toHaveLength(length);
    }
    expect(streams.time.at(-1)).toBe(activity.elapsedTime);
    expect(streams.distance.at(-1)).toBe(activity.distance);
    let gain = 0;
    for (let i = 1; i < length; i += 1) {
      gain += Math.max(0, (streams.altitude[i] ?? 0) - (streams.altitude[i - 1] ?? 0));
    }
    expect(Math.abs(gain - activity.totalElevationGain)).toBeLessThan(activity.totalElevationGain * 0.1 + 1);
    const metric = buildSplits(activity, streams, 1000);
    expect(metric).toHaveLength(Math.ceil(activity.distance / 1000 - 0.0005));
    expect(metric.reduce((sum, split) => sum + split.distance, 0)).toBeCloseTo(activity.distance, 0);
  });

  it('round-trips polylines (Google precision 5)', () => {
    const points: [number, number][] = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ];
    expect(encodePolyline(points)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline(encodePolyline(points))).toEqual(points);
  });

  it('formats dates and zones the way Strava does', () => {
    expect(stravaDate(Date.UTC(2024, 0, 2, 3, 4, 5, 678))).toBe('2024-01-02T03:04:05Z');
    expect(utcOffsetSeconds(Date.UTC(2024, 0, 15), 'Europe/Berlin')).toBe(3600);
    expect(utcOffsetSeconds(Date.UTC(2024, 6, 15), 'America/Los_Angeles')).toBe(-25200);
    expect(stravaTimezone(Date.UTC(2024, 0, 15), 'America/Los_Angeles')).toBe('(GMT-08:00) America/Los_Angeles');
  });
});

describe('best efforts', () => {
  /** 3 km, one point per 100 m: 30 s per 100 m, except 20 s over metres 1,000–2,000. */
  function streams(): ActivityStreams {
    const distance = Array.from({ length: 31 }, (_, i) => i * 100);
    let t = 0;
    const time = distance.map((d, i) => {
      if (i > 0) {
        t += d > 1000 && d <= 2000 ? 20 : 30;
      }
      return t;
    });
    return { time, distance } as ActivityStreams;
  }

  it('finds the fastest stretch of each standard distance the run covers, by Strava’s names', () => {
    const efforts = buildBestEfforts(streams());
    expect(efforts.map((effort) => effort.name)).toEqual(['400m', '1/2 mile', '1K', '1 mile']);
    expect(efforts.find((effort) => effort.name === '1K')).toMatchObject({
      elapsedTime: 200,
      startIndex: 10,
      endIndex: 20,
    });
    expect(efforts.find((effort) => effort.name === '400m')?.elapsedTime).toBe(80);
  });

  it('lists them in a generated run’s streams, none longer than the run', () => {
    const run = history(5, 40).find((activity) => activity.sportType === 'Run' && activity.distance > 5200);
    expect(run).toBeDefined();
    const efforts = buildBestEfforts(buildStreams(run!));
    expect(efforts.map((effort) => effort.name)).toContain('5K');
    expect(efforts.every((effort) => effort.elapsedTime <= run!.elapsedTime)).toBe(true);
  });
});
