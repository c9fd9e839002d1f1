/**
 * Wellbeing and coaching (spec §3 "Coaching check-in", "Wellbeing preferences defaults",
 * "Wellbeing entry"; §5 "Check-ins and wellbeing preferences"; §7): saving a check-in and finding
 * the latest of a local day, the 30-day trend, the wellbeing preferences and coaching settings,
 * recording a finished exercise, and the readiness hint. Every use case needs a user id (spec §5:
 * "User ID is required"). After a check-in or an exercise the medals are checked, as after an import.
 */
import { knownTimeZone, localDateTime } from '../../core/activity/time-zone.ts';
import { loadLinesOf } from '../../core/charts/chart-load.ts';
import { BREATHING_EXERCISE, STRETCHING_EXERCISE } from '../../core/medals/catalogue.ts';
import { wellbeingStreakLength } from '../../core/medals/wellbeing-streak.ts';
import { daysBetween } from '../../core/calendar-days.ts';
import { DEFAULT_WELLBEING_PREFERENCES, type WellbeingPreferences } from '../../core/profile.ts';
import { addDays, localDayAt, localDayRangeUtc } from '../../core/training/local-day.ts';
import {
  applyWellbeingPreferencesUpdate,
  buildCheckIn,
  DEFAULT_COACHING_SETTINGS,
  requireUserId,
  type CheckInInput,
  type CoachingSettings,
  type WellbeingPreferencesUpdate,
} from '../../core/wellbeing/check-in.ts';
import { coachingTip, dueCheckInReminder } from '../../core/wellbeing/coaching.ts';
import type { WellbeingEntry, WellbeingExercise } from '../../core/wellbeing/exercises.ts';
import { STRETCHING_MESSAGES, stretchingCounts } from '../../core/wellbeing/stretching.ts';
import { readiness, READINESS_THRESHOLDS } from '../../core/wellbeing/readiness.ts';
import {
  CHECK_IN_DATE_MESSAGES,
  CHECK_IN_LIMIT_MESSAGE,
  CHECK_IN_LIMIT_WINDOW_MS,
  CHECK_INS_PER_DAY,
  WELLBEING_TREND_DAYS,
  type ExerciseRecorded,
  type ReadinessView,
  type StoredCheckIn,
  type WellbeingOverview,
  type WellbeingStreaks,
} from '../../core/wellbeing/wellbeing-api.ts';
import { storedLoadsBetween } from '../db/load-aggregate-repository.ts';
import { findProfileByUserId, updateProfile } from '../db/profile-repository.ts';
import {
  findCoachingSettings,
  findLatestCheckInBetween,
  insertCheckIn,
  latestScoresByDate,
  listWellbeingEntries,
  recordExercise,
  saveCoachingSettings,
} from '../db/wellbeing-repository.ts';
import { conflict, invalid } from '../errors.ts';
import { loadFigures } from './load-aggregates.ts';
import { checkMedals } from './medal-service.ts';
import type { ServiceContext } from './service-context.ts';

/** The browser's zone (a missing or unknown one means UTC, as for the medals). */
export interface InZone {
  timeZone?: string | undefined;
}

function todayIn(context: ServiceContext, timeZone: string | undefined): { zone: string; today: string } {
  const zone = knownTimeZone(timeZone);
  return { zone, today: localDayAt(context.clock.now(), zone) };
}

/** The wellbeing medals may now be earned; a failure is logged, never shown (spec §8). */
async function checkMedalsAfter(context: ServiceContext, userId: string, timeZone: string | undefined) {
  try {
    await checkMedals(context, userId, timeZone, 'wellbeing');
  } catch (error) {
    context.logger.warn({ err: error, userId }, 'medal check after a wellbeing change failed');
  }
}

