/**
 * The goal form's rules: what the runner types (distances with or without a unit, times as
 * h:mm:ss, whole numbers), read into the goal the server takes and checked by the same core schema
 * the server uses; each problem keyed by its field. Also the title a goal is shown under when the
 * runner gave it none.
 */
import { parseDistance, parseTime } from '../../../core/running/pace.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { formatGoalDistance } from '../../../core/training/goal-progress.ts';
import {
  goalCreateSchema,
  goalDatesProblem,
  type GoalCreate,
  type GoalDefinition,
  type GoalKind,
} from '../../../core/training/goals.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { metresPerUnit } from '../../../core/units.ts';
import { formatDay, formatDuration } from '../lib/format.ts';

export interface GoalFormValues {
  kind: GoalKind;
  title: string;
  startDate: string;
  endDate: string;
  /** distance goals, e.g. "300" (the runner's unit) or "300 km". */
  distance: string;
  /** race goals, e.g. "half", "21.1 km", "13.1". */
  raceDistance: string;
  /** race goals, "1:55:00". */
  targetTime: string;
  runsPerWeek: string;
  targetDays: string;
}

/** Form field of each schema field, so a schema message lands under the input it is about. */
const FIELD_OF: Readonly<Record<string, keyof GoalFormValues>> = {
  targetDistanceM: 'distance',
  raceDistanceM: 'raceDistance',
  targetTimeS: 'targetTime',
};

export type GoalFormErrors = Partial<Record<keyof GoalFormValues | 'form', string>>;

export function emptyGoalForm(today: string, kind: GoalKind = 'race'): GoalFormValues {
  return {
    kind,
    title: '',
    startDate: today,
    endDate: '',
    distance: '',
    raceDistance: 'half',
    targetTime: '',
    runsPerWeek: '4',
    targetDays: '7',
  };
}

/** A bare number is in the runner's unit; anything else goes through the calculators' parser. */
function metres(text: string, units: UnitSystem): { value: number } | { error: string } {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    return { value: Number(trimmed) * metresPerUnit(units) };
  }
  return parseDistance(trimmed);
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The goal to send, or the problems to show. With `today` (a new goal, or a changed window), a goal
 * that ends before it is refused as the server refuses it.
 */
export function readGoalForm(
  values: GoalFormValues,
  units: UnitSystem,
  today?: string,
): { goal: GoalCreate; errors: null } | { goal: null; errors: GoalFormErrors } {
  const errors: GoalFormErrors = {};
  const base = { kind: values.kind, title: values.title, startDate: values.startDate, endDate: values.endDate };
  let candidate: Record<string, unknown> = base;
  if (values.kind === 'distance') {
    const distance = metres(values.distance, units);
    if ('error' in distance) {
      errors.distance = distance.error;
    }
    candidate = { ...base, targetDistanceM: 'value' in distance ? distance.value : Number.NaN };
  } else if (values.kind === 'race') {
    const distance = metres(values.raceDistance, units);
    const time = parseTime(values.targetTime);
    if ('error' in distance) {
      errors.raceDistance = distance.error;
    }
    if ('error' in time) {
      errors.targetTime = time.error;
    }
    candidate = {
      ...base,
      raceDistanceM: 'value' in distance ? distance.value : Number.NaN,
      targetTimeS: 'value' in time ? time.value : Number.NaN,
    };
  } else if (values.kind === 'frequency') {
    candidate = { ...base, runsPerWeek: wholeNumber(values.runsPerWeek) };
  } else {
    candidate = { ...base, targetDays: wholeNumber(values.targetDays) };
  }
  const parsed = goalCreateSchema.safeParse(candidate);
  const datesProblem = parsed.success && today !== undefined ? goalDatesProblem(parsed.data, today) : null;
  if (datesProblem) {
    errors.endDate ??= datesProblem;
  }
  if (parsed.success && Object.keys(errors).length === 0) {
    return { goal: parsed.data, errors: null };
  }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? (FIELD_OF[key] ?? (key as keyof GoalFormValues)) : 'form';
    errors[field] ??= issue.message;
  }
  return { goal: null, errors };
}

/** The form filled with a stored goal, for editing. */
export function goalFormValues(goal: GoalDefinition, units: UnitSystem): GoalFormValues {
  const distance = (m: number) => `${formatGoalDistance(m, units)} ${distanceUnitLabel(units)}`;
  return {
    ...emptyGoalForm(goal.startDate, goal.kind),
    title: goal.title,
    endDate: goal.endDate,
    distance: goal.kind === 'distance' ? distance(goal.targetDistanceM) : '',
    raceDistance: goal.kind === 'race' ? distance(goal.raceDistanceM) : '',
    targetTime: goal.kind === 'race' ? formatDuration(goal.targetTimeS) : '',
    runsPerWeek: goal.kind === 'frequency' ? String(goal.runsPerWeek) : '',
    targetDays: goal.kind === 'streak' ? String(goal.targetDays) : '',
  };
}

const RACE_NAMES: readonly [number, string][] = [
  [5000, '5K'],
  [10_000, '10K'],
  [21_097.5, 'Half marathon'],
  [42_195, 'Marathon'],
];

/** A plan or goal day as the reader's locale writes it: "8 Mar 2027" (en-GB), "Mar 8, 2027" (en-US). */
export const dayText = (day: string) => formatDay(day);

/** The runner's title, else one made from the goal: "Half marathon under 1:55:00 on 14 Mar 2027". */
export function goalTitle(goal: GoalDefinition, units: UnitSystem): string {
  if (goal.title.trim() !== '') {
    return goal.title;
  }
  const unit = distanceUnitLabel(units);
  switch (goal.kind) {
    case 'distance':
      return `${formatGoalDistance(goal.targetDistanceM, units)} ${unit} by ${dayText(goal.endDate)}`;
    case 'race': {
      const named = RACE_NAMES.find(([m]) => Math.abs(goal.raceDistanceM / m - 1) < 0.005)?.[1];
      const race = named ?? `${formatGoalDistance(goal.raceDistanceM, units)} ${unit}`;
      return `${race} under ${formatDuration(goal.targetTimeS)} on ${dayText(goal.endDate)}`;
    }
    case 'frequency':
      return `${goal.runsPerWeek} runs a week until ${dayText(goal.endDate)}`;
    case 'streak':
      return `A ${goal.targetDays}-day run streak`;
  }
}
