/**
 * The weather tables (migration 0017): the shared forecast cache with its fetch claim, the
 * geocoded profile locations, the archived weather at activities' starts, and the start points
 * weather is looked up for.
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';

export interface StoredForecast {
  locationKey: string;
  lat: number;
  lng: number;
  cacheKey: string | null;
  forecast: unknown;
  fetchedAt: Date | null;
  sourceUrl: string | null;
  claimedUntil: Date | null;
}

export function findForecast(db: Db, locationKey: string): Promise<StoredForecast | undefined> {
  return db.selectFrom('weatherForecasts').selectAll().where('locationKey', '=', locationKey).executeTakeFirst();
}

/**
 * Takes the right to fetch a location's forecast: granted when no forecast newer than `staleBefore`
 * is stored and no other claim is still running. One statement, so of two servers racing on
 * PostgreSQL the second waits for the first's row and then sees its claim: only one fetches.
 */
export async function claimForecast(
  db: Db,
  place: { locationKey: string; lat: number; lng: number },
  times: { now: Date; staleBefore: Date; claimUntil: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('weatherForecasts')
    .values({ ...place, claimedUntil: times.claimUntil })
    .onConflict((oc) =>
      oc
        .column('locationKey')
        .doUpdateSet({ claimedUntil: times.claimUntil })
        .where((eb) =>
          eb.and([
            eb.or([
              eb('weatherForecasts.fetchedAt', 'is', null),
              eb('weatherForecasts.fetchedAt', '<', times.staleBefore),
            ]),
            eb.or([
              eb('weatherForecasts.claimedUntil', 'is', null),
              eb('weatherForecasts.claimedUntil', '<', times.now),
            ]),
          ]),
        ),
    )
    .returning('locationKey')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function storeForecast(
  db: Db,
  locationKey: string,
  fetched: { cacheKey: string; forecast: unknown; fetchedAt: Date; sourceUrl: string },
): Promise<void> {
  await db
    .updateTable('weatherForecasts')
    .set({ ...fetched, forecast: JSON.stringify(fetched.forecast), claimedUntil: null })
    .where('locationKey', '=', locationKey)
    .execute();
}

/** A failed fetch gives the claim back, so the next request may try again. */
export async function releaseForecastClaim(db: Db, locationKey: string): Promise<void> {
  await db.updateTable('weatherForecasts').set({ claimedUntil: null }).where('locationKey', '=', locationKey).execute();
}

export interface StoredPlace {
  query: string;
  name: string | null;
  lat: number | null;
  lng: number | null;
}

export function findPlace(db: Db, userId: string): Promise<StoredPlace | undefined> {
  return db
    .selectFrom('weatherPlaces')
    .select(['query', 'name', 'lat', 'lng'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function savePlace(db: Db, userId: string, place: StoredPlace, geocodedAt: Date): Promise<void> {
  const values = { ...place, geocodedAt };
  await db
    .insertInto('weatherPlaces')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

/** The start point of the runner's newest activity that has one (duplicates left out). */
export function latestStartPoint(db: Db, userId: string): Promise<{ lat: number; lng: number } | undefined> {
  return db
    .selectFrom('activities')
    .select([sql<number>`start_lat`.as('lat'), sql<number>`start_lng`.as('lng')])
    .where('userId', '=', userId)
    .where('startLat', 'is not', null)
    .where('startLng', 'is not', null)
    .where('duplicateOf', 'is', null)
    .orderBy('startDate', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function activityStart(
  db: Db,
  userId: string,
  activityId: string,
): Promise<{ startDate: Date; startLat: number | null; startLng: number | null } | undefined> {
  return db
    .selectFrom('activities')
    .select(['startDate', 'startLat', 'startLng'])
    .where('userId', '=', userId)
    .where('id', '=', activityId)
    .executeTakeFirst();
}

export interface StoredActivityWeather {
  hour: Date;
  temperature: number;
  precipitation: number | null;
  windSpeed: number | null;
  weatherCode: number | null;
}

export function findActivityWeather(db: Db, activityId: string): Promise<StoredActivityWeather | undefined> {
  return db
    .selectFrom('activityWeather')
    .select(['hour', 'temperature', 'precipitation', 'windSpeed', 'weatherCode'])
    .where('activityId', '=', activityId)
    .executeTakeFirst();
}

/** Stored once: a second fetch racing the first keeps the first row. */
export async function saveActivityWeather(
  db: Db,
  row: StoredActivityWeather & { activityId: string; userId: string; sourceUrl: string; fetchedAt: Date },
): Promise<void> {
  await db
    .insertInto('activityWeather')
    .values(row)
    .onConflict((oc) => oc.column('activityId').doNothing())
    .execute();
}

/** The location text of the runner's profile ('' when none). */
export async function profileLocationText(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('profiles').select('location').where('userId', '=', userId).executeTakeFirst();
  return row?.location ?? '';
}