export async function saveCheckIn(
  context: ServiceContext,
  userId: string | null | undefined,
  input: CheckInInput & InZone,
): Promise<StoredCheckIn> {
  const id = requireUserId(userId);
  const { timeZone, ...answers } = input;
  const { zone, today } = todayIn(context, timeZone);
  if (answers.date !== undefined && answers.date > today) {
    throw invalid(`date: ${CHECK_IN_DATE_MESSAGES.future}`, { date: CHECK_IN_DATE_MESSAGES.future });
  }
  const record = buildCheckIn(id, answers, { ms: context.clock.now(), today, timeZone: zone });
  // A check-in for a past day shows in the trend but makes no entry: streaks count days as they happen.
  const since = new Date(context.clock.now() - CHECK_IN_LIMIT_WINDOW_MS);
  const stored = await insertCheckIn(context.db, record, record.date === today, { since, max: CHECK_INS_PER_DAY });
  if (!stored) {
    throw conflict(CHECK_IN_LIMIT_MESSAGE, { code: 'check-in-limit' });
  }
  await checkMedalsAfter(context, id, timeZone);
  return stored;
}

/** Spec §7: the latest check-in between local 00:00:00.000 and 23:59:59.999 of the day (default today). */
export async function getLatestCheckIn(
  context: ServiceContext,
  userId: string | null | undefined,
  input: InZone & { date?: string | undefined },
): Promise<{ checkIn: StoredCheckIn | null }> {
  const id = requireUserId(userId);
  const { zone, today } = todayIn(context, input.timeZone);
  const date = input.date ?? today;
  if (date > today) {
    // Check-ins stand for an instant up to now: a day after today has none yet.
    return { checkIn: null };
  }
  return { checkIn: await findLatestCheckInBetween(context.db, id, localDayRangeUtc(date, zone)) };
}

function streaksOf(entries: readonly WellbeingEntry[], today: string): WellbeingStreaks {
  return {
    any: wellbeingStreakLength(entries, today, null),
    breathing: wellbeingStreakLength(entries, today, BREATHING_EXERCISE),
    stretching: wellbeingStreakLength(entries, today, STRETCHING_EXERCISE),
  };
}

/** The Wellbeing section: today's check-in, the trend of the last 30 days, today's exercises, streaks. */
export async function getWellbeingOverview(
  context: ServiceContext,
  userId: string | null | undefined,
  input: InZone,
): Promise<WellbeingOverview> {
  const id = requireUserId(userId);
  const { zone, today } = todayIn(context, input.timeZone);
  const from = addDays(today, -(WELLBEING_TREND_DAYS - 1));
  const [checkIn, scores, entries] = await Promise.all([
    findLatestCheckInBetween(context.db, id, localDayRangeUtc(today, zone)),
    latestScoresByDate(context.db, id, { from, to: today }),
    listWellbeingEntries(context.db, id),
  ]);
  const trend = Array.from({ length: WELLBEING_TREND_DAYS }, (_, index) => {
    const date = addDays(from, index);
    return { date, score: scores.get(date) ?? null };
  });
  return {
    today,
    checkIn,
    trend,
    todayExercises: [...(entries.find((entry) => entry.date === today)?.exercises ?? [])],
    streaks: streaksOf(entries, today),
  };
}

/**
 * A finished breathing or stretching session: today's entry gains it once; then the medal check. A
 * stretching routine whose every stretch was skipped is refused with a sentence and records nothing.
 */
export async function finishExercise(
  context: ServiceContext,
  userId: string | null | undefined,
  input: InZone & { exercise: WellbeingExercise; skippedStretches?: readonly string[] | undefined },
): Promise<ExerciseRecorded> {
  const id = requireUserId(userId);
  if (input.exercise === STRETCHING_EXERCISE && !stretchingCounts(input.skippedStretches ?? [])) {
    throw invalid(STRETCHING_MESSAGES.allSkipped);
  }
  const { today } = todayIn(context, input.timeZone);
  const entry = await recordExercise(context.db, id, today, input.exercise, new Date(context.clock.now()));
  await checkMedalsAfter(context, id, input.timeZone);
  const entries = await listWellbeingEntries(context.db, id);
  return { date: entry.date, exercises: [...entry.exercises], streaks: streaksOf(entries, today) };
}

