/**
 * A runner's own records as "Download my data" writes them to `stride/records.json` and the archive
 * import puts them back (docs/data-export.md): profile settings, gear and its sport defaults, goals,
 * plans with their ticked days and their versions (re-plans proposed, accepted or kept), check-ins
 * and coaching settings, wellbeing days (breathing and
 * stretching sessions), saved routes and privacy zones. Rows are written as stored, without their
 * owner; their ids only link gear, goals and plans inside the file, and every restored row gets a
 * new id. A restore never doubles: each kind is matched by what makes it the same thing to the
 * runner (a gear's name, a goal's definition, a plan's goal and request, a check-in's instant, a
 * day, a route's name and line, a zone's place), and settings are set to the file's values.
 * The activities of `stride/activities.json` have their own module (exported-activity-repository.ts).
 *
 * Its length is one concern: each kind of record has its export and its restore side by side, so a
 * kind added is added whole.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { UPLOAD_ACTIVITY_TYPES } from '../../core/activity/parsed.ts';
import { GEAR_LIMITS, gearSchema, sameGearName } from '../../core/gear.ts';
import type { Db } from './db.ts';
import { lockRunnerScope } from './user-lock.ts';

/** The profile columns a runner sets (name and e-mail belong to the account, not the data). */
const PROFILE_SETTINGS = [
  'firstName',
  'lastName',
  'location',
  'bio',
  'athleteProfile',
  'wellbeingPreferences',
  'unitSystem',
  'activityTime',
  'theme',
  'darkMode',
  'emailNotifications',
  'weeklyReport',
  'timeZone',
  'maxHeartRate',
  'publicProfile',
  'showLocation',
  'restingHeartRate',
  'lactateThresholdHeartRate',
  'thresholdPaceSecondsPerKm',
  'heartRateZoneMethod',
] as const;

/** The runner's figures on the analytics screen (streaks and counts; the instants are the server's). */
const ANALYTICS_COLUMNS = [
  'streakCurrent',
  'streakLongest',
  'streakLastActiveDate',
  'minutesSpentPlanning',
  'medalsEarned',
  'totalMedals',
  'screenshotsTaken',
  'totalSessions',
] as const;

const row = z.record(z.string(), z.unknown());
const stamp = z.union([z.string(), z.date()]).transform((value) => new Date(value));

/** What `stride/records.json` holds: each row as stored, without its owner. */
export const runnerRecordsSchema = z.object({
  profile: row.nullable(),
  photo: z.object({ contentType: z.string(), sha256: z.string() }).nullable(),
  gear: z.array(
    gearSchema
      .pick({
        id: true,
        kind: true,
        name: true,
        brand: true,
        model: true,
        startDate: true,
        startingDistance: true,
        retirementDistance: true,
        retired: true,
      })
      .extend({ stravaGearId: z.string().nullable(), createdAt: stamp }),
  ),
  gearDefaults: z.array(z.object({ activityType: z.enum(UPLOAD_ACTIVITY_TYPES), gearId: z.string() })),
  goals: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      progress: z.number(),
      kind: z.string(),
      definition: row,
      timeZone: z.string(),
      createdAt: stamp,
    }),
  ),
  plans: z.array(
    z.object({
      id: z.string(),
      goalId: z.string(),
      status: z.string(),
      request: row,
      schedule: row,
      dailyProgress: row,
      timeZone: z.string(),
      createdAt: stamp,
    }),
  ),
  /** Older files have none. Each version's plan is one of `plans`, by its id in the file. */
  planVersions: z
    .array(
      z.object({
        planId: z.string(),
        status: z.enum(['proposed', 'accepted', 'kept', 'superseded', 'unchanged']),
        kind: z.string(),
        reason: z.string(),
        changes: z.array(z.unknown()),
        schedule: row,
        replacedSchedule: row.nullable(),
        madeOn: z.string(),
        createdAt: stamp,
        decidedAt: stamp.nullable(),
      }),
    )
    .default([]),
  checkIns: z.array(
    z.object({
      wellbeingScore: z.number(),
      date: z.string(),
      timestamp: z.union([z.string(), z.number()]).transform(Number),
      note: z.string().nullable(),
      createdAt: stamp,
      sleepQuality: z.string(),
      energyLevel: z.string(),
      stressLevel: z.string(),
      soreness: z.string(),
      hydration: z.string(),
      nutrition: z.string(),
      moodRating: z.string(),
      injuryFeeling: z.string(),
    }),
  ),
  coachingSettings: z.object({ remindersEnabled: z.boolean(), reminderTime: z.string(), focus: z.string() }).nullable(),
  wellbeing: z.array(z.object({ date: z.string(), exercises: z.array(z.string()) })),
  routes: z.array(
    z.object({
      name: z.string(),
      waypoints: z.array(z.object({ lat: z.number(), lng: z.number() })),
      line: z.array(z.object({ lat: z.number(), lng: z.number() })),
      distance: z.number(),
      createdAt: stamp,
      updatedAt: stamp,
    }),
  ),
  privacyZones: z.array(
    z.object({ label: z.string(), lat: z.number(), lon: z.number(), radius: z.number(), createdAt: stamp }),
  ),
  analytics: z
    .object({
      streakCurrent: z.number(),
      streakLongest: z.number(),
      streakLastActiveDate: z.string().nullable(),
      minutesSpentPlanning: z.number(),
      medalsEarned: z.number(),
      totalMedals: z.number(),
      screenshotsTaken: z.number(),
      totalSessions: z.number(),
    })
    .nullable(),
});
export type RunnerRecords = z.infer<typeof runnerRecordsSchema>;

