/**
 * SQL for the Charts page: sums per week or month, and the per-activity figures the stored loads
 * are worked out from (load-aggregate-repository.ts), over the charted activities (isCharted) of
 * one runner. Days are the activities' own local days (the first ten characters of
 * start_date_local), as for the running-days heatmap.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import type { ChartBucket } from '../../core/charts/chart-periods.ts';
import { isCharted } from './activity-totals-repository.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';

export interface ChartFilter {
  /** First and last local day, inclusive. */
  from: string;
  to: string;
  type: UploadActivityType | null;
}

export interface BucketRow {
  key: string;
  count: number;
  distance: number;
  movingTime: number;
  elevation: number;
  /** Distance and moving time of the timed activities of the pace type with a distance: the pace's parts. */
  pacedDistance: number;
  pacedTime: number;
}

const LOCAL_DAY = sql<string>`substr(start_date_local, 1, 10)`;

function chartedIn(db: Db, userId: string, filter: ChartFilter) {
  let query = db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where(isCharted)
    .where('startDateLocal', '>=', filter.from)
    .where('startDateLocal', '<=', `${filter.to}T23:59:59`);
  if (filter.type !== null) {
    query = query.where('type', '=', filter.type);
  }
  return query;
}

function bucketExpression(bucket: ChartBucket) {
  // date_trunc('week') gives the ISO week's Monday, as core's weekStart(day, ISO_MONDAY).
  return bucket === 'week'
    ? sql<string>`to_char(date_trunc('week', ${LOCAL_DAY}::date), 'YYYY-MM-DD')`
    : sql<string>`substr(start_date_local, 1, 7)`;
}

/** The activities the pace trend reads (charted, so with times): with a distance, of the trend's one type. */
const isPaced = (eb: ExpressionBuilder<Database, 'activities'>, paceType: UploadActivityType) =>
  eb.and([eb('type', '=', paceType), eb('distance', '>', 0)]);

export async function bucketTotals(
  db: Db,
  userId: string,
  filter: ChartFilter,
  bucket: ChartBucket,
  paceType: UploadActivityType,
): Promise<BucketRow[]> {
  const key = bucketExpression(bucket);
  const rows = await chartedIn(db, userId, filter)
    .select((eb) => [
      key.as('key'),
      eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(distance), 0)`.as('distance'),
      sql<string>`coalesce(sum(case when has_timing then ${activityTime(userId)} else 0 end), 0)`.as('movingTime'),
      sql<string>`coalesce(sum(elevation_gain), 0)`.as('elevation'),
      sql<string>`coalesce(sum(distance) filter (where ${isPaced(eb, paceType)}), 0)`.as('pacedDistance'),
      sql<string>`coalesce(sum(${activityTime(userId)}) filter (where ${isPaced(eb, paceType)}), 0)`.as('pacedTime'),
    ])
    .groupBy(key)
    .orderBy('key')
    .execute();
  return rows.map((row) => ({
    key: row.key,
    count: Number(row.count),
    distance: Number(row.distance),
    movingTime: Number(row.movingTime),
    elevation: Number(row.elevation),
    pacedDistance: Number(row.pacedDistance),
    pacedTime: Number(row.pacedTime),
  }));
}

export interface ZoneEdgeRow {
  key: string;
  /** Per zone edge asked for: the summed seconds at a heart rate below it. */
  below: number[];
  /** Seconds at any heart rate. */
  total: number;
}

/**
 * Per week or month, the sums behind time in zones: for each edge (a zone's first bpm) the seconds
 * below it, from each activity's cumulative histogram (index b + 1 holds the seconds at ≤ b bpm).
 */
export async function heartRateZoneEdges(
  db: Db,
  userId: string,
  filter: ChartFilter,
  bucket: ChartBucket,
  edgesBpm: readonly number[],
): Promise<ZoneEdgeRow[]> {
  const key = bucketExpression(bucket);
  const below = sql.join(edgesBpm.map((bpm) => sql`coalesce(sum(heart_rate_seconds_at_most[${bpm}]), 0)`));
  const rows = await chartedIn(db, userId, filter)
    .where('heartRateSecondsAtMost', 'is not', null)
    .select([
      key.as('key'),
      sql<number[]>`array[${below}]::float8[]`.as('below'),
      sql<string>`coalesce(sum(heart_rate_seconds_at_most[array_length(heart_rate_seconds_at_most, 1)]), 0)`.as(
        'total',
      ),
    ])
    .groupBy(key)
    .execute();
  return rows.map((row) => ({ key: row.key, below: row.below.map(Number), total: Number(row.total) }));
}

export interface LoadRow {
  id: string;
  date: string;
  type: UploadActivityType;
  movingTime: number;
  distance: number;
  averageHeartrate: number | null;
}

/**
 * Every charted activity of the runner (isCharted: with times), with what its load is computed from;
 * only those of `activityIds` when given.
 */
export async function loadRows(db: Db, userId: string, activityIds?: readonly string[]): Promise<LoadRow[]> {
  if (activityIds?.length === 0) {
    return [];
  }
  let query = db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where(isCharted)
    .where('hasTiming', '=', true)
    .where(activityTime(userId), '>', 0);
  if (activityIds !== undefined) {
    query = query.where('id', 'in', activityIds);
  }
  return query
    .select(['id', LOCAL_DAY.as('date'), 'type', activityTime(userId).as('movingTime'), 'distance', 'averageHeartrate'])
    .execute();
}

/** The first local day with a charted activity, and the highest heart rate any recorded. */
export async function chartExtent(
  db: Db,
  userId: string,
): Promise<{ firstDay: string | null; maxHeartrate: number | null }> {
  const row = await db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where(isCharted)
    .select([sql<string | null>`min(${LOCAL_DAY})`.as('firstDay'), sql<number | null>`max(max_heartrate)`.as('max')])
    .executeTakeFirst();
  return {
    firstDay: row?.firstDay ?? null,
    maxHeartrate: row?.max === null || row?.max === undefined ? null : Number(row.max),
  };
}
