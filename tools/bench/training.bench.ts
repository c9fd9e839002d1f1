/**
 * Goals & Training: generating a marathon plan (pure core, median ≤ 50 ms), scoring an interval
 * session from an hour's 1 Hz track (pure core, median ≤ 20 ms) and the Training page's data — its
 * goals with progress, its plans, the open plan's calendar and today's tasks — for a runner with
 * 10,000 activities, four goals and a 20-week marathon plan (two base weeks, then the 18-week
 * template) ten weeks in, on PGlite (the four reads together, median ≤ 150 ms of server time), and
 * beside them the plan's session scores (its ticked sessions' runs have no laps or track to score).
 */
import pino from 'pino';
import { generatePlan } from '../../core/training/plan-generation.ts';
import { intervalTask } from '../../core/training/interval-run.test-support.ts';
import { scoreSession } from '../../core/training/session-score.ts';
import { fixedClock } from '../../server/test-support/clock.ts';
import { createGoal, listGoals } from '../../server/services/goal-service.ts';
import { planSessionScores } from '../../server/services/session-scores.ts';
import { createPlan } from '../../server/services/plan-making.ts';
import { getPlan, listPlans, setTask, todayTasks } from '../../server/services/training-plan-service.ts';
import { syntheticActivity } from './activity-list.bench.ts';
import type { Bench } from './bench.ts';
import { median, startBenchServer } from './server-fixture.ts';

const ACTIVITIES = 10_000;
const SAMPLES = 30;
const PLAN_TARGET_MS = 50;
const PAGE_TARGET_MS = 150;
const SCORE_TARGET_MS = 20;
/** The synthetic activities run every 3 hours from 1 January 2020: "now" is just after the last. */
const NOW = Date.UTC(2023, 5, 30, 12, 0, 0);
const WEEK_MS = 7 * 86_400_000;
const ZONE = 'UTC';

function time<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

async function timeAsync<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

/** 6 × 800 m at 4:00/km with equal-time jogs, between a 1.5 km warm-up and an easy run to the hour. */
const INTERVALS = intervalTask();
function intervalTrack() {
  const parts: [number, number][] = [[1500, 0.36]];
  for (let rep = 0; rep < 6; rep += 1) {
    parts.push([800, 0.24], [192 / 0.36, 0.36]);
  }
  parts.push([8000, 0.36]);
  const time: number[] = [];
  const distance: number[] = [];
  let metres = 0;
  for (const [partM, pace] of parts) {
    for (let second = 0; second < Math.round(partM * pace); second += 1) {
      metres += 1 / pace;
      time.push(time.length * 1000);
      distance.push(metres);
    }
  }
  return { time: Float64Array.from(time), distance: Float64Array.from(distance) };
}

