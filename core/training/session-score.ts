/**
 * Done against asked: a run matched to a structured plan session (intervals, repetitions, tempo,
 * marathon pace) scored against the session's steps (workout-steps.ts), each work rep's pace
 * against its step's pace range.
 *
 * Which stretches of the run are the work reps:
 * - The laps, when they line up with the steps. The laps before the first work lap are the
 *   warm-up: together at least the warm-up's distance less LAP_TOLERANCE. The first work lap is the
 *   first lap after them whose distance is within LAP_TOLERANCE of the rep's; each next rep is the
 *   lap after the recovery lap that follows (every other lap; the next lap when the steps have no
 *   recovery), while its distance is within LAP_TOLERANCE of the rep's. The first lap that is not
 *   ends the reps: those left were not run. The laps line up when they give at least one work lap.
 * - Else the track (laps every kilometre, or one lap for the whole run): the reps are the fastest
 *   stretches of the rep's distance along the samples, taken fastest first, none overlapping
 *   another, then put in the order they were run. A stretch more than NOT_A_REP slower than the
 *   range's slow end is easy running, not a rep: there are fewer reps run than asked.
 * - Neither (one lap and no track, as a run typed in by hand): no score.
 *
 * The run a ticked session is scored from: of the runs of its day, those whose laps line up with its
 * steps come first; among them (or among all, when none does) the one nearest its distance
 * (plan-progress.ts runForTask). A 5K raced the afternoon of an interval session does not take the
 * intervals' place.
 *
 * A rep is on target when its pace (its distance over its time) is within the range, edges
 * included. Otherwise it is slow or fast by its distance from the nearer edge, in seconds per
 * kilometre or per mile (the runner's units), rounded to a whole second and at least 1.
 */
import { formatDuration, formatPacePerMetre } from '../format.ts';
import type { UnitSystem } from '../unit-system.ts';
import { distanceUnitLabel, metresPerUnit } from '../units.ts';
import { formatGoalDistance } from './goal-progress.ts';
import type { PlanTask } from './plan-generation.ts';
import { runForTask } from './plan-progress.ts';
import { type PaceRange, paceRangeText, type RunStep, type WorkoutStep, workoutSteps } from './workout-steps.ts';

/** How far a lap's distance may be from the rep's and still be the rep: a watch's GPS drift on 400 m. */
export const LAP_TOLERANCE = 0.1;
/** A stretch of the track this much slower than the range's slow end is not a rep. */
export const NOT_A_REP = 0.15;

/** The session kinds that are scored: those with a warm-up, work at a pace, and a cool-down. */
export const SCORED_KINDS: ReadonlySet<PlanTask['kind']> = new Set([
  'intervals',
  'repetition',
  'tempo',
  'marathon-pace',
]);

/** A lap as Stride shows it: its distance and moving time. */
export interface ScoreLap {
  distanceM: number;
  seconds: number;
  averageHeartrate: number | null;
}
/** The samples of a track: milliseconds and cumulative metres, NaN where a sample has none. */
export interface ScoreTrack {
  time: ArrayLike<number>;
  distance: ArrayLike<number>;
  heartRate?: ArrayLike<number>;
}

export interface RepScore {
  /** 1-based, in the order run. */
  rep: number;
  distanceM: number;
  seconds: number;
  paceSPerM: number;
  /** Seconds per metre beyond the range: positive slow, negative fast, 0 on target. */
  offSPerM: number;
  averageHeartrate: number | null;
}

export interface SessionScore {
  source: 'laps' | 'track';
  /** Reps asked. */
  planned: number;
  repDistanceM: number;
  target: PaceRange;
  /** The reps run, in order. */
  reps: RepScore[];
}

interface Session {
  warmUpM: number;
  repDistanceM: number;
  target: PaceRange;
  planned: number;
  /** Laps from one work lap to the next. */
  lapStride: number;
}

/** The work the steps ask for, or null when they have no repeated or single work at a pace. */
function sessionOf(steps: readonly WorkoutStep[]): Session | null {
  let warmUpM = 0;
  for (const step of steps) {
    if (step.type === 'repeat') {
      const work = step.steps.find((inner) => inner.intensity === 'active');
      return workOf(work, warmUpM, step.times, step.steps.length);
    }
    if (step.intensity === 'active') {
      return workOf(step, warmUpM, 1, 1);
    }
    warmUpM += 'distanceM' in step.end ? step.end.distanceM : 0;
  }
  return null;
}

function workOf(work: RunStep | undefined, warmUpM: number, planned: number, lapStride: number): Session | null {
  if (!work || work.pace === null || !('distanceM' in work.end)) {
    return null;
  }
  return { warmUpM, repDistanceM: work.end.distanceM, target: work.pace, planned, lapStride };
}

const within = (distanceM: number, repM: number) => Math.abs(distanceM - repM) <= repM * LAP_TOLERANCE;

