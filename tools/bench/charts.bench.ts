/**
 * The Charts page's data for a runner with 10,000 activities, on PGlite: median ≤ 150 ms server time
 * for every period (the service call: the SQL sums of this period and last year's, and the load
 * lines from per-activity figures).
 */
import { REAL_CLOCK, type Clock } from '../../server/clock.ts';
import { getCharts } from '../../server/services/charts-service.ts';
import { CHART_PERIODS } from '../../core/charts/chart-periods.ts';
import { syntheticActivity } from './activity-list.bench.ts';
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
    const clock: Clock = { now: () => NOW, sleep: (ms, signal) => REAL_CLOCK.sleep(ms, signal) };
    const medians = new Map<string, number>();
    try {
      for (let offset = 0; offset < ACTIVITIES; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => syntheticActivity(bench.userId, offset + k));
        await db.insertInto('activities').values(rows).execute();
      }
      await bench.server.database.maintain();
      for (const period of CHART_PERIODS) {
        const times: number[] = [];
        for (let sample = 0; sample < SAMPLES + 3; sample += 1) {
          const started = performance.now();
          const charts = await getCharts({ db, clock }, bench.userId, { period, type: 'all', timeZone: 'UTC' });
          const elapsed = performance.now() - started;
          if (!charts.hasActivities || charts.buckets.length === 0) {
            throw new Error(`No charts for ${period}`);
          }
          if (sample >= 3) {
            times.push(elapsed);
          }
        }
        medians.set(period, median(times));
      }
    } finally {
      await bench.close();
    }
    const slowest = Math.max(...medians.values());
    return {
      headers: ['period', 'median'],
      rows: [...medians].map(([period, value]) => [period, `${value.toFixed(1)} ms`]),
      checks: [
        {
          label: `Median server time of the slowest period ≤ ${TARGET_MS} ms`,
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