export type Row = Record<string, unknown>;

/** A row without its owner and the bookkeeping that is the server's, not the runner's. */
const own = ({ userId: _owner, added: _added, ...rest }: Row): Row => rest;

/** Every record of the runner the export writes (the photo's bytes are read apart). */
export async function readRunnerRecords(db: Db, userId: string): Promise<RunnerRecords> {
  const [
    profile,
    photo,
    gear,
    gearDefaults,
    goals,
    plans,
    planVersions,
    checkIns,
    coachingSettings,
    wellbeing,
    routes,
    zones,
    analytics,
  ] = await Promise.all([
    db.selectFrom('profiles').select(PROFILE_SETTINGS).where('userId', '=', userId).executeTakeFirst(),
    db.selectFrom('profilePhotos').select(['contentType', 'sha256']).where('userId', '=', userId).executeTakeFirst(),
    db.selectFrom('gear').selectAll().where('userId', '=', userId).orderBy('added').execute(),
    db.selectFrom('gearDefaults').select(['activityType', 'gearId']).where('userId', '=', userId).execute(),
    db.selectFrom('goals').selectAll().where('userId', '=', userId).orderBy('order').execute(),
    db.selectFrom('trainingPlans').selectAll().where('userId', '=', userId).orderBy('createdAt').execute(),
    db.selectFrom('trainingPlanVersions').selectAll().where('userId', '=', userId).orderBy('seq').execute(),
    db.selectFrom('coachingCheckIns').selectAll().where('userId', '=', userId).orderBy('timestamp').execute(),
    db.selectFrom('coachingSettings').selectAll().where('userId', '=', userId).executeTakeFirst(),
    db
      .selectFrom('wellbeingEntries')
      .select(['date', 'exercises'])
      .where('userId', '=', userId)
      .orderBy('date')
      .execute(),
    db.selectFrom('savedRoutes').selectAll().where('userId', '=', userId).orderBy('createdAt').execute(),
    db.selectFrom('privacyZones').selectAll().where('userId', '=', userId).orderBy('added').execute(),
    db.selectFrom('userAnalytics').select(ANALYTICS_COLUMNS).where('userId', '=', userId).executeTakeFirst(),
  ]);
  return runnerRecordsSchema.parse({
    profile: profile ?? null,
    photo: photo ?? null,
    gear: gear.map(own),
    gearDefaults,
    goals: goals.map(own),
    // The calendar feed's secret stays with the server that made it.
    plans: plans.map(({ calendarToken: _secret, ...plan }) => own(plan)),
    planVersions: planVersions.map(({ id: _id, seq: _seq, ...version }) => own(version)),
    checkIns: checkIns.map(({ id: _id, ...checkIn }) => own(checkIn)),
    coachingSettings: coachingSettings ? own(coachingSettings) : null,
    wellbeing,
    routes: routes.map(own),
    privacyZones: zones.map(own),
    analytics: analytics ?? null,
  });
}

