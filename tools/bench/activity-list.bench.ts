/**
 * Page 1 of the activities list of a runner with 10,000 activities, on PGlite:
 * median ≤ 20 ms server time. Measured both inside the server (the service call) and over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { listActivities } from '../../server/services/activity-reads.ts';
import type { NewActivityRow } from '../../server/db/schema.ts';
import type { Bench } from './bench.ts';
import { median, startBenchServer } from './server-fixture.ts';

const ACTIVITIES = 10_000;
const SAMPLES = 50;
const TARGET_MS = 20;

export function syntheticActivity(userId: string, index: number): NewActivityRow {
  const start = new Date(Date.UTC(2020, 0, 1) + index * 3 * 3600_000);
  return {
    id: randomUUID(),
    userId,
    name: `Run ${index + 1}`,
    type: index % 10 === 0 ? 'ride' : 'run',
    source: 'upload',
    startDate: start,
    startDateLocal: start.toISOString().slice(0, 19),
    timezone: 'UTC',
    distance: 5000 + (index % 50) * 200,
    movingTime: 1500 + (index % 50) * 60,
    elapsedTime: 1600 + (index % 50) * 60,
    elevationGain: 40 + (index % 30),
    averageSpeed: 3.2,
    maxSpeed: 4.5,
    averageHeartrate: 150,
    maxHeartrate: 175,
    averageCadence: 172,
    calories: null,
    startLat: 46.05,
    startLng: 14.5,
    endLat: 46.05,
    endLng: 14.5,
    deviceName: null,
    sportLabel: null,
    laps: '[]',
    splitsMetric: '[]',
    splitsStandard: '[]',
    originalFilename: `run-${index + 1}.gpx`,
    fileSize: 100_000,
    fileType: 'gpx',
    fileSha256: null,
    uploadedAt: start,
  };
}

export const activityListBench: Bench = {
  name: 'Activities list, page 1 of 10,000 (PGlite)',
  async run() {
    const bench = await startBenchServer();
    const { db } = bench.server.database;
    const service: number[] = [];
    const http: number[] = [];
    try {
      for (let offset = 0; offset < ACTIVITIES; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => syntheticActivity(bench.userId, offset + k));
        await db.insertInto('activities').values(rows).execute();
      }
      // What the server's periodic maintenance does on PGlite (no autovacuum there).
      await bench.server.database.maintain();
      for (let sample = 0; sample < SAMPLES + 5; sample += 1) {
        const started = performance.now();
        const page = await listActivities(db, bench.userId, {});
        const elapsed = performance.now() - started;
        if (page.total !== ACTIVITIES || page.items.length !== 50) {
          throw new Error(`Unexpected page: ${page.total} total, ${page.items.length} items`);
        }
        if (sample >= 5) {
          service.push(elapsed);
        }
      }
      for (let sample = 0; sample < SAMPLES + 5; sample += 1) {
        const started = performance.now();
        const response = await fetch(`${bench.server.url}/api/activities`, { headers: { cookie: bench.cookie } });
        await response.json();
        const elapsed = performance.now() - started;
        if (sample >= 5) {
          http.push(elapsed);
        }
      }
    } finally {
      await bench.close();
    }
    const serviceMedian = median(service);
    const httpMedian = median(http);
    return {
      headers: ['measured', 'median', 'p95'],
      rows: [
        [
          'service (query + count + mapping)',
          `${serviceMedian.toFixed(1)} ms`,
          `${[...service].sort((a, b) => a - b)[Math.floor(SAMPLES * 0.95)]?.toFixed(1)} ms`,
        ],
        [
          'HTTP round trip (incl. session check)',
          `${httpMedian.toFixed(1)} ms`,
          `${[...http].sort((a, b) => a - b)[Math.floor(SAMPLES * 0.95)]?.toFixed(1)} ms`,
        ],
      ],
      checks: [
        {
          label: `Median server time of page 1 ≤ ${TARGET_MS} ms`,
          measured: `${serviceMedian.toFixed(1)} ms`,
          passed: serviceMedian <= TARGET_MS,
        },
      ],
      notes: [
        `${ACTIVITIES} activities of one runner, ${SAMPLES} samples after 5 warm-ups, on-disk PGlite, planner statistics refreshed as the server's maintenance does.`,
      ],
    };
  },
};