/** A rep against the range, compared as times over its distance: the edges are its times at the range's ends. */
function repOf(rep: number, distanceM: number, seconds: number, heartRate: number | null, target: PaceRange): RepScore {
  const slowestS = distanceM * target.slowest;
  const fastestS = distanceM * target.fastest;
  const offS = seconds > slowestS ? seconds - slowestS : seconds < fastestS ? seconds - fastestS : 0;
  return {
    rep,
    distanceM,
    seconds,
    paceSPerM: seconds / distanceM,
    offSPerM: offS / distanceM,
    averageHeartrate: heartRate,
  };
}

/** The work laps (see the module rules), or null when the laps do not line up. */
function repsFromLaps(laps: readonly ScoreLap[], session: Session): RepScore[] | null {
  let before = 0;
  let first = -1;
  for (const [index, lap] of laps.entries()) {
    if (before >= session.warmUpM * (1 - LAP_TOLERANCE) && within(lap.distanceM, session.repDistanceM)) {
      first = index;
      break;
    }
    before += lap.distanceM;
  }
  if (first === -1) {
    return null;
  }
  const reps: RepScore[] = [];
  for (let rep = 0; rep < session.planned; rep += 1) {
    const lap = laps[first + rep * session.lapStride];
    if (!lap || !within(lap.distanceM, session.repDistanceM) || !(lap.seconds > 0)) {
      break;
    }
    reps.push(repOf(rep + 1, lap.distanceM, lap.seconds, lap.averageHeartrate, session.target));
  }
  return reps;
}

/** The samples with both a time and a distance, in order. */
function samplesOf(track: ScoreTrack): { t: number[]; d: number[]; hr: number[] } {
  const t: number[] = [];
  const d: number[] = [];
  const hr: number[] = [];
  for (let index = 0; index < track.time.length; index += 1) {
    const time = track.time[index]!;
    const distance = track.distance[index]!;
    if (Number.isFinite(time) && Number.isFinite(distance) && (d.length === 0 || distance >= d.at(-1)!)) {
      t.push(time);
      d.push(distance);
      hr.push(track.heartRate?.[index] ?? Number.NaN);
    }
  }
  return { t, d, hr };
}

/** The fastest stretches of the rep's distance (see the module rules), in the order run. */
function repsFromTrack(track: ScoreTrack, session: Session): RepScore[] {
  const { t, d, hr } = samplesOf(track);
  const length = session.repDistanceM;
  const slowestS = length * session.target.slowest * (1 + NOT_A_REP);
  const taken: { from: number; to: number; seconds: number; startIndex: number; endIndex: number }[] = [];
  for (let rep = 0; rep < session.planned; rep += 1) {
    let best: (typeof taken)[number] | null = null;
    let end = 0;
    for (let start = 0; start < d.length; start += 1) {
      const from = d[start]!;
      const to = from + length;
      while (end < d.length && d[end]! < to) {
        end += 1;
      }
      if (end >= d.length) {
        break;
      }
      if (taken.some((stretch) => from < stretch.to && to > stretch.from)) {
        continue;
      }
      // The time the stretch's end was passed, between the samples either side of it.
      const share = d[end]! > d[end - 1]! ? (to - d[end - 1]!) / (d[end]! - d[end - 1]!) : 1;
      const seconds = (t[end - 1]! + share * (t[end]! - t[end - 1]!) - t[start]!) / 1000;
      if (seconds > 0 && (best === null || seconds < best.seconds)) {
        best = { from, to, seconds, startIndex: start, endIndex: end };
      }
    }
    if (best === null || best.seconds > slowestS) {
      break;
    }
    taken.push(best);
  }
  return taken
    .sort((a, b) => a.from - b.from)
    .map((stretch, index) => {
      const beats = hr.slice(stretch.startIndex, stretch.endIndex + 1).filter(Number.isFinite);
      const heartRate = beats.length > 0 ? beats.reduce((sum, beat) => sum + beat, 0) / beats.length : null;
      return repOf(index + 1, length, stretch.seconds, heartRate, session.target);
    });
}

/** The session's score from the run's laps, or its track when they do not line up; null when neither tells. */
export function scoreSession(
  task: PlanTask,
  run: { laps: readonly ScoreLap[]; track: ScoreTrack | null },
): SessionScore | null {
  const steps = SCORED_KINDS.has(task.kind) ? workoutSteps(task) : null;
  const session = steps && sessionOf(steps);
  if (!session) {
    return null;
  }
  const base = { planned: session.planned, repDistanceM: session.repDistanceM, target: session.target };
  const fromLaps = repsFromLaps(run.laps, session);
  if (fromLaps) {
    return { source: 'laps', ...base, reps: fromLaps };
  }
  return run.track ? { source: 'track', ...base, reps: repsFromTrack(run.track, session) } : null;
}

