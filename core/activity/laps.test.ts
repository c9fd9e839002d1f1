/**
 * Laps read as the watch reads them: a lap's distance, time and pace are the file's own lap totals
 * when it has them (FIT lap messages, TCX <Lap> DistanceMeters and TotalTimeSeconds), else its own
 * points' from the previous lap's last point, and never the distance since the activity started.
 */
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-record.ts';
import { garminTcx, straightRun } from './activity-file-builders.test-support.ts';
import { encodeFit } from './fit-file-builders.test-support.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import { formatDuration } from '../format.ts';
import { formatPaceOrSpeed } from './activity-figures.ts';

const context = { fallbackTimeZone: 'UTC', now: new Date(Date.UTC(2026, 0, 1)) };

/** Three 1 km laps at 5:45 /km, a point every 5 seconds: 69 points a lap. */
const points = straightRun({ points: 3 * 69 + 1, speed: 1000 / 345, interval: 5 });
const lapStarts = [0, 69, 138];

function lapsOf(bytes: Uint8Array, format: 'fit' | 'tcx' = 'fit') {
  return describeActivity(parseActivityFile(format, bytes), context).laps;
}

const shown = (laps: ReturnType<typeof lapsOf>) =>
  laps.map((lap) => ({
    distance: Math.round(lap.distance),
    time: formatDuration(lap.movingTime || lap.elapsedTime),
    pace: formatPaceOrSpeed(lap.averageSpeed, 'run', 'metric'),
  }));

describe('laps', () => {
  it("a FIT file's own lap totals give each lap its distance, time and pace: 1 km in 5:45 is 5:45/km", () => {
    const laps = lapsOf(encodeFit({ points, sport: 'running', lapStarts, lapTotals: 'watch' }));
    expect(shown(laps)).toEqual(Array(3).fill({ distance: 1000, time: '5:45', pace: '5:45/km' }));
    expect(laps.map((lap) => lap.elapsedTime)).toEqual([345, 345, 345]);
  });

  it("without lap totals, a lap's own points from the previous lap's last point: the gap between laps is its own", () => {
    const laps = lapsOf(encodeFit({ points, sport: 'running', lapStarts, lapTotals: 'none' }));
    // The first lap has no point before it: its 69 points span 340 s (985.5 m); the others start
    // from the previous lap's last point: 345 s and 1 km, and the last lap's 70 points 350 s.
    expect(shown(laps)).toEqual([
      { distance: 986, time: '5:40', pace: '5:45/km' },
      { distance: 1000, time: '5:45', pace: '5:45/km' },
      { distance: 1014, time: '5:50', pace: '5:45/km' },
    ]);
    expect(laps[1]?.averageSpeed).toBeCloseTo(1000 / 345, 6);
  });

  it("a TCX file's <Lap> DistanceMeters and TotalTimeSeconds give the laps of a watch in miles", () => {
    // A watch's laps of 7:30, 6:50 and 11:49 per mile, one mile each.
    const mile = 1609.344;
    const paces = [450, 410, 709];
    let start = Date.UTC(2024, 4, 1, 5, 30, 0);
    let offset = 0;
    const laps = paces.map((pace) => {
      const lapPoints = straightRun({ points: pace + 1, speed: mile / pace, interval: 1, start }).map((p) => ({
        ...p,
        lat: p.lat + offset / 111_195,
        distance: p.distance + offset,
      }));
      start += pace * 1000;
      offset += mile;
      return { points: lapPoints, averageHeartRate: 150, maxHeartRate: 170, calories: 100 };
    });
    const described = lapsOf(new TextEncoder().encode(garminTcx(laps)), 'tcx');
    expect(described.map((lap) => formatPaceOrSpeed(lap.averageSpeed, 'run', 'imperial'))).toEqual([
      '7:30/mi',
      '6:50/mi',
      '11:49/mi',
    ]);
    expect(described.map((lap) => formatDuration(lap.movingTime))).toEqual(['7:30', '6:50', '11:49']);
  });
});
