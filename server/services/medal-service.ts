/**
 * Medals (spec §4 "Medals"): the trophy case, the check that awards newly earned medals once and
 * never again, record medals that follow their record, and marking medals viewed. Failures of a
 * rule or of the check are logged, never shown as errors (spec §8 "Medals and logout").
 */
import { localDate } from '../../core/activity/time-zone.ts';
import type { MedalCard, MedalCheck, TrophyCase } from '../../core/medals/api.ts';
import {
  MEDAL_CATALOGUE,
  MEDAL_RULES_VERSION,
  medalDefinition,
  medalRuleChangedSince,
  type MedalDefinition,
} from '../../core/medals/catalogue.ts';
import { formatProgressHint, medalProgressPercent, medalValueInUnits } from '../../core/medals/format.ts';
import { evaluateMedals, type MedalEvaluation, type MedalReads } from '../../core/medals/rules.ts';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../core/unit-system.ts';
import { updateAnalytics } from '../db/analytics-repository.ts';
import {
  medalActivities,
  type EarningActivity,
  countEarned,
  countUnseen,
  insertUserMedal,
  listMedalActivities,
  listRunnersWithOlderMedals,
  listUserMedals,
  markViewed,
  moveRecordMedal,
  saveRederivedMedals,
  type MedalRederivation,
} from '../db/medal-repository.ts';
import { findProfileByUserId } from '../db/profile-repository.ts';
import { listWellbeingEntries } from '../db/wellbeing-repository.ts';
import { type Db } from '../db/db.ts';
import type { UserMedalRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { ActivityReaction, ServiceContext } from './service-context.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';

/** The medals' rules on what the runner has now; with `only`, those that read that input alone. */
async function evaluate(context: ServiceContext, userId: string, timeZone: string | undefined, only?: MedalReads) {
  const { db } = context;
  const units: UnitSystem = (await findProfileByUserId(db, userId))?.unitSystem ?? DEFAULT_UNIT_SYSTEM;
  const evaluations = evaluateMedals(
    {
      activities: only === 'wellbeing' ? [] : await listMedalActivities(db, userId),
      wellbeing: only === 'activities' ? [] : await listWellbeingEntries(db, userId),
      today: localDate(context.clock.now(), timeZone),
      units,
    },
    only,
  );
  for (const evaluation of evaluations) {
    if (evaluation.error) {
      context.logger.warn({ userId, medalId: evaluation.medalId, error: evaluation.error }, 'medal rule failed');
    }
  }
  return { units, evaluations: new Map(evaluations.map((evaluation) => [evaluation.medalId, evaluation])) };
}

/**
 * The value a held medal shows, in the profile's current units: a record still held by the same run
 * shows the rule's figure for it (exact, already in these units); any other medal its award value
 * rewritten in these units.
 */
function valueOf(
  definition: MedalDefinition,
  record: UserMedalRow,
  evaluation: MedalEvaluation | undefined,
  units: UnitSystem,
): string | null {
  if (
    definition.kind === 'record' &&
    evaluation?.earned === true &&
    evaluation.value !== null &&
    evaluation.activityId === record.activityId
  ) {
    return evaluation.value;
  }
  return record.value === null ? null : medalValueInUnits(record.value, units);
}

function toCard(
  definition: MedalDefinition,
  record: UserMedalRow | undefined,
  evaluation: MedalEvaluation | undefined,
  units: UnitSystem,
  activities: ReadonlyMap<string, EarningActivity>,
): MedalCard {
  const earned = record !== undefined;
  const activityId = record?.activityId ?? null;
  const activity = activityId ? activities.get(activityId) : undefined;
  return {
    medalId: definition.id,
    title: definition.title,
    description: definition.description,
    icon: definition.icon,
    type: definition.tier,
    kind: definition.kind,
    requirement: definition.requirement[units],
    earned,
    isNew: record?.isNew ?? false,
    earnedAt: record?.earnedAt.toISOString() ?? null,
    viewedAt: record?.viewedAt?.toISOString() ?? null,
    value: record ? valueOf(definition, record, evaluation, units) : null,
    activityId,
    activityName: activity?.name ?? null,
    activityFromStrava: activity?.source === 'strava',
    progress: medalProgressPercent(earned),
    hint: earned ? null : formatProgressHint(definition, evaluation?.progress ?? null, units),
  };
}

type Evaluated = Awaited<ReturnType<typeof evaluate>>;

/** The cards of the catalogue from an evaluation and the medals the user holds now. */
async function trophyCaseFrom(db: Db, userId: string, { units, evaluations }: Evaluated): Promise<TrophyCase> {
  const records = await listUserMedals(db, userId);
  const byMedal = new Map(records.map((record) => [record.medalId, record]));
  const activities = await medalActivities(
    db,
    userId,
    records.flatMap((record) => (record.activityId ? [record.activityId] : [])),
  );
  const medals = MEDAL_CATALOGUE.map((definition) =>
    toCard(definition, byMedal.get(definition.id), evaluations.get(definition.id), units, activities),
  );
  return {
    medals,
    earnedCount: records.length,
    catalogueCount: MEDAL_CATALOGUE.length,
    unseenCount: medals.filter((medal) => medal.isNew).length,
  };
}

export async function getTrophyCase(context: ServiceContext, userId: string, timeZone?: string): Promise<TrophyCase> {
  return trophyCaseFrom(context.db, userId, await evaluate(context, userId, timeZone));
}

/**
 * Evaluates every rule (with `only`, those that read that input: a change of activities cannot earn
 * a wellbeing medal, nor a check-in a run's) and awards what is newly earned (spec §4). Records that
 * were beaten move to the new holder and show as new again. Publishes `medals-awarded` when anything
 * changed.
 */
export async function checkMedals(
  context: ServiceContext,
  userId: string,
  timeZone?: string,
  only?: MedalReads,
): Promise<MedalCheck> {
  const { db } = context;
  const evaluated = await evaluate(context, userId, timeZone, only);
  const { evaluations } = evaluated;
  const held = new Map((await listUserMedals(db, userId)).map((record) => [record.medalId, record]));
  const changed: string[] = [];
  const now = new Date(context.clock.now());
  for (const evaluation of evaluations.values()) {
    if (!evaluation.earned || evaluation.error) {
      continue;
    }
    const definition = medalDefinition(evaluation.medalId);
    const record = held.get(evaluation.medalId);
    try {
      if (!record) {
        const awarded = await insertUserMedal(
          db,
          userId,
          {
            medalId: definition.id,
            title: definition.title,
            description: definition.description,
            icon: definition.icon,
            type: definition.tier,
            value: evaluation.value,
            activityId: evaluation.activityId,
          },
          now,
        );
        if (awarded) {
          changed.push(definition.id);
        }
      } else if (definition.kind === 'record' && evaluation.activityId && evaluation.activityId !== record.activityId) {
        await moveRecordMedal(db, userId, definition.id, evaluation.value, evaluation.activityId);
        changed.push(definition.id);
      }
    } catch (error) {
      // Spec §4: a failure on one rule does not stop the others.
      context.logger.warn({ err: error, userId, medalId: definition.id }, 'awarding a medal failed');
    }
  }
  if (changed.length === 0) {
    return { awarded: [], unseenCount: [...held.values()].filter((record) => record.isNew).length };
  }
  const unseenCount = await countUnseen(db, userId);
  const trophyCase = await trophyCaseFrom(db, userId, evaluated);
  const awarded = trophyCase.medals.filter((medal) => changed.includes(medal.medalId));
  try {
    // Spec §4: an award also updates the analytics; a failure there is only warned.
    await updateAnalytics(db, userId, { medalsEarned: await countEarned(db, userId) }, new Date(context.clock.now()));
  } catch (error) {
    context.logger.warn({ err: error, userId }, 'analytics update after an award failed');
  }
  await context.events.publish(userId, { type: 'medals-awarded', medals: awarded, unseenCount });
  return { awarded, unseenCount };
}

export async function markMedalViewed(
  context: ServiceContext,
  userId: string,
  medalId: string,
): Promise<{ unseenCount: number }> {
  const { db } = context;
  const held = (await listUserMedals(db, userId)).some((record) => record.medalId === medalId);
  if (!held) {
    throw notFound(NOT_FOUND_MESSAGES.medal);
  }
  await markViewed(db, userId, medalId, new Date(context.clock.now()));
  return { unseenCount: await countUnseen(db, userId) };
}

export async function getUnseenCount(db: Db, userId: string): Promise<{ unseenCount: number }> {
  return { unseenCount: await countUnseen(db, userId) };
}

/**
 * The medals an edit's activities earned, against the rules on what the runner's activities show
 * now: one that nothing earns any more goes (a corrected or reverted distance, time or date takes
 * back what the wrong figures gave); one still earned stays as it is. Nothing is announced.
 */
async function recheckMedalsEarnedBy(context: ServiceContext, userId: string, activityIds: readonly string[]) {
  const { db } = context;
  const held = (await listUserMedals(db, userId)).filter(
    (record) => record.activityId !== null && activityIds.includes(record.activityId),
  );
  if (held.length === 0) {
    return;
  }
  const { evaluations } = await evaluate(context, userId, undefined, 'activities');
  const decisions: MedalRederivation[] = held
    .filter((record) => {
      const evaluation = evaluations.get(record.medalId as MedalEvaluation['medalId']);
      return evaluation !== undefined && !evaluation.error && !evaluation.earned;
    })
    .map((record) => ({ medalId: record.medalId, keep: false }));
  if (decisions.length === 0) {
    return;
  }
  await saveRederivedMedals(db, userId, null, decisions);
  await updateAnalytics(db, userId, { medalsEarned: await countEarned(db, userId) }, new Date(context.clock.now()));
}

/**
 * Spec §4: the medals are checked after every import, edit and deletion; an edit's activities have
 * the medals they earned checked again first.
 */
export const medalsReaction: ActivityReaction = {
  name: 'medals',
  run: async (context, change) => {
    if (change.source === 'edit' && change.updated !== undefined) {
      await recheckMedalsEarnedBy(context, change.userId, change.updated);
    }
    await checkMedals(context, change.userId, change.timeZone, 'activities');
  },
};

/** Runners whose medals are re-derived per batch. */
const REDERIVE_RUNNERS_PER_BATCH = 50;

/**
 * One runner's held medals awarded under an older rules version, against the current rules: a medal
 * whose rule changed since stays, on the run that earns it now, only while the current rule earns it;
 * the others only take the current version. Date and seen state stay, and nothing is announced (no
 * `medals-awarded`, no mail: the mails go out for medals earned lately, and a kept one keeps its
 * date). A rule that fails leaves its medal as it was, for the next start (`left`).
 */
async function rederiveRunnerMedals(
  context: ServiceContext,
  userId: string,
): Promise<{ removed: number; left: number }> {
  const { db } = context;
  const older = (await listUserMedals(db, userId)).filter((record) => record.rulesVersion < MEDAL_RULES_VERSION);
  if (older.length === 0) {
    return { removed: 0, left: 0 };
  }
  const { evaluations } = await evaluate(context, userId, undefined);
  const decisions: MedalRederivation[] = [];
  for (const record of older) {
    if (!medalRuleChangedSince(record.medalId, record.rulesVersion)) {
      decisions.push({ medalId: record.medalId, keep: true, activityId: record.activityId, value: record.value });
      continue;
    }
    const evaluation = evaluations.get(record.medalId as MedalEvaluation['medalId']);
    if (!evaluation || evaluation.error) {
      continue;
    }
    decisions.push(
      evaluation.earned
        ? { medalId: record.medalId, keep: true, activityId: evaluation.activityId, value: evaluation.value }
        : { medalId: record.medalId, keep: false },
    );
  }
  await saveRederivedMedals(db, userId, MEDAL_RULES_VERSION, decisions);
  const removed = decisions.filter((decision) => !decision.keep).length;
  if (removed > 0) {
    await updateAnalytics(db, userId, { medalsEarned: await countEarned(db, userId) }, new Date(context.clock.now()));
  }
  return { removed, left: older.length - decisions.length };
}

/**
 * Re-derives the medals held under an older rules version (MEDAL_RULE_CHANGES), runner by runner,
 * until none is left or the signal stops it. Each runner's medals are written in one transaction
 * and carry the version, so a pass stopped anywhere resumes at the next start.
 */
export async function rederiveMedals(
  context: ServiceContext,
  signal: AbortSignal = new AbortController().signal,
): Promise<{ runners: number; removed: number }> {
  const outcome = { runners: 0, removed: 0 };
  /** Runners with a medal whose rule failed: left for the next start, not taken again in this pass. */
  const left = new Set<string>();
  while (!signal.aborted) {
    const batch = await listRunnersWithOlderMedals(
      context.db,
      MEDAL_RULES_VERSION,
      REDERIVE_RUNNERS_PER_BATCH + left.size,
    );
    const runners = batch.filter((userId) => !left.has(userId));
    if (runners.length === 0) {
      break;
    }
    for (const userId of runners) {
      if (signal.aborted) {
        break;
      }
      const result = await context.units.run(userId, () => rederiveRunnerMedals(context, userId));
      outcome.runners += 1;
      outcome.removed += result.removed;
      if (result.left > 0) {
        left.add(userId);
      }
    }
  }
  if (outcome.runners > 0) {
    context.logger.info({ ...outcome, version: MEDAL_RULES_VERSION }, 'medals re-derived');
  }
  return outcome;
}

export interface MedalRederiveRunner {
  /** Settles when the pass has ended (finished, failed or stopped); never rejects. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** Runs one pass in the background; the server's start-up and requests never wait for it. */
export function startMedalRederive(context: ServiceContext): MedalRederiveRunner {
  const controller = new AbortController();
  const done = rederiveMedals(context, controller.signal).then(
    () => undefined,
    (error: unknown) => {
      context.logger.error({ err: error }, 're-deriving medals failed; the next start carries on');
    },
  );
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