/** Whole seconds per km or mile a rep is off by, at least 1 when it is off at all. */
export function offSeconds(offSPerM: number, units: UnitSystem): number {
  return offSPerM === 0 ? 0 : Math.max(1, Math.round(Math.abs(offSPerM) * metresPerUnit(units)));
}

const offWords = (offSPerM: number, units: UnitSystem) =>
  `${offSeconds(offSPerM, units)} s ${offSPerM > 0 ? 'slow' : 'fast'}`;

/** "2 slow by up to 9 s", "1 fast by 4 s". */
function groupWords(reps: readonly RepScore[], direction: 'slow' | 'fast', units: UnitSystem): string | null {
  if (reps.length === 0) {
    return null;
  }
  const most = Math.max(...reps.map((rep) => offSeconds(rep.offSPerM, units)));
  return `${reps.length} ${direction} by ${reps.length === 1 ? '' : 'up to '}${most} s`;
}

/** The reps off target: "last one 6 s slow", "rep 3 4 s fast", "2 slow by up to 9 s and 1 fast by 4 s". */
function offTargetWords(score: SessionScore, units: UnitSystem): string {
  const off = score.reps.filter((rep) => rep.offSPerM !== 0);
  if (off.length === 1) {
    const rep = off[0]!;
    const which =
      score.reps.length > 1 && rep.rep === score.reps.length
        ? 'last one'
        : score.reps.length > 1 && rep.rep === 1
          ? 'first one'
          : `rep ${rep.rep}`;
    return `${which} ${offWords(rep.offSPerM, units)}`;
  }
  const slow = groupWords(
    off.filter((rep) => rep.offSPerM > 0),
    'slow',
    units,
  );
  const fast = groupWords(
    off.filter((rep) => rep.offSPerM < 0),
    'fast',
    units,
  );
  return [slow, fast].filter((words) => words !== null).join(' and ');
}

/**
 * The score in a sentence: "All 6 reps on target", "5 of 6 reps on target, last one 6 s slow",
 * "4 of 6 reps run, all on target"; a single effort: "Effort on target", "Effort 6 s slow".
 */
export function scoreSummary(score: SessionScore, units: UnitSystem): string {
  const run = score.reps.length;
  const onTarget = score.reps.filter((rep) => rep.offSPerM === 0).length;
  if (score.planned === 1) {
    const effort = score.reps[0];
    return effort === undefined
      ? 'Effort not run'
      : `Effort ${effort.offSPerM === 0 ? 'on target' : offWords(effort.offSPerM, units)}`;
  }
  if (run === score.planned) {
    return onTarget === run
      ? `All ${run} reps on target`
      : `${onTarget} of ${run} reps on target, ${offTargetWords(score, units)}`;
  }
  const ran = `${run} of ${score.planned} reps run`;
  if (run === 0) {
    return ran;
  }
  return onTarget === run ? `${ran}, all on target` : `${ran}, ${onTarget} on target, ${offTargetWords(score, units)}`;
}

/** What was asked: "6 × 800 m at 3:54–4:06/km", "6 km at 4:17–4:30/km". */
export function plannedText(score: SessionScore, units: UnitSystem): string {
  const range = paceRangeText(score.target, units);
  return score.planned === 1
    ? `${formatGoalDistance(score.repDistanceM, units)} ${distanceUnitLabel(units)} at ${range}`
    : `${score.planned} × ${score.repDistanceM} m at ${range}`;
}

/** One rep's line: "Rep 6: 800 m in 3:17, 4:06/km, 6 s slow"; a single effort: "Effort: 6 km in …". */
export function repText(score: SessionScore, rep: RepScore, units: UnitSystem): string {
  const name = score.planned === 1 ? 'Effort' : `Rep ${rep.rep}`;
  const distance =
    score.planned === 1
      ? `${formatGoalDistance(rep.distanceM, units)} ${distanceUnitLabel(units)}`
      : `${Math.round(rep.distanceM)} m`;
  const verdict = rep.offSPerM === 0 ? 'on target' : offWords(rep.offSPerM, units);
  const heart = rep.averageHeartrate === null ? '' : `, ${Math.round(rep.averageHeartrate)} bpm`;
  return `${name}: ${distance} in ${formatDuration(rep.seconds)}, ${formatPacePerMetre(rep.paceSPerM, units)}${heart}, ${verdict}`;
}

/** The run of the session's day it is scored from (see the module rules), or null without one. */
export function runForSession<Run extends { distanceM: number; laps: readonly ScoreLap[] }>(
  task: PlanTask,
  dayRuns: readonly Run[],
): Run | null {
  const lapsLineUp = dayRuns.filter((run) => scoreSession(task, { laps: run.laps, track: null }) !== null);
  return runForTask(task, lapsLineUp.length > 0 ? lapsLineUp : dayRuns);
}
