/**
 * The db suites that run on PostgreSQL as well as on PGlite (the db:postgres project in
 * vitest.config.ts), each with what makes it differ between the two: transactions and locks under
 * a real pool, leases, LISTEN/NOTIFY, restarts, migrations, pg-boss, type parsers, or a branch on
 * the database; or a repository no other suite here reaches. Every other db suite reaches the
 * database only through repositories that these suites already run on PostgreSQL: PGlite only. tools/postgres-repositories.ts fails
 * CI when a repository (server/db/*-repository.ts) ran no query in these suites.
 */
export const POSTGRES_SUITES: Readonly<Record<string, string>> = {
  'server/built-server.db.test.ts': 'the bundled server migrates and starts on each database',
  'server/db/database-types.db.test.ts': 'type parsers: node-postgres and PGlite read values differently',
  'server/db/transaction-guard.db.test.ts':
    'a query on db inside a transaction refused, streams through a cursor, on each driver',
  'server/jobs/job-queue.db.test.ts': 'pg-boss: transactions, SKIP LOCKED, a restarted queue',
  'server/server.db.test.ts': 'LISTEN/NOTIFY, migrations, the pool, restarts; branches on the database',
  'server/backups-postgres.db.test.ts': 'pg_dump and pg_restore with an exported snapshot (PostgreSQL only)',
  'server/db/migrations.db.test.ts': 'an early schema upgraded, a failed migration rolled back, on each database',
  'server/test-support/database-template.db.test.ts': 'template databases (CREATE DATABASE … TEMPLATE)',
  'server/routes/account.db.test.ts': 'account deletion: PostgreSQL vacuum statistics',
  'server/routes/activity-corrections.db.test.ts':
    'a file activity corrected, re-derived and reverted: jsonb overrides beside the figures on each database',
  'server/routes/archive-imports.db.test.ts': 'archive import leases (leased_until) under a pool',
  'server/routes/archive-restart.db.test.ts': 'an archive import resumed after a restart (lease)',
  'server/routes/caches.db.test.ts': 'cache invalidation over LISTEN/NOTIFY between two servers',
  'server/routes/cache-freshness.db.test.ts':
    'every write endpoint leaves the cached reads fresh: the tables a write touched, read from each driver',
  'server/routes/concurrency.db.test.ts': 'uploads, syncs and event streams at once on a pool',
  'server/routes/error-reports.db.test.ts': 'reaches error-report-repository, as no other suite here does',
  'server/routes/public-profiles.db.test.ts': 'reaches public-profile-repository, as no other suite here does',
  'server/routes/strava-webhooks.db.test.ts':
    'reaches strava-push-subscription-repository, as no other suite here does',
  'server/routes/data-export.db.test.ts': 'export jobs racing their requests (found on PostgreSQL)',
  'server/routes/fuzz.db.test.ts': 'random requests: found a race only PostgreSQL showed',
  'server/routes/health.db.test.ts': 'the migration lock and transaction; branches on the database',
  'server/routes/mailings.db.test.ts': 'two app servers on one PostgreSQL database send once',
  'server/routes/per-user-caps.db.test.ts': 'parallel saves for the last place: one wins (row locks)',
  'server/routes/strava-edits.db.test.ts': 'sync job leases (lease_owner, lease_until)',
  'server/routes/strava-efforts-backfill.db.test.ts': 'a backfill through pg-boss',
  'server/routes/strava-restart.db.test.ts': 'a sync resumed after a restart (lease)',
  'server/routes/strava-sync.db.test.ts': 'concurrent syncs and a restart',
  'server/routes/strava-tokens.db.test.ts': 'two servers on one database refresh a token once (PostgreSQL only)',
  'server/routes/subscription.db.test.ts':
    'a webhook on one app server reaches the stream on another (PostgreSQL only)',
  'server/routes/two-factor.db.test.ts':
    'a TOTP code is accepted once per account: two requests at once race for its time step (row update)',
  'server/routes/medal-rules.db.test.ts':
    'medals re-derived at the next start: rows below the rules version rewritten in one transaction',
  'server/routes/mail-limits.db.test.ts':
    'mail counts per recipient and per hour, shared by app servers (racing upserts)',
  'server/routes/undated-files.db.test.ts':
    'a given start kept through a re-derivation at restart (activities.given_start); archive imports under a pool',
  'server/routes/upload-hardening.db.test.ts':
    'concurrent uploads per runner on the import pool; branches on the database',
  'server/routes/weather-cache.db.test.ts': 'the weather cache over LISTEN/NOTIFY between two servers',
  'server/routes/weather.db.test.ts': 'racing readers on two app servers fetch a forecast once (PostgreSQL only)',
  'server/routes/device-timer.db.test.ts':
    "the runner's choice of time read in SQL (a subquery on their profile) by every total, and a restart's re-derivation",
  'server/routes/plausible-figures.db.test.ts':
    'flags, maximum speeds and names against the files, and their re-derivation at start, on each database',
  'server/routes/strava-stream-figures.db.test.ts':
    "a Strava run's figures pending while its streams are fetched, then worked out from them (a guarded stamp)",
  'server/routes/training-coach.db.test.ts':
    'plans from eight weeks of runs and re-planned from check-ins: the plan versions and the weekly re-plan job; reaches session-score-repository',
};