export const trainingBench: Bench = {
  name: 'Goals & Training: marathon plan generation, Training page data for 10,000 activities (PGlite)',
  id: 'training',
  async run() {
    const generation: number[] = [];
    for (let sample = 0; sample < 200; sample += 1) {
      const [plan, elapsed] = time(() =>
        generatePlan({
          race: 'marathon',
          level: 'advanced',
          runsPerWeek: 6,
          longRunDay: 0,
          raceDate: '2027-04-25',
          today: '2026-12-01',
          targetTimeS: 3 * 3600 + 30 * 60,
        }),
      );
      if (!plan.ok) {
        throw new Error(plan.message);
      }
      generation.push(elapsed);
    }
    // Auto-laps every kilometre do not line up with the steps: the reps are found along the track.
    const track = intervalTrack();
    const autoLaps = [{ distanceM: 1000, seconds: 360, averageHeartrate: null }];
    const scoring: number[] = [];
    for (let sample = 0; sample < 53; sample += 1) {
      const [score, elapsed] = time(() => scoreSession(INTERVALS, { laps: autoLaps, track }));
      if (score?.source !== 'track' || score.reps.length !== 6) {
        throw new Error('The interval session was not scored from its track');
      }
      if (sample >= 3) {
        scoring.push(elapsed);
      }
    }

    const bench = await startBenchServer();
    const { db } = bench.server.database;
    const clock = fixedClock(NOW - 10 * WEEK_MS);
    const context = { db, clock, logger: pino({ level: 'silent' }) };
    const reads = new Map<string, number[]>([
      ['goals', []],
      ['plans', []],
      ['plan calendar', []],
      ['today', []],
      ['all four', []],
      ['session scores', []],
    ]);
    try {
      for (let offset = 0; offset < ACTIVITIES; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => ({
          ...syntheticActivity(bench.userId, offset + k),
          planMatchedAt: new Date(NOW),
        }));
        await db.insertInto('activities').values(rows).execute();
      }
      await bench.server.database.maintain();
      const race = await createGoal(context, bench.userId, {
        goal: {
          kind: 'race',
          title: 'Autumn marathon',
          startDate: '2023-04-21',
          endDate: '2023-09-07',
          raceDistanceM: 42_195,
          targetTimeS: 12_600,
        },
        timeZone: ZONE,
      });
      const goals = [
        { kind: 'distance', title: '', startDate: '2023-01-01', endDate: '2023-12-31', targetDistanceM: 2_000_000 },
        { kind: 'frequency', title: '', startDate: '2023-03-01', endDate: '2023-09-30', runsPerWeek: 4 },
        { kind: 'streak', title: '', startDate: '2023-04-21', endDate: '2023-12-31', targetDays: 100 },
      ] as const;
      for (const goal of goals) {
        await createGoal(context, bench.userId, { goal: { ...goal }, timeZone: ZONE });
      }
      const plan = await createPlan(context, bench.userId, {
        request: { goalId: race.id, level: 'advanced', runsPerWeek: 6, longRunDay: 0 },
        timeZone: ZONE,
      });
      // Ten weeks in, every past task but a few ticked.
      clock.set(NOW);
      const days = plan.calendar.flatMap((week) => week.days).filter((day) => day.date < '2023-06-30');
      for (const [index, day] of days.entries()) {
        for (const { task } of day.tasks) {
          if (task.kind !== 'rest' && index % 9 !== 0) {
            await setTask(context, bench.userId, {
              id: plan.id,
              toggle: { date: day.date, taskId: task.id, completed: true },
            });
          }
        }
      }
      for (let sample = 0; sample < SAMPLES + 3; sample += 1) {
        const [, goalsMs] = await timeAsync(() => listGoals(context, bench.userId));
        const [, plansMs] = await timeAsync(() => listPlans(context, bench.userId, {}));
        const [view, planMs] = await timeAsync(() => getPlan(context, bench.userId, plan.id));
        const [, todayMs] = await timeAsync(() => todayTasks(context, bench.userId, ZONE));
        const [, scoresMs] = await timeAsync(() => planSessionScores(context, bench.userId, plan.id));
        if (view.adherence === null || view.adherence >= 100) {
          throw new Error(`Unexpected adherence ${view.adherence}`);
        }
        if (sample >= 3) {
          reads.get('goals')?.push(goalsMs);
          reads.get('plans')?.push(plansMs);
          reads.get('plan calendar')?.push(planMs);
          reads.get('today')?.push(todayMs);
          reads.get('all four')?.push(goalsMs + plansMs + planMs + todayMs);
          reads.get('session scores')?.push(scoresMs);
        }
      }
    } finally {
      await bench.close();
    }
    const generationMs = median(generation);
    const pageMs = median(reads.get('all four') ?? []);
    const scoringMs = median(scoring);
    return {
      headers: ['measure', 'median'],
      rows: [
        ['marathon plan generation (20 weeks, 6 runs a week)', `${generationMs.toFixed(2)} ms`],
        [`6 × 800 m scored from an hour's 1 Hz track (${track.time.length} samples)`, `${scoringMs.toFixed(2)} ms`],
        ...[...reads].map(([name, values]) => [`Training page: ${name}`, `${median(values).toFixed(1)} ms`]),
      ],
      checks: [
        {
          label: `Marathon plan generation ≤ ${PLAN_TARGET_MS} ms`,
          measured: `${generationMs.toFixed(2)} ms`,
          passed: generationMs <= PLAN_TARGET_MS,
        },
        {
          label: `Interval session scored from its track ≤ ${SCORE_TARGET_MS} ms`,
          measured: `${scoringMs.toFixed(2)} ms`,
          passed: scoringMs <= SCORE_TARGET_MS,
        },
        {
          label: `Training page data (goals, plans, plan calendar, today; one after another) ≤ ${PAGE_TARGET_MS} ms`,
          measured: `${pageMs.toFixed(1)} ms`,
          passed: pageMs <= PAGE_TARGET_MS,
        },
      ],
      notes: [
        `${ACTIVITIES} activities over 3.5 years, four goals (one spanning the whole year), a 20-week plan ten weeks in with its past days ticked; ${SAMPLES} samples after 3 warm-ups, on-disk PGlite.`,
      ],
    };
  },
};
