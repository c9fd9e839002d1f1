/**
 * The plan form's values: pre-filled from the runner's last weeks (GET /api/goals/{id}/plan-defaults),
 * shown in their units, and turned back into a plan request checked by core's planRequestSchema.
 */
import { formatGoalDistance } from '../../../core/training/goal-progress.ts';
import { PLAN_MESSAGES, planRequestSchema, type PlanRequest } from '../../../core/training/plan-request.ts';
import type { PlanLevel } from '../../../core/training/plan-templates.ts';
import type { PlanDefaults, PlanPaces } from '../../../core/training/training-api.ts';
import { distanceUnitLabel, metresPerUnit } from '../../../core/units.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { formatDuration, formatPacePerMetre } from '../lib/format.ts';
import { dayText } from './goal-form.ts';

export interface PlanFormValues {
  level: PlanLevel;
  runsPerWeek: number;
  longRunDay: number;
  /** Weekdays the runner can run, 0 Sunday … 6 Saturday. */
  runDays: number[];
  /** In the runner's units, as typed. */
  weeklyDistance: string;
  longestRun: string;
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

export function planFormValues(defaults: PlanDefaults, units: UnitSystem): PlanFormValues {
  const distance = (metres: number) =>
    metres > 0 ? String(Math.round((metres / metresPerUnit(units)) * 10) / 10) : '';
  return {
    level: 'intermediate',
    runsPerWeek: defaults.recentRuns > 0 ? defaults.runsPerWeek : 4,
    longRunDay: defaults.longRunDay ?? 0,
    runDays: ALL_DAYS,
    weeklyDistance: distance(defaults.weeklyDistanceM),
    longestRun: distance(defaults.longestRunM),
  };
}

/**
 * The request for `values`, or the sentence saying what to change. A distance left as pre-filled
 * (`initial`) is not sent: the server reads it from the runner's runs, and the plan says so.
 */
export function planRequestFrom(
  goalId: string,
  values: PlanFormValues,
  units: UnitSystem,
  initial: PlanFormValues,
): { request: PlanRequest } | { error: string } {
  const metres = (text: string, before: string, message: string): number | undefined | { error: string } => {
    if (text.trim() === '' || text.trim() === before) {
      return undefined;
    }
    const value = Number(text.trim());
    return Number.isFinite(value) ? Math.round(value * metresPerUnit(units)) : { error: message };
  };
  const weeklyDistanceM = metres(values.weeklyDistance, initial.weeklyDistance, PLAN_MESSAGES.weeklyDistance);
  const longestRunM = metres(values.longestRun, initial.longestRun, PLAN_MESSAGES.longestRun);
  for (const figure of [weeklyDistanceM, longestRunM]) {
    if (typeof figure === 'object') {
      return figure;
    }
  }
  const parsed = planRequestSchema.safeParse({
    goalId,
    level: values.level,
    runsPerWeek: values.runsPerWeek,
    longRunDay: values.longRunDay,
    runDays: [...values.runDays].sort((a, b) => a - b),
    ...(typeof weeklyDistanceM === 'number' ? { weeklyDistanceM } : {}),
    ...(typeof longestRunM === 'number' ? { longestRunM } : {}),
  });
  return parsed.success ? { request: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

/** "Your last 4 weeks: 16 runs, 44.4 km a week; longest run of the last 8 weeks 14.4 km." */
export function historyText(defaults: PlanDefaults, units: UnitSystem): string {
  if (defaults.recentRuns === 0) {
    return 'Stride has no runs of yours from the last 4 weeks: fill in what you run now.';
  }
  const unit = distanceUnitLabel(units);
  const runs = `${defaults.recentRuns} ${defaults.recentRuns === 1 ? 'run' : 'runs'}`;
  return (
    `Your last 4 weeks: ${runs}, ${formatGoalDistance(defaults.weeklyDistanceM, units)} ${unit} a week; ` +
    `longest run of the last 8 weeks ${formatGoalDistance(defaults.longestRunM, units)} ${unit}.`
  );
}

export function pacesText(paces: PlanPaces, units: UnitSystem): string {
  const easy = formatPacePerMetre(paces.paces.easy ?? 0, units);
  const threshold = formatPacePerMetre(paces.paces.threshold ?? 0, units);
  const { effort } = paces;
  const from =
    paces.source === 'best-effort' && effort
      ? `your ${effort.label} of ${formatDuration(effort.seconds)} on ${dayText(effort.date)} (VDOT ${paces.vdot})`
      : 'your target time';
  return `Paces from ${from}: easy ${easy}, threshold ${threshold}.`;
}