export async function getWellbeingPreferences(
  context: ServiceContext,
  userId: string | null | undefined,
): Promise<WellbeingPreferences> {
  const id = requireUserId(userId);
  const row = await findProfileByUserId(context.db, id);
  return { ...DEFAULT_WELLBEING_PREFERENCES, ...(row?.wellbeingPreferences as Partial<WellbeingPreferences>) };
}

/** Spec §5: the update is laid over the stored preferences, with hydration and nutrition forced to high. */
export async function updateWellbeingPreferences(
  context: ServiceContext,
  userId: string | null | undefined,
  update: WellbeingPreferencesUpdate,
): Promise<WellbeingPreferences> {
  const id = requireUserId(userId);
  const next = applyWellbeingPreferencesUpdate(await getWellbeingPreferences(context, id), update);
  await updateProfile(context.db, id, { wellbeingPreferences: JSON.stringify(next) }, new Date(context.clock.now()));
  return next;
}

export async function getCoachingSettings(
  context: ServiceContext,
  userId: string | null | undefined,
): Promise<CoachingSettings> {
  const id = requireUserId(userId);
  return (await findCoachingSettings(context.db, id)) ?? DEFAULT_COACHING_SETTINGS;
}

export async function updateCoachingSettings(
  context: ServiceContext,
  userId: string | null | undefined,
  update: Partial<CoachingSettings>,
): Promise<CoachingSettings> {
  const id = requireUserId(userId);
  const next = { ...(await getCoachingSettings(context, id)), ...update };
  await saveCoachingSettings(context.db, id, next, new Date(context.clock.now()));
  return next;
}

/**
 * Readiness (core/wellbeing/readiness.ts): today's latest score and the acute:chronic ratio of the
 * daily training load (Charts' per-activity load, core/charts/chart-load.ts, as stored by
 * load-aggregates.ts) over the last 7 and 28 days. Days before the runner's first activity are not
 * history: the chronic mean is over the days since then when they are fewer than 28, and the load is
 * compared only once three of the last four weeks hold some (readiness.ts, "still learning").
 */
/**
 * The daily loads of the READINESS_THRESHOLDS.chronicDays days up to `today`, and how many days of
 * history the runner has by then: what the acute:chronic ratio is read from (core trainingLoad).
 */
export async function dailyLoadsTo(
  context: Pick<ServiceContext, 'db'>,
  userId: string,
  today: string,
): Promise<{ daily: number[]; historyDays: number }> {
  const from = addDays(today, -(READINESS_THRESHOLDS.chronicDays - 1));
  // First: it works the stored loads out when they were never stored.
  const { firstDay } = (await loadFigures(context.db, userId)).extent;
  const historyDays = firstDay === null || firstDay > today ? 0 : daysBetween(firstDay, today) + 1;
  if (historyDays === 0) {
    return { daily: [], historyDays };
  }
  const loads = await storedLoadsBetween(context.db, userId, { from, to: today, type: null });
  return { daily: loadLinesOf(loads, { warmUpFrom: from, from, to: today }).map((day) => day.load), historyDays };
}

export async function getReadiness(
  context: ServiceContext,
  userId: string | null | undefined,
  input: InZone,
): Promise<ReadinessView> {
  const id = requireUserId(userId);
  const { zone, today } = todayIn(context, input.timeZone);
  const [checkIn, { daily, historyDays }, settings] = await Promise.all([
    findLatestCheckInBetween(context.db, id, localDayRangeUtc(today, zone)),
    dailyLoadsTo(context, id, today),
    getCoachingSettings(context, id),
  ]);
  const score = checkIn?.wellbeingScore ?? null;
  const hint = readiness(score, daily, historyDays);
  const localTime = localDateTime(context.clock.now(), zone).slice(11, 16);
  return {
    score,
    ...hint,
    tip: coachingTip(settings.focus, hint.level),
    reminder: dueCheckInReminder(settings, localTime, checkIn !== null),
  };
}
