/**
 * The runner's other heart-rate settings beside the maximum (Account → Heart rate): resting heart
 * rate and threshold pace (the training load uses them; null: core's assumption), lactate-threshold
 * heart rate, and the method the heart-rate zones are worked out by
 * (core/running/heart-rate-zones.ts). The stored loads were worked out with the assumptions, which
 * null keeps, so none needs working out again.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('resting_heart_rate', 'integer')
    .addColumn('lactate_threshold_heart_rate', 'integer')
    .addColumn('threshold_pace_seconds_per_km', 'integer')
    .addColumn('heart_rate_zone_method', 'text', (col) => col.notNull().defaultTo(sql`'max'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .dropColumn('heart_rate_zone_method')
    .dropColumn('threshold_pace_seconds_per_km')
    .dropColumn('lactate_threshold_heart_rate')
    .dropColumn('resting_heart_rate')
    .execute();
}
