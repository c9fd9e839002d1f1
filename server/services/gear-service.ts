/**
 * Shoes and gear (core/gear.ts): list, add, change, retire and delete a runner's gear, the default
 * gear per sport, and the "gear defaults" reaction that gives new and re-typed activities their
 * sport's default. A gear's distance and time are read from its activities, so they follow every
 * change at once; changing an activity's gear announces the change on the "activities changed"
 * seam like any other edit.
 */
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../core/unit-system.ts';
import {
  archiveGearName,
  defaultRetirementDistance,
  gearKindForSport,
  GEAR_LIMITS,
  GEAR_MESSAGES,
  type ActivityGear,
  type Gear,
  type GearDefault,
  type GearInput,
  type GearList,
  type GearUpdate,
  sameGearName,
} from '../../core/gear.ts';
import type { ArchiveGear } from '../../core/activity/archive-rules.ts';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import type { StravaGear } from '../../core/strava/athlete-gear.ts';
import {
  addStravaGear,
  applyDefaultGear,
  clearGearDefaults,
  countGear,
  deleteGear,
  findOwnGear,
  insertGear,
  linkStravaGear,
  listGear,
  listGearDefaults,
  listGearNames,
  setGearDefault,
  updateGear,
  type GearRow,
} from '../db/gear-repository.ts';
import { findActivity, setActivitiesGear } from '../db/activity-repository.ts';
import { findProfileByUserId } from '../db/profile-repository.ts';
import type { Db } from '../db/db.ts';
import type { GearTable } from '../db/schema.ts';
import { lockRunnerScope } from '../db/user-lock.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import type { ActivityChangeSource, ActivityReaction, ServiceContext } from './service-context.ts';

function toGear(row: GearRow, defaults: readonly { activityType: UploadActivityType; gearId: string }[]): Gear {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    brand: row.brand,
    model: row.model,
    startDate: row.startDate,
    startingDistance: row.startingDistance,
    retirementDistance: row.retirementDistance,
    retired: row.retired,
    distance: row.startingDistance + row.activityDistance,
    movingTime: row.movingTime,
    activityCount: row.activityCount,
    defaultFor: defaults.filter((item) => item.gearId === row.id).map((item) => item.activityType),
    stravaGearId: row.stravaGearId,
  };
}

export async function listRunnerGear(db: Db, userId: string): Promise<GearList> {
  const [rows, defaults] = await Promise.all([listGear(db, userId), listGearDefaults(db, userId)]);
  return { gear: rows.map((row) => toGear(row, defaults)) };
}

async function oneGear(db: Db, userId: string, id: string): Promise<Gear> {
  const [rows, defaults] = await Promise.all([listGear(db, userId, [id]), listGearDefaults(db, userId)]);
  const row = rows[0];
  if (row === undefined) {
    throw notFound(GEAR_MESSAGES.notFound);
  }
  return toGear(row, defaults);
}

/** The gear among an activity's figures; undefined when it has none. */
export async function activityGear(db: Db, userId: string, gearId: string | null): Promise<ActivityGear | null> {
  if (gearId === null) {
    return null;
  }
  const [row] = await listGear(db, userId, [gearId]);
  return row === undefined
    ? null
    : { id: row.id, kind: row.kind, name: row.name, distance: row.startingDistance + row.activityDistance };
}

/** Adds a piece of gear; a shoe without a retirement distance gets 800 km (500 mi to a runner using miles). */
export async function addGear(context: ServiceContext, userId: string, input: GearInput): Promise<Gear> {
  const id = randomUUID();
  const units = (await findProfileByUserId(context.db, userId))?.unitSystem ?? DEFAULT_UNIT_SYSTEM;
  await context.db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'gear', userId);
    if ((await countGear(trx, userId)) >= GEAR_LIMITS.maxGear) {
      throw conflict(GEAR_MESSAGES.tooMany, { code: 'gear-limit' });
    }
    await insertGear(trx, newGearRow(id, userId, input, units, new Date(context.clock.now())));
  });
  return oneGear(context.db, userId, id);
}

