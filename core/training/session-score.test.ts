import { describe, expect, it } from 'vitest';
import type { PlanTask } from './plan-generation.ts';
import { intervalTask } from './interval-run.test-support.ts';
import { QUALITY_WARM_UP_M } from './plan-templates.ts';
import {
  plannedText,
  repText,
  runForSession,
  type ScoreLap,
  scoreSession,
  scoreSummary,
  type ScoreTrack,
  type SessionScore,
} from './session-score.ts';
import { paceRange } from './workout-steps.ts';

// 6 × 800 m at 4:00/km: the range is 0.24 s/m ± 2.5 % of the speed (workout-steps.ts).
const task = intervalTask;
const range = paceRange(0.24);
const warmUpM = QUALITY_WARM_UP_M / 2;
const lap = (distanceM: number, seconds: number): ScoreLap => ({ distanceM, seconds, averageHeartrate: null });
/** Laps as a watch running the workout makes them: warm-up, rep and jog laps, cool-down. */
function workoutLaps(repPaces: readonly number[]): ScoreLap[] {
  return [
    lap(warmUpM, warmUpM * 0.36),
    ...repPaces.flatMap((pace) => [lap(800, 800 * pace), lap(560, 192)]),
    lap(warmUpM, warmUpM * 0.36),
  ];
}
const scored = (laps: readonly ScoreLap[], track: ScoreTrack | null = null, of: PlanTask = task()) => {
  const score = scoreSession(of, { laps, track });
  expect(score).not.toBeNull();
  return score!;
};
const summary = (score: SessionScore, units: 'metric' | 'imperial' = 'metric') => scoreSummary(score, units);

describe('a session scored from laps that line up with its steps', () => {
  it('says how many reps were on target, and how far off the one that was not', () => {
    // 6 s/km beyond the slow end of the range.
    const score = scored(workoutLaps([0.24, 0.24, 0.24, 0.24, 0.24, range.slowest + 0.006]));
    expect(score.source).toBe('laps');
    expect(summary(score)).toBe('5 of 6 reps on target, last one 6 s slow');
    expect(plannedText(score, 'metric')).toBe('6 × 800 m at 3:54–4:06/km');
    expect(repText(score, score.reps[5]!, 'metric')).toBe('Rep 6: 800 m in 3:22, 4:12/km, 6 s slow');
  });

  it('counts a rep exactly on either edge of the range as on target, and one just past it as 1 s off', () => {
    const edges = [range.slowest, range.fastest, range.slowest, range.fastest, 0.24, 0.24];
    expect(summary(scored(workoutLaps(edges)))).toBe('All 6 reps on target');
    const past = scored(workoutLaps([0.24, range.fastest - 0.0003, 0.24, 0.24, 0.24, 0.24]));
    expect(summary(past)).toBe('5 of 6 reps on target, rep 2 1 s fast');
  });

  it('groups several reps off target by how far off', () => {
    const score = scored(
      workoutLaps([range.fastest - 0.004, 0.24, 0.24, 0.24, range.slowest + 0.005, range.slowest + 0.009]),
    );
    expect(summary(score)).toBe('3 of 6 reps on target, 2 slow by up to 9 s and 1 fast by 4 s');
    // Per mile for a runner in miles: 9 s/km is 14.5 s/mi.
    expect(summary(score, 'imperial')).toBe('3 of 6 reps on target, 2 slow by up to 14 s and 1 fast by 6 s');
  });

  it('says how many reps were run when the laps end early', () => {
    const laps = workoutLaps([0.24, 0.24, 0.24, 0.24, range.slowest + 0.006]);
    expect(summary(scored(laps))).toBe('5 of 6 reps run, 4 on target, last one 6 s slow');
    const four = workoutLaps([0.24, 0.24, 0.24, 0.24]);
    expect(summary(scored(four))).toBe('4 of 6 reps run, all on target');
  });

  it('skips warm-up laps up to the warm-up distance, even one as long as a rep', () => {
    const laps = [lap(800, 300), lap(800, 300), ...workoutLaps([0.24, 0.24, 0.24, 0.24, 0.24, 0.24]).slice(1)];
    const score = scored(laps);
    expect(score.reps.map((rep) => rep.seconds)).toEqual([192, 192, 192, 192, 192, 192]);
    expect(summary(score)).toBe('All 6 reps on target');
  });

  it('scores a single effort as one', () => {
    const tempo = task({ kind: 'tempo', reps: null, repDistanceM: null, effortM: 6000, paceSPerM: 0.27 });
    const slow = paceRange(0.27).slowest + 0.006;
    const score = scored([lap(warmUpM, 540), lap(6000, 6000 * slow), lap(warmUpM, 540)], null, tempo);
    expect(summary(score)).toBe('Effort 6 s slow');
    expect(plannedText(score, 'metric')).toBe('6 km at 4:23–4:37/km');
  });
});

