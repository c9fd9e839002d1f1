/**
 * The Charts page's data for a runner with 10,000 activities, on PGlite: median ≤ 150 ms server time
 * for every period (the service call: the SQL sums of this period and last year's, the time in
 * heart-rate zones from each activity's histogram, and the load lines from per-activity figures)
 * and for the personal bests (36,000 best efforts ranked).
 */
import { fixedClock } from '../../server/test-support/clock.ts';
import { getPersonalBests } from '../../server/services/best-efforts-service.ts';
import { getCharts } from '../../server/services/charts-service.ts';
import { CHART_PERIODS } from '../../core/charts/chart-periods.ts';
import { syntheticActivity } from './activity-list.bench.ts';
import { histogram, insertSeededEfforts } from './long-history.ts';
import type { Bench } from './bench.ts';
import { median, startBenchServer } from './server-fixture.ts';

const ACTIVITIES = 10_000;
const SAMPLES = 30;
const TARGET_MS = 150;
/** The synthetic activities run every 3 hours from 1 January 2020: "now" is just after the last. */
const NOW = Date.UTC(2023, 5, 30, 12, 0, 0);

export const chartsBench: Bench = {
  name: 'Charts data for 10,000 activities (PGlite)',
  async run() {
    const bench = await startBenchServer();
    const { db } = bench.server.database;
    const clock = fixedClock(NOW);
    const medians = new Map<string, number>();
    try {
      for (let offset = 0; offset < ACTIVITIES; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => {
          const activity = syntheticActivity(bench.userId, offset + k);
          return {
            ...activity,
            trackFiguresAt: new Date(NOW),
            heartRateSecondsAtMost: histogram(activity.movingTime, 20 + ((offset + k) % 40)),
          };
        });
        await db.insertInto('activities').values(rows).execute();
        await insertSeededEfforts(db, bench.userId, rows, offset);
      }
      await bench.server.database.maintain();
      for (const period of CHART_PERIODS) {
        const times: number[] = [];
        for (let sample = 0; sample < SAMPLES + 3; sample += 1) {
          const started = performance.now();
          const charts = await getCharts({ db, clock, logger: bench.server.logger }, bench.userId, {
            period,
            type: 'all',
            timeZone: 'UTC',
          });
          const elapsed = performance.now() - started;
          if (!charts.hasActivities || !charts.buckets.some((bucket) => bucket.zones.some((zone) => zone > 0))) {
            throw new Error(`No charts or no heart-rate zones for ${period}`);
          }
          if (sample >= 3) {
            times.push(elapsed);
          }
        }
        medians.set(period, median(times));
      }
      const times: number[] = [];
      for (let sample = 0; sample < SAMPLES + 3; sample += 1) {
        const started = performance.now();
        const bests = await getPersonalBests({ db, clock, logger: bench.server.logger }, bench.userId, {
          distance: '5k',
        });
        const elapsed = performance.now() - started;
        if (bests.distances.find((distance) => distance.distanceId === '5k')?.efforts.length !== 3) {
          throw new Error('No 5K personal bests');
        }
        if (sample >= 3) {
          times.push(elapsed);
        }
      }
      medians.set('personal bests', median(times));
    } finally {
      await bench.close();
    }
    const slowest = Math.max(...medians.values());
    return {
      headers: ['data', 'median'],
      rows: [...medians].map(([period, value]) => [period, `${value.toFixed(1)} ms`]),
      checks: [
        {
          label: `Median server time of the slowest (period or personal bests) ≤ ${TARGET_MS} ms`,
          measured: `${slowest.toFixed(1)} ms`,
          passed: slowest <= TARGET_MS,
        },
      ],
      notes: [
        `${ACTIVITIES} activities of one runner over 3.5 years, ${SAMPLES} samples per period after 3 warm-ups, on-disk PGlite.`,
      ],
    };
  },
};
