/**
 * Strava: the integration record of spec §3 with its tokens encrypted, a runner's own
 * Strava app, single-use OAuth states, the resumable sync job, the server's push subscription, and
 * the Strava columns of activities.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Spec §3 "Fitness-service integration record". Tokens are AES-GCM sealed with the app secret.
  await db.schema
    .createTable('strava_integrations')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('refresh_token_expires_at', 'timestamptz')
    .addColumn('athlete_id', 'text')
    .addColumn('athlete_name', 'text')
    .addColumn('scope', 'text')
    /** The Strava app the tokens belong to: null = the server's, otherwise the user's own client id. */
    .addColumn('client_id', 'text')
    .addColumn('connected_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_refresh_attempt', 'timestamptz')
    .addColumn('disconnected_at', 'timestamptz')
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('last_sync_at', 'timestamptz')
    .execute();
  // Webhook events name the athlete (owner_id); one active Stride user per Strava athlete.
  await sql`create unique index strava_integrations_athlete_key on strava_integrations (athlete_id) where is_active`.execute(
    db,
  );

  await db.schema
    .createTable('strava_user_apps')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('client_secret', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('strava_oauth_states')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // One sync job per user, checkpointed after every page so a restart resumes where it stopped.
  await db.schema
    .createTable('strava_sync_jobs')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('next_page', 'integer', (col) => col.notNull().defaultTo(1))
    /** Incremental syncs ask Strava only for activities after this (epoch seconds). */
    .addColumn('after_epoch', 'bigint')
    .addColumn('pages', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('activities', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('resumes_at', 'timestamptz')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index strava_sync_jobs_open_idx on strava_sync_jobs (updated_at) where state in ('queued', 'running', 'waiting')`.execute(
    db,
  );

  await db.schema
    .createTable('strava_push_subscriptions')
    .addColumn('client_id', 'text', (col) => col.primaryKey())
    .addColumn('subscription_id', 'text')
    .addColumn('callback_url', 'text', (col) => col.notNull())
    .addColumn('verify_token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('activities')
    .addColumn('strava_id', 'text')
    /** A Strava activity that is the same run as an uploaded one (core isSameActivity) points at it and is hidden. */
    .addColumn('duplicate_of', 'text', (col) => col.references('activities.id').onDelete('set null'))
    /** Spec §3 Strava-only fields (kudos, gear, flags, …) as Strava sent them, normalised. */
    .addColumn('strava', 'jsonb')
    .addColumn('synced_at', 'timestamptz')
    .addColumn('detail_cached_at', 'timestamptz')
    .addColumn('streams_cached_at', 'timestamptz')
    .execute();
  await sql`create unique index activities_user_strava_key on activities (user_id, strava_id) where strava_id is not null`.execute(
    db,
  );
  await sql`create index activities_duplicate_of_idx on activities (duplicate_of) where duplicate_of is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists activities_user_strava_key`.execute(db);
  await sql`drop index if exists activities_duplicate_of_idx`.execute(db);
  for (const column of ['strava_id', 'duplicate_of', 'strava', 'synced_at', 'detail_cached_at', 'streams_cached_at']) {
    await db.schema.alterTable('activities').dropColumn(column).execute();
  }
  for (const table of [
    'strava_push_subscriptions',
    'strava_sync_jobs',
    'strava_oauth_states',
    'strava_user_apps',
    'strava_integrations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