export function readProfilePhoto(db: Db, userId: string) {
  return db
    .selectFrom('profilePhotos')
    .select(['contentType', 'bytes', 'sha256'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** A JSON column's value as the driver takes it (text PostgreSQL reads as jsonb). */
export const jsonb = (value: unknown) => JSON.stringify(value ?? null);
export const date = (value: unknown) => new Date(String(value));
const snake = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** A plan's calendar feed secret, as a new plan gets one (server/services/training-plan-service.ts). */
const newCalendarToken = () => randomBytes(24).toString('base64url');

/** What a restore did: the gear ids of the file mapped to the runner's, and whether anything was added. */
export interface RestoredRecords {
  gearIds: Map<string, string>;
  added: number;
}

/**
 * Puts the records back for the runner in one transaction (a failure leaves none of them). Gear
 * past the most a runner may keep is not added; the count of such is returned for the report.
 */
export async function restoreRunnerRecords(
  trx: Db,
  userId: string,
  records: RunnerRecords,
  now: Date,
): Promise<RestoredRecords & { gearLeftOut: string[] }> {
  let added = 0;
  if (records.profile) {
    const settings = Object.fromEntries(
      PROFILE_SETTINGS.filter((column) => column in (records.profile as Row)).map((column) => {
        const value = (records.profile as Row)[column];
        return [column, column === 'athleteProfile' || column === 'wellbeingPreferences' ? jsonb(value) : value];
      }),
    );
    await trx.updateTable('profiles').set(settings).where('userId', '=', userId).execute();
  }

  await lockRunnerScope(trx, 'gear', userId);
  const existingGear = await trx.selectFrom('gear').select(['id', 'name']).where('userId', '=', userId).execute();
  const gearIds = new Map<string, string>();
  const gearLeftOut: string[] = [];
  let gearCount = existingGear.length;
  for (const item of records.gear) {
    const found = existingGear.find((gear) => sameGearName(gear.name, item.name));
    if (found) {
      gearIds.set(item.id, found.id);
      continue;
    }
    if (gearCount >= GEAR_LIMITS.maxGear) {
      gearLeftOut.push(item.name);
      continue;
    }
    const id = randomUUID();
    await trx
      .insertInto('gear')
      .values({
        id,
        userId,
        kind: item.kind,
        name: item.name,
        brand: item.brand,
        model: item.model,
        startDate: item.startDate,
        startingDistance: item.startingDistance,
        retirementDistance: item.retirementDistance,
        retired: item.retired,
        stravaGearId: item.stravaGearId,
        createdAt: item.createdAt,
      })
      .execute();
    existingGear.push({ id, name: item.name });
    gearIds.set(item.id, id);
    gearCount += 1;
    added += 1;
  }
  for (const fallback of records.gearDefaults) {
    const gearId = gearIds.get(fallback.gearId);
    if (gearId) {
      await trx
        .insertInto('gearDefaults')
        .values({ userId, activityType: fallback.activityType, gearId })
        .onConflict((oc) => oc.columns(['userId', 'activityType']).doUpdateSet({ gearId }))
        .execute();
    }
  }

  const goals = await trx.selectFrom('goals').select(['id', 'definition']).where('userId', '=', userId).execute();
  const goalIds = new Map<string, string>();
  for (const goal of records.goals) {
    const found = goals.find((existing) => same(existing.definition, goal.definition));
    if (found) {
      goalIds.set(goal.id, found.id);
      continue;
    }
    const id = randomUUID();
    const order = await trx
      .selectFrom('goals')
      .select(sql<number>`coalesce(max("order") + 1, 0)`.as('next'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('goals')
      .values({
        id,
        userId,
        order: order.next,
        status: goal.status,
        progress: goal.progress,
        kind: goal.kind,
        definition: jsonb(goal.definition),
        timeZone: goal.timeZone,
        createdAt: goal.createdAt,
        updatedAt: now,
      })
      .execute();
    goals.push({ id, definition: goal.definition });
    goalIds.set(goal.id, id);
    added += 1;
  }

  const plans = await trx
    .selectFrom('trainingPlans')
    .select(['goalId', 'request'])
    .where('userId', '=', userId)
    .execute();
  for (const plan of records.plans) {
    const goalId = goalIds.get(plan.goalId);
    if (!goalId || plans.some((existing) => existing.goalId === goalId && same(existing.request, plan.request))) {
      continue;
    }
    const planId = randomUUID();
    await trx
      .insertInto('trainingPlans')
      .values({
        id: planId,
        userId,
        goalId,
        status: plan.status,
        request: jsonb(plan.request),
        schedule: jsonb(plan.schedule),
        dailyProgress: jsonb(plan.dailyProgress),
        timeZone: plan.timeZone,
        calendarToken: newCalendarToken(),
        createdAt: plan.createdAt,
        updatedAt: now,
      })
      .execute();
    plans.push({ goalId, request: plan.request });
    added += 1;
    // A plan found already keeps its own history; a plan put back gets the file's, in its order.
    for (const version of records.planVersions.filter((entry) => entry.planId === plan.id)) {
      await trx
        .insertInto('trainingPlanVersions')
        .values({
          ...version,
          id: randomUUID(),
          planId,
          userId,
          changes: jsonb(version.changes),
          schedule: jsonb(version.schedule),
          replacedSchedule: version.replacedSchedule === null ? null : jsonb(version.replacedSchedule),
        })
        .execute();
    }
  }

  await lockRunnerScope(trx, 'check-ins', userId);
  const instants = new Set(
    (await trx.selectFrom('coachingCheckIns').select('timestamp').where('userId', '=', userId).execute()).map(
      (checkIn) => String(checkIn.timestamp),
    ),
  );
  for (const checkIn of records.checkIns) {
    if (instants.has(String(checkIn.timestamp))) {
      continue;
    }
    await trx
      .insertInto('coachingCheckIns')
      .values({ ...checkIn, id: randomUUID(), userId })
      .execute();
    instants.add(String(checkIn.timestamp));
    added += 1;
  }
  if (records.coachingSettings) {
    const settings = { ...records.coachingSettings, updatedAt: now };
    await trx
      .insertInto('coachingSettings')
      .values({ ...settings, userId })
      .onConflict((oc) => oc.column('userId').doUpdateSet(settings))
      .execute();
  }

  for (const day of records.wellbeing) {
    const stored = await trx
      .selectFrom('wellbeingEntries')
      .select('exercises')
      .where('userId', '=', userId)
      .where('date', '=', day.date)
      .executeTakeFirst();
    const exercises = [...new Set([...(stored?.exercises ?? []), ...day.exercises])];
    if (stored && exercises.length === stored.exercises.length) {
      continue;
    }
    await trx
      .insertInto('wellbeingEntries')
      .values({ userId, date: day.date, exercises, updatedAt: now })
      .onConflict((oc) => oc.columns(['userId', 'date']).doUpdateSet({ exercises, updatedAt: now }))
      .execute();
    added += 1;
  }

  const routes = await trx.selectFrom('savedRoutes').select(['name', 'line']).where('userId', '=', userId).execute();
  for (const route of records.routes) {
    if (routes.some((existing) => existing.name === route.name && same(existing.line, route.line))) {
      continue;
    }
    await trx
      .insertInto('savedRoutes')
      .values({
        id: randomUUID(),
        userId,
        name: route.name,
        waypoints: jsonb(route.waypoints),
        line: jsonb(route.line),
        distance: route.distance,
        createdAt: route.createdAt,
        updatedAt: route.updatedAt,
      })
      .execute();
    routes.push({ name: route.name, line: route.line });
    added += 1;
  }

  const zones = await trx
    .selectFrom('privacyZones')
    .select(['lat', 'lon', 'radius'])
    .where('userId', '=', userId)
    .execute();
  for (const zone of records.privacyZones) {
    if (
      zones.some(
        (existing) => existing.lat === zone.lat && existing.lon === zone.lon && existing.radius === zone.radius,
      )
    ) {
      continue;
    }
    await trx
      .insertInto('privacyZones')
      .values({
        id: randomUUID(),
        userId,
        label: zone.label,
        lat: zone.lat,
        lon: zone.lon,
        radius: zone.radius,
        createdAt: zone.createdAt,
      })
      .execute();
    zones.push(zone);
    added += 1;
  }
  if (records.analytics) {
    // Counts only grow: the larger of the two of each, so a second restore changes nothing.
    const figures = records.analytics;
    const larger = Object.fromEntries(
      ANALYTICS_COLUMNS.map((column) => [
        column,
        sql`greatest(user_analytics.${sql.ref(snake(column))}, excluded.${sql.ref(snake(column))})`,
      ]),
    );
    await trx
      .insertInto('userAnalytics')
      .values({ ...figures, userId, createdAt: now, lastActive: now, lastUpdated: now })
      .onConflict((oc) => oc.column('userId').doUpdateSet(larger))
      .execute();
  }
  return { gearIds, gearLeftOut, added };
}
