/**
 * Evaluating the whole medal catalogue over 10,000 activities (and a year of wellbeing
 * entries) takes ≤ 50 ms — median of 20 runs after warm-up. Pure CPU, no server.
 */
import { MEDAL_CATALOGUE } from '../../core/medals/catalogue.ts';
import { evaluateMedals } from '../../core/medals/rules.ts';
import type { MedalActivity } from '../../core/medals/run-history.ts';
import type { WellbeingEntry } from '../../core/medals/wellbeing-streak.ts';
import { addDays } from '../../core/calendar-days.ts';
import type { Bench } from './bench.ts';
import { median } from './server-fixture.ts';

const ACTIVITIES = 10_000;
const WARM_UP = 5;
const SAMPLES = 20;
const TARGET_MS = 50;
const TODAY = '2024-12-31';

/** Deterministic pseudo-random numbers in [0, 1) (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

/**
 * About 1.5 activities a day for 18 years, given newest first the way the server lists them: mostly
 * runs (some rides and walks), mixed sources, any hour of the day, a few hours either side of UTC.
 */
function generateActivities(): MedalActivity[] {
  const next = random(42);
  const firstDay = addDays(TODAY, -Math.round(ACTIVITIES / 1.5));
  return Array.from({ length: ACTIVITIES }, (_, index) => {
    const day = addDays(firstDay, Math.floor(index / 1.5));
    const hour = Math.floor(next() * 24);
    const offsetHours = Math.floor(next() * 10) - 5;
    const local = `${day}T${String(hour).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}:00`;
    const distance = 2000 + next() * 20_000;
    const movingTime = distance / (2.5 + next() * 2);
    const roll = next();
    return {
      id: `activity-${index}`,
      type: roll < 0.8 ? 'run' : roll < 0.9 ? 'ride' : 'walk',
      source: roll < 0.5 ? 'upload' : roll < 0.98 ? 'strava' : 'placeholder',
      startDate: new Date(Date.parse(`${local}Z`) - offsetHours * 3_600_000).toISOString(),
      startDateLocal: local,
      distance,
      movingTime,
      hasTiming: true,
      elevationGain: next() * 400,
    };
  }).reverse();
}

function generateWellbeing(): WellbeingEntry[] {
  const next = random(7);
  return Array.from({ length: 365 }, (_, index) => ({
    date: addDays(TODAY, -index),
    exercises: [next() < 0.7 ? 'breathing' : '', next() < 0.6 ? 'stretching' : ''].filter(Boolean),
  }));
}

export const medalRulesBench: Bench = {
  name: 'Medal rules, whole catalogue over 10,000 activities',
  run() {
    const activities = generateActivities();
    const wellbeing = generateWellbeing();
    const input = { activities, wellbeing, today: TODAY, units: 'imperial' as const };
    const times: number[] = [];
    let earned = 0;
    for (let sample = 0; sample < WARM_UP + SAMPLES; sample += 1) {
      const started = performance.now();
      const results = evaluateMedals(input);
      const elapsed = performance.now() - started;
      const failed = results.filter((result) => result.error !== undefined);
      if (results.length !== MEDAL_CATALOGUE.length || failed.length > 0) {
        throw new Error(`Unexpected evaluation: ${results.length} results, ${failed.length} failed`);
      }
      earned = results.filter((result) => result.earned).length;
      if (sample >= WARM_UP) {
        times.push(elapsed);
      }
    }
    const middle = median(times);
    return Promise.resolve({
      headers: ['Measure', 'Median', 'Min', 'Max'],
      rows: [
        [
          'evaluateMedals',
          `${middle.toFixed(2)} ms`,
          `${Math.min(...times).toFixed(2)} ms`,
          `${Math.max(...times).toFixed(2)} ms`,
        ],
      ],
      checks: [
        {
          label: `Whole catalogue ≤ ${TARGET_MS} ms (median)`,
          measured: `${middle.toFixed(2)} ms`,
          passed: middle <= TARGET_MS,
        },
      ],
      notes: [
        `${ACTIVITIES.toLocaleString('en-US')} activities (80 % runs), 365 wellbeing entries, ${MEDAL_CATALOGUE.length} medals; ${earned} earned.`,
        `Median of ${SAMPLES} runs after ${WARM_UP} warm-up runs.`,
      ],
    });
  },
};
