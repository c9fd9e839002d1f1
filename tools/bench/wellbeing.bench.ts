/**
 * The Wellbeing section's and the dashboard's reads for a runner with 10,000 activities and three
 * years of daily check-ins and exercises, on PGlite: the overview (today's latest check-in, the
 * 30-day trend, the streaks) and the readiness (today's score and the 7:28-day load) each take a
 * median ≤ 150 ms server time, the Training page's target. The readiness is measured as the
 * dashboard reads it (from the per-runner read cache after the first) and with the cache dropped
 * before each sample (the stored loads' own read).
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../core/profile.ts';
import { wellbeingScore } from '../../core/wellbeing/check-in.ts';
import { syntheticActivity } from './activity-list.bench.ts';
import type { Bench } from './bench.ts';
import { median, startBenchServer } from './server-fixture.ts';

const ACTIVITIES = 10_000;
const DAYS = 3 * 365;
const SAMPLES = 30;
const TARGET_MS = 150;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const wellbeingBench: Bench = {
  name: 'Wellbeing overview and readiness for 10,000 activities and 3 years of check-ins (PGlite)',
  id: 'wellbeing',
  async run() {
    const bench = await startBenchServer();
    const { db } = bench.server.database;
    const { wellbeing } = bench.server.services;
    // The data ends now (the server runs on the real clock): an activity every 3 hours back from now.
    const now = Date.now();
    const medians = new Map<string, number>();
    try {
      for (let offset = 0; offset < ACTIVITIES; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => {
          const start = new Date(now - (offset + k + 1) * 3 * HOUR);
          return {
            ...syntheticActivity(bench.userId, offset + k),
            startDate: start,
            startDateLocal: start.toISOString().slice(0, 19),
          };
        });
        await db.insertInto('activities').values(rows).execute();
      }
      const days = Array.from({ length: DAYS }, (_, index) => new Date(now - index * DAY));
      const answers = { ...DEFAULT_WELLBEING_PREFERENCES };
      await db
        .insertInto('coachingCheckIns')
        .values(
          days.map((day) => ({
            id: randomUUID(),
            userId: bench.userId,
            ...answers,
            wellbeingScore: wellbeingScore(answers),
            date: day.toISOString().slice(0, 10),
            timestamp: day.getTime() - 60_000,
            note: null,
            createdAt: day,
          })),
        )
        .execute();
      await db
        .insertInto('wellbeingEntries')
        .values(
          days.map((day) => ({
            userId: bench.userId,
            date: day.toISOString().slice(0, 10),
            exercises: ['breathing', 'stretching'],
            updatedAt: day,
          })),
        )
        .execute();
      await bench.server.database.maintain();
      const measure = async (label: string, read: () => Promise<boolean>, before?: () => Promise<void>) => {
        const times: number[] = [];
        for (let sample = 0; sample < SAMPLES + 3; sample += 1) {
          await before?.();
          const started = performance.now();
          const ok = await read();
          const elapsed = performance.now() - started;
          if (!ok) {
            throw new Error(`${label}: unexpected answer`);
          }
          if (sample >= 3) {
            times.push(elapsed);
          }
        }
        medians.set(label, median(times));
      };
      await measure('overview', async () => {
        const overview = await wellbeing.overview(bench.userId, { timeZone: 'UTC' });
        return overview.checkIn !== null && overview.streaks.breathing === DAYS;
      });
      await measure('readiness', async () => {
        const view = await wellbeing.readiness(bench.userId, { timeZone: 'UTC' });
        return view.score !== null && view.ratio !== null;
      });
      // The same with the runner's cached answers dropped before each sample: the stored loads' read.
      await measure(
        'readiness, not cached',
        async () => {
          const view = await wellbeing.readiness(bench.userId, { timeZone: 'UTC' });
          return view.score !== null && view.ratio !== null;
        },
        () => bench.server.services.readCache.invalidateUser(bench.userId),
      );
    } finally {
      await bench.close();
    }
    const slowest = Math.max(...medians.values());
    return {
      headers: ['read', 'median'],
      rows: [...medians].map(([label, value]) => [label, `${value.toFixed(1)} ms`]),
      checks: [
        {
          label: `Median server time of the slower read ≤ ${TARGET_MS} ms`,
          measured: `${slowest.toFixed(1)} ms`,
          passed: slowest <= TARGET_MS,
        },
      ],
      notes: [
        `${ACTIVITIES} activities over 3.4 years and ${DAYS} daily check-ins and entries of one runner, ${SAMPLES} samples after 3 warm-ups, on-disk PGlite.`,
      ],
    };
  },
};