/** A new gear's row: empty brand and model, no first day and 0 to start from unless given. */
function newGearRow(
  id: string,
  userId: string,
  input: GearInput & { retired?: boolean },
  units: UnitSystem,
  now: Date,
) {
  return {
    id,
    userId,
    kind: input.kind,
    name: input.name,
    brand: input.brand ?? '',
    model: input.model ?? '',
    startDate: input.startDate ?? null,
    startingDistance: input.startingDistance ?? 0,
    retirementDistance:
      input.retirementDistance === undefined ? defaultRetirementDistance(input.kind, units) : input.retirementDistance,
    ...(input.retired === undefined ? {} : { retired: input.retired }),
    createdAt: now,
  };
}

/** Changes a piece of gear; retiring it ends it being any sport's default. */
export async function changeGear(
  context: ServiceContext,
  userId: string,
  id: string,
  update: GearUpdate,
): Promise<Gear> {
  const changes: Updateable<GearTable> = {};
  for (const key of [
    'kind',
    'name',
    'brand',
    'model',
    'startDate',
    'startingDistance',
    'retirementDistance',
    'retired',
  ] as const) {
    if (update[key] !== undefined) {
      Object.assign(changes, { [key]: update[key] });
    }
  }
  await context.db.transaction().execute(async (trx) => {
    if (!(await updateGear(trx, userId, id, changes))) {
      throw notFound(GEAR_MESSAGES.notFound);
    }
    if (update.retired === true) {
      await clearGearDefaults(trx, userId, id);
    }
  });
  return oneGear(context.db, userId, id);
}

/** Deletes a piece of gear: its activities keep no gear, and it is no sport's default any more. */
export async function removeGear(context: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await deleteGear(context.db, userId, id))) {
    throw notFound(GEAR_MESSAGES.notFound);
  }
  await context.changes.changed({ userId, source: 'edit' });
}

/** Sets a sport's default gear (null: none); a retired gear cannot be one. */
export async function setDefaultGear(context: ServiceContext, userId: string, input: GearDefault): Promise<GearList> {
  await context.db.transaction().execute(async (trx) => {
    if (input.gearId !== null) {
      await requireActiveGear(trx, userId, input.gearId);
    }
    await setGearDefault(trx, userId, input.type, input.gearId);
  });
  return listRunnerGear(context.db, userId);
}

/**
 * Refuses a gear id that is not one of the runner's (the same 404, with `message`, for another
 * runner's as for a missing one). Locks it until the caller's transaction ends.
 */
export async function requireOwnGear(
  trx: Db,
  userId: string,
  gearId: string,
  message: string = GEAR_MESSAGES.notFound,
): Promise<{ id: string; retired: boolean }> {
  const [found] = await findOwnGear(trx, userId, [gearId]);
  if (found === undefined) {
    throw notFound(message);
  }
  return found;
}

/** A retired gear cannot be a sport's default. */
export async function requireActiveGear(trx: Db, userId: string, gearId: string): Promise<void> {
  const found = await requireOwnGear(trx, userId, gearId);
  if (found.retired) {
    throw invalid(GEAR_MESSAGES.defaultRetired);
  }
}

/**
 * Puts an imported activity on the gear its archive names ("Activity Gear"): the runner's gear of
 * that name (trimmed, any case), else a new one of the kind the activity's sport is done in,
 * made once however many rows and imports name it. It counts as chosen gear, so no sport's default
 * replaces it. Runs in the caller's transaction; a runner who keeps the most gear allowed gets no
 * new one (the activity keeps no gear): then the gear's name is returned, for the report.
 */