/** A 1 Hz track run at the given paces for the given distances, one after another. */
function trackOf(parts: readonly { metres: number; pace: number }[]): ScoreTrack {
  const time: number[] = [0];
  const distance: number[] = [0];
  let at = 0;
  let seconds = 0;
  for (const part of parts) {
    const end = at + part.metres;
    while (at < end - 1e-9) {
      const step = Math.min(1 / part.pace, end - at);
      seconds += step * part.pace;
      at += step;
      time.push(seconds * 1000);
      distance.push(at);
    }
  }
  return { time: Float64Array.from(time), distance: Float64Array.from(distance) };
}
const jog = { metres: 192 / 0.36, pace: 0.36 };
const session = (repPaces: readonly number[]) =>
  trackOf([
    { metres: warmUpM, pace: 0.36 },
    ...repPaces.flatMap((pace) => [{ metres: 800, pace }, jog]),
    { metres: warmUpM, pace: 0.36 },
  ]);

describe('a session scored from the track when the laps do not line up', () => {
  it('finds the reps as the fastest stretches of their distance', () => {
    const autoLaps = [lap(1000, 360), lap(1000, 300), lap(1000, 290)];
    const score = scored(autoLaps, session([0.24, 0.24, 0.24, 0.24, 0.24, range.slowest + 0.006]));
    expect(score.source).toBe('track');
    expect(score.reps.map((rep) => rep.seconds.toFixed(1))).toEqual([
      '192.0',
      '192.0',
      '192.0',
      '192.0',
      '192.0',
      (800 * (range.slowest + 0.006)).toFixed(1),
    ]);
    expect(summary(score)).toBe('5 of 6 reps on target, last one 6 s slow');
  });

  it('counts only stretches near the pace as reps', () => {
    const score = scored([lap(9000, 3000)], session([0.24, 0.24, 0.24, 0.24]));
    expect(summary(score)).toBe('4 of 6 reps run, all on target');
  });

  it('has no score from one lap without a track, nor for an easy run', () => {
    expect(scoreSession(task(), { laps: [lap(9000, 3000)], track: null })).toBeNull();
    const easy = task({ kind: 'easy', reps: null, repDistanceM: null, distanceM: 8000, paceSPerM: 0.36 });
    expect(scoreSession(easy, { laps: [lap(8000, 2880)], track: session([]) })).toBeNull();
  });
});

describe('the run a ticked session is scored from', () => {
  it('is the day’s run whose laps line up with the steps, even when another is nearer the distance', () => {
    const intervals = { id: 'intervals', distanceM: 10_500, laps: workoutLaps([0.24, 0.24, 0.24, 0.24, 0.24, 0.24]) };
    const race = { id: 'race', distanceM: 5500, laps: [lap(5500, 1200)] };
    const easy = { id: 'easy', distanceM: 7000, laps: [lap(7000, 2520)] };
    // 7.8 km asked: the 7 km easy run is nearer than the 10.5 km session, whose laps line up.
    expect(runForSession(task(), [race, easy, intervals])?.id).toBe('intervals');
    // Without laps that line up, the nearest its distance.
    expect(runForSession(task(), [race, easy])?.id).toBe('easy');
  });
});
