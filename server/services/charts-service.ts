/**
 * The Charts page's data: sums per week or month for the period and the same period last year, the
 * pace trend (of one type: runs under all types) with its rolling average, and the training-load
 * lines. The sums run in SQL; the load lines read the stored per-activity loads (load-aggregates.ts),
 * since their formula is in core.
 */
import { localDate } from '../../core/activity/time-zone.ts';
import {
  CHART_TYPE_ALL,
  paceTrendType,
  type ChartQuery,
  type Charts,
  type ChartTotals,
} from '../../core/charts/chart-api.ts';
import { LOAD_WARM_UP_DAYS, loadLinesOf } from '../../core/charts/chart-load.ts';
import {
  bucketKeys,
  chartRange,
  comparesWithLastYear,
  lastYearRange,
  rollingAverage,
  type ChartRange,
} from '../../core/charts/chart-periods.ts';
import { addDays } from '../../core/calendar-days.ts';
import {
  HEART_RATE_ZONE_MODELS,
  HEART_RATE_ZONES,
  heartRateZoneBounds,
  zoneMethodOf,
  zoneSecondsFromEdges,
} from '../../core/running/heart-rate-zones.ts';
import { bucketTotals, heartRateZoneEdges, type BucketRow, type ChartFilter } from '../db/charts-repository.ts';
import { storedLoadsBetween } from '../db/load-aggregate-repository.ts';
import {
  computePendingTrackFigures,
  PENDING_TRACK_FIGURES_READ,
  type TrackFiguresContext,
} from './best-efforts-service.ts';
import { zoneBasisOf } from './heart-rate-service.ts';
import { loadFigures } from './load-aggregates.ts';

/** Buckets averaged into the pace trend's rolling line (this one and the three before). */
const PACE_ROLLING_BUCKETS = 4;
/** The load lines show at most the last year of the range. */
const LOAD_DAYS_SHOWN = 365;

const NO_TOTALS: ChartTotals = { count: 0, distance: 0, movingTime: 0, elevation: 0 };

function totalsOf(row: BucketRow | undefined): ChartTotals {
  return row
    ? { count: row.count, distance: row.distance, movingTime: row.movingTime, elevation: row.elevation }
    : NO_TOTALS;
}

function sumTotals(rows: readonly BucketRow[]): ChartTotals {
  return rows.reduce(
    (sum, row) => ({
      count: sum.count + row.count,
      distance: sum.distance + row.distance,
      movingTime: sum.movingTime + row.movingTime,
      elevation: sum.elevation + row.elevation,
    }),
    NO_TOTALS,
  );
}

export async function getCharts(context: TrackFiguresContext, userId: string, query: ChartQuery): Promise<Charts> {
  const { db } = context;
  // Activities not yet through the track pass would be missing from the heart-rate zones.
  await computePendingTrackFigures(context, PENDING_TRACK_FIGURES_READ, userId);
  const today = localDate(context.clock.now(), query.timeZone);
  const type = query.type === CHART_TYPE_ALL ? null : query.type;
  const paceType = paceTrendType(query.type);
  const figures = await loadFigures(db, userId);
  const { extent, assumptions } = figures;
  const zoneBasis = zoneBasisOf(figures);
  const zones = heartRateZoneBounds(zoneBasis);
  const range: ChartRange = chartRange(query.period, today, extent.firstDay);
  const compare = comparesWithLastYear(query.period);
  const previous = lastYearRange(range);
  const filter = (days: ChartRange): ChartFilter => ({ from: days.from, to: days.to, type });

  const loadFrom =
    range.from > addDays(today, -(LOAD_DAYS_SHOWN - 1)) ? range.from : addDays(today, -(LOAD_DAYS_SHOWN - 1));
  const warmUpFrom = addDays(loadFrom, -LOAD_WARM_UP_DAYS);
  const [current, lastYear, loads, zoneEdges] = await Promise.all([
    bucketTotals(db, userId, filter(range), range.bucket, paceType),
    compare ? bucketTotals(db, userId, filter(previous), previous.bucket, paceType) : Promise.resolve([]),
    storedLoadsBetween(db, userId, { from: warmUpFrom, to: today, type }),
    heartRateZoneEdges(
      db,
      userId,
      filter(range),
      range.bucket,
      zones.map((zone) => zone.fromBpm),
    ),
  ]);
  const zonesByKey = new Map(zoneEdges.map((row) => [row.key, zoneSecondsFromEdges(row.below, row.total)]));
  const noZones = HEART_RATE_ZONES.map(() => 0);

  const byKey = new Map(current.map((row) => [row.key, row]));
  const lastYearByKey = new Map(lastYear.map((row) => [row.key, row]));
  const keys = bucketKeys(range);
  const lastYearKeys = bucketKeys(previous);
  const paces = keys.map((key) => {
    const row = byKey.get(key);
    return row && row.pacedDistance > 0 ? row.pacedTime / row.pacedDistance : null;
  });
  const rolling = rollingAverage(paces, PACE_ROLLING_BUCKETS);

  return {
    period: query.period,
    type: query.type,
    bucket: range.bucket,
    from: range.from,
    to: range.to,
    hasActivities: extent.firstDay !== null,
    paceType,
    buckets: keys.map((key, index) => ({
      key,
      ...totalsOf(byKey.get(key)),
      pace: paces[index] ?? null,
      paceRolling: rolling[index] ?? null,
      lastYear: compare ? totalsOf(lastYearByKey.get(lastYearKeys[index] ?? '')) : null,
      zones: zonesByKey.get(key) ?? noZones,
    })),
    totals: { current: sumTotals(current), lastYear: compare ? sumTotals(lastYear) : null },
    heartRate: {
      maxHeartRate: assumptions.maxHeartRate,
      maxHeartRateSource: assumptions.maxHeartRateSource,
      model: HEART_RATE_ZONE_MODELS[zoneMethodOf(zoneBasis)],
      zones,
    },
    load: {
      restingHeartRate: assumptions.restingHeartRate,
      restingHeartRateSource: assumptions.restingHeartRateSource,
      thresholdPaceSecondsPerKm: assumptions.thresholdPaceSecondsPerKm,
      thresholdPaceSource: assumptions.thresholdPaceSource,
      days: loadLinesOf(loads, { warmUpFrom, from: loadFrom, to: today }),
    },
  };
}