export async function putArchiveGear(
  trx: Db,
  userId: string,
  input: { activityId: string; gearName: string; now: Date },
): Promise<{ leftOut: string | null }> {
  const name = archiveGearName(input.gearName);
  const activity = name === null ? undefined : await findActivity(trx, userId, input.activityId);
  if (name === null || activity === undefined) {
    return { leftOut: null };
  }
  await lockRunnerScope(trx, 'gear', userId);
  let gearId = (await listGearNames(trx, userId)).find((gear) => sameGearName(gear.name, name))?.id;
  if (gearId === undefined) {
    if ((await countGear(trx, userId)) >= GEAR_LIMITS.maxGear) {
      return { leftOut: name };
    }
    const kind = gearKindForSport(activity.type);
    const units = (await findProfileByUserId(trx, userId))?.unitSystem ?? DEFAULT_UNIT_SYSTEM;
    gearId = randomUUID();
    await insertGear(trx, newGearRow(gearId, userId, { kind, name }, units, input.now));
  }
  await setActivitiesGear(trx, userId, [input.activityId], gearId, input.now);
  return { leftOut: null };
}

/**
 * The gear of Stride's own export (`stride/gear.json`) the runner has none of by name, added with
 * its own fields (kind, brand, model, first day, starting and retirement distances, retired), so
 * that the activities naming it find it and its distance is the same as where it came from. Never
 * doubled; none past the most gear a runner may keep. Sport defaults are not taken: they would
 * fall on imported activities that had no gear.
 */
export async function addArchiveGear(db: Db, userId: string, gear: readonly ArchiveGear[], now: Date): Promise<void> {
  if (gear.length === 0) {
    return;
  }
  const units = (await findProfileByUserId(db, userId))?.unitSystem ?? DEFAULT_UNIT_SYSTEM;
  await db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'gear', userId);
    const names = (await listGearNames(trx, userId)).map((item) => item.name);
    let count = await countGear(trx, userId);
    for (const item of gear) {
      if (count >= GEAR_LIMITS.maxGear || names.some((name) => sameGearName(name, item.name))) {
        continue;
      }
      await insertGear(trx, newGearRow(randomUUID(), userId, item, units, now));
      names.push(item.name);
      count += 1;
    }
  });
}

/**
 * The athlete's Strava shoes and bikes (read once per sync) become Stride gear, linked by Strava's
 * id and never doubled, and the synced activities Strava put on them are put on them here. Shoes
 * get the default retirement distance in the runner's units.
 */
export async function importStravaGear(
  context: ServiceContext,
  userId: string,
  gear: readonly StravaGear[],
): Promise<void> {
  const units = (await findProfileByUserId(context.db, userId))?.unitSystem ?? DEFAULT_UNIT_SYSTEM;
  const now = new Date(context.clock.now());
  await context.db.transaction().execute(async (trx) => {
    await addStravaGear(
      trx,
      userId,
      gear.map((item) => ({
        id: randomUUID(),
        kind: item.kind,
        name: item.name,
        brand: '',
        model: '',
        startDate: null,
        startingDistance: 0,
        retirementDistance: defaultRetirementDistance(item.kind, units),
        retired: item.retired,
        stravaGearId: item.stravaGearId,
        createdAt: now,
      })),
    );
    await linkStravaGear(trx, userId);
  });
}

/** The changes that may bring synced activities or a gear_id changed on Strava. */
const STRAVA_GEAR_SOURCES: ReadonlySet<ActivityChangeSource> = new Set(['strava-sync', 'strava-webhook']);

/**
 * Synced activities Strava put on a known gear are put on it; then new and re-typed activities
 * waiting for one get their sport's default gear (core/gear.ts). On every page of a sync too,
 * before the cached reads are dropped.
 */
export const gearDefaultsReaction: ActivityReaction = {
  name: 'gear defaults',
  duringSync: true,
  run: async (context, change) => {
    // Only Strava's own changes bring synced activities or a new gear_id from Strava; an upload or
    // an edit does not, and the link reads every synced activity of the runner.
    if (STRAVA_GEAR_SOURCES.has(change.source)) {
      await linkStravaGear(context.db, change.userId);
    }
    await applyDefaultGear(context.db, change.userId);
  },
};
