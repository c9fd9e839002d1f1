/**
 * Load scenario "a club on PostgreSQL": BENCH_CLUB_RUNNERS runners (1,000) of BENCH_CLUB_ACTIVITIES
 * activities each (300), two app servers, 50 connections split between them, each request the
 * dashboard's read of a random runner, so most answers are not in a cache yet. The club is seeded
 * straight into PostgreSQL with SQL (generate_series, the rows the list bench inserts), each runner
 * with a session whose signed cookie the bench makes itself, as better-auth signs it (HMAC-SHA256
 * with APP_SECRET): no thousand password hashings; one server then works out their stored training
 * loads (as a club's runners have them) and both servers start afresh. Reports req/s, p99, and each server's read cache
 * (its estimated bytes against READ_CACHE_MAX_MB) and resident memory.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BenchCheck, BenchReport } from './bench.ts';
import { drive, Latencies, randomSource, send, target, timed, type Target } from './load-generator.ts';
import {
  CONNECTIONS,
  DASHBOARD_PATHS,
  formatSplit,
  loadSeconds,
  serverStats,
  startCpuSplit,
  startServerProcess,
  stopServerProcess,
  type LoadContext,
  type LoadScenario,
  type Server,
  wholeNumberSetting,
} from './load-support.ts';

const TARGETS = { rps: 1000, p99Ms: 150 };
const MB = 1024 * 1024;

/** The session cookie better-auth sets for `token` (better-call's signed cookie, prefix `stride`). */
function sessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `stride.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Inserts the club's runners, their sessions and their activities; each runner's cookie. */
async function seedClub(databaseUrl: string, secret: string, runners: number, activities: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = Array.from({ length: runners }, () => randomUUID());
    const tokens = ids.map(() => randomBytes(24).toString('base64url'));
    await client.query(
      `insert into auth_users (id, name, email, email_verified)
       select id, 'Club Runner ' || n, 'club-' || n || '@example.com', true
       from unnest($1::text[]) with ordinality as runner(id, n)`,
      [ids],
    );
    await client.query(
      `insert into auth_sessions (id, user_id, token, expires_at)
       select gen_random_uuid()::text, user_id, token, now() + interval '7 days'
       from unnest($1::text[], $2::text[]) as session(user_id, token)`,
      [ids, tokens],
    );
    // The same rows as the list bench's syntheticActivity (activity-list.bench.ts), in SQL.
    await client.query(
      `insert into activities (id, user_id, name, type, source, start_date, start_date_local, timezone,
         distance, moving_time, elapsed_time, elevation_gain, average_speed, max_speed, average_heartrate,
         max_heartrate, average_cadence, start_lat, start_lng, end_lat, end_lng, original_filename,
         file_size, file_type, uploaded_at)
       select gen_random_uuid()::text, runner.id, 'Run ' || (i + 1), case when i % 10 = 0 then 'ride' else 'run' end,
         'upload', at, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'), 'UTC',
         5000 + (i % 50) * 200, 1500 + (i % 50) * 60, 1600 + (i % 50) * 60, 40 + (i % 30), 3.2, 4.5, 150,
         175, 172, 46.05, 14.5, 46.05, 14.5, 'run-' || (i + 1) || '.gpx', 100000, 'gpx', at
       from unnest($1::text[]) as runner(id)
       cross join generate_series(0, $2::int - 1) as i
       cross join lateral (select timestamptz '2020-01-01 00:00:00+00' + i * interval '3 hours' as at) as start`,
      [ids, activities],
    );
    await client.query('analyze');
    return tokens.map((token) => sessionCookie(token, secret));
  } finally {
    await client.end();
  }
}

/**
 * Has the first server make every runner's profile (sign-up makes it; the first read of the profile
 * does for an account without one) and then work out their stored training loads (the readiness
 * does on its first read, as for history stored before the loads were, and keeps them with the
 * profile): a club's runners have both already.
 */
async function completeRunners(server: Server, cookies: readonly string[]): Promise<void> {
  const to = target(server.url, 10);
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let index = next++; index < cookies.length; index = next++) {
        for (const path of ['/api/profile', '/api/readiness?timeZone=UTC']) {
          const answer = await send(to, 'GET', path, cookies[index] as string);
          if (answer.status !== 200) {
            throw new Error(`Completing a club runner: ${path} answered ${answer.status}`);
          }
        }
      }
    }),
  );
  to.agent.destroy();
}

export const clubOnPostgres: LoadScenario = {
  id: 'club',
  title: 'A club on PostgreSQL, two app servers',
  async run(context: LoadContext): Promise<BenchReport> {
    if (!context.postgresUrl) {
      return {
        headers: ['club'],
        rows: [],
        checks: [],
        notes: ['The club on PostgreSQL skipped: no BENCH_DATABASE_URL or TEST_DATABASE_URL.'],
      };
    }
    const runners = wholeNumberSetting('BENCH_CLUB_RUNNERS', 1000, 100_000);
    const activities = wholeNumberSetting('BENCH_CLUB_ACTIVITIES', 300, 100_000);
    const budgetMb = wholeNumberSetting('READ_CACHE_MAX_MB', 200, 100_000);
    const secret = context.serverEnv.BENCH_APP_SECRET ?? '';
    return context.withPostgresDatabase(async (databaseUrl) => {
      const env = { ...context.serverEnv, BENCH_ROLE: 'join', BENCH_DATABASE_URL: databaseUrl };
      const servers: Server[] = [await startServerProcess(env)];
      try {
        const seedStarted = performance.now();
        const cookies = await seedClub(databaseUrl, secret, runners, activities);
        await completeRunners(servers[0] as Server, cookies);
        const seedSeconds = (performance.now() - seedStarted) / 1000;
        // Each server starts with nothing cached, as after a restart.
        await stopServerProcess(servers.pop() as Server);
        servers.push(await startServerProcess(env), await startServerProcess(env));
        const targets = servers.map((server) => target(server.url, CONNECTIONS / servers.length));
        const random = randomSource(7);
        const reads = new Latencies();
        const step = async (connection: number) => {
          const cookie = cookies[Math.floor(random() * cookies.length)] as string;
          const path = DASHBOARD_PATHS[Math.floor(random() * DASHBOARD_PATHS.length)] as string;
          const to = targets[connection % targets.length] as Target;
          await timed(reads, () => send(to, 'GET', path, cookie));
        };
        // A short run first for the JIT and the pools; it also fills a few runners' caches.
        await drive(CONNECTIONS, 2, step);
        reads.reset();
        const split = startCpuSplit(servers);
        const wall = await drive(CONNECTIONS, loadSeconds(), step);
        const spent = split();
        const stats = await Promise.all(servers.map(serverStats));
        for (const to of targets) {
          to.agent.destroy();
        }
        const rps = reads.count / wall;
        const p99 = reads.percentile(0.99);
        const checks: BenchCheck[] = [
          {
            label: `Club of ${runners} runners on PostgreSQL, two app servers: ≥ ${TARGETS.rps} req/s with p99 ≤ ${TARGETS.p99Ms} ms`,
            measured: `${rps.toFixed(0)} req/s, p99 ${p99} ms`,
            passed: rps >= TARGETS.rps && p99 <= TARGETS.p99Ms,
          },
          ...stats.map((stat, index) => ({
            label: `Club, app server ${index + 1}: read cache ≤ ${budgetMb} MB (READ_CACHE_MAX_MB)`,
            measured: `${(stat.cache.bytes / MB).toFixed(1)} MB estimated, ${stat.cache.answers} answers of ${stat.cache.users} runners; RSS ${(stat.rssBytes / MB).toFixed(0)} MB`,
            passed: stat.cache.bytes <= budgetMb * MB,
          })),
        ];
        if (reads.failed > 0) {
          checks.push({ label: 'Club: every answer 2xx', measured: `${reads.failed} failed`, passed: false });
        }
        return {
          headers: ['club', 'req/s', 'p50', 'p99', 'cache per server', 'RSS per server', 'CPU cores'],
          rows: [
            [
              `${runners} × ${activities} activities`,
              rps.toFixed(0),
              `${reads.percentile(0.5)} ms`,
              `${p99} ms`,
              stats.map((stat) => `${(stat.cache.bytes / MB).toFixed(1)} MB`).join(' · '),
              stats.map((stat) => `${(stat.rssBytes / MB).toFixed(0)} MB`).join(' · '),
              formatSplit(spent),
            ],
          ],
          checks,
          notes: [
            `The club: ${runners} runners × ${activities} activities seeded with SQL, their profiles made and their training loads stored in ${seedSeconds.toFixed(1)} s (BENCH_CLUB_RUNNERS, BENCH_CLUB_ACTIVITIES); ${CONNECTIONS} connections over two app servers for ${loadSeconds()} s, each request a random runner's dashboard read.`,
          ],
        };
      } finally {
        await Promise.all(servers.map(stopServerProcess));
      }
    });
  },
};
