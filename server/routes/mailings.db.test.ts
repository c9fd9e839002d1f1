/**
 * The mail the preferences promise, over HTTP on a real server with a local SMTP server
 * (tools/service-stand-ins/smtp.ts) and a fixed clock: the weekly report each Monday from 07:00 in
 * the runner's zone, its figures checked against the week's uploaded files; sent once per runner
 * (with two app servers on one PostgreSQL database too), not with the preference off, nothing
 * without SMTP; the medal mail; the mail when Strava refuses the refresh token; and the RFC 8058
 * one-click unsubscribe (a POST turns the preference off, a GET alone changes nothing, a tampered
 * token is refused).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, garminTcx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { emailLinkMail } from '../../core/email-links.ts';
import { LIST_UNSUBSCRIBE_POST, NO_MAIL_NOTE, UNSUBSCRIBE_MESSAGES } from '../../core/mailings/mail-preferences.ts';
import { KEY_SESSION_KINDS, formatReportDay } from '../../core/mailings/weekly-report.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import type { Profile } from '../../core/profile.ts';
import { RUN_TASK_KINDS } from '../../core/training/plan-generation.ts';
import { taskTitle } from '../../core/training/task-text.ts';
import type { Goal, TrainingPlan } from '../../core/training/training-api.ts';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../../tools/service-stand-ins/smtp.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import {
  connectedRunner,
  stravaConfigFor,
  syncAndWait,
  updateIntegrationRow,
  waitUntil,
} from '../test-support/strava.ts';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
const HOUR = 3_600_000;
/** Sunday 22 November 2026, 13:00 in Ljubljana: no report is due when the servers start. */
const START = Date.UTC(2026, 10, 22, 12, 0, 0);
/** Monday 23 November, 09:00 in Ljubljana: the plan is made. */
const PLAN_DAY = Date.UTC(2026, 10, 23, 8, 0, 0);
/** Sunday 29 November, 20:00 in Ljubljana: the week's files are uploaded (and medals earned). */
const UPLOAD_TIME = Date.UTC(2026, 10, 29, 19, 0, 0);
/** Monday 30 November, 06:30 in Ljubljana (05:30 UTC): before the report's hour everywhere. */
const MONDAY_EARLY = Date.UTC(2026, 10, 30, 5, 30, 0);
/** 08:30 in Ljubljana, 07:30 UTC (the zone of a runner with no plan and no activity): past it. */
const MONDAY_MORNING = Date.UTC(2026, 10, 30, 7, 30, 0);
const MAIL_FROM = 'Stride <stride@localhost>';
const MAIL_QUEUES = ['mail-weekly-report-sweep', 'mail-weekly-report', 'mail-notification'];
const MAIL_DRAIN_TIMEOUT_MS = 60_000;

/** Resolves once no mail job is waiting, running or due for a retry. */
async function mailQueuesDrained(server: TestServer): Promise<void> {
  await waitUntil(
    async () => {
      const { rows } = await sql<{ open: number }>`
      select count(*)::int as open from pgboss.job
      where name in (${sql.join(MAIL_QUEUES)}) and state < 'completed'`.execute(server.database.db);
      return rows[0]?.open === 0;
      // A wait for the queue, not a speed target: each server's workers poll their queues, and a
      // loaded machine stretches their turns well past the usual second.
    },
    'the mail jobs to finish',
    MAIL_DRAIN_TIMEOUT_MS,
  );
}

const mailsTo = (standIn: SmtpStandIn, email: string, subjectStart: string) =>
  standIn.messages.filter((mail) => mail.to.includes(email) && mail.subject.startsWith(subjectStart));

/** The sign-up's verification mail is not one of the mailings. */
const VERIFICATION_SUBJECT = emailLinkMail('verifyEmail', '').subject;

/** Every mail the runner got apart from the verification mail of sign-up. */
const mailingsTo = (standIn: SmtpStandIn, email: string) =>
  mailsTo(standIn, email, '').filter((mail) => mail.subject !== VERIFICATION_SUBJECT);

/** The token of a mail's List-Unsubscribe address. */
function unsubscribeToken(mail: ReceivedMail): string {
  const link = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) {
    throw new Error(`no unsubscribe link in ${JSON.stringify(mail.headers)}`);
  }
  return token;
}

const oneClick = (server: TestServer, token: string, body: string = LIST_UNSUBSCRIBE_POST) =>
  fetch(`${server.url}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

const preferencesOf = async (runner: RegisteredUser) =>
  (await runner.client.get<Profile>('/api/profile')).body.preferences;

async function upload(server: TestServer, runner: RegisteredUser, files: { name: string; content: string }[]) {
  const result = await uploadFiles(server, runner.client, files, ZONE);
  expect(finalFileEvents(result.events).map((event) => event.state)).toEqual(files.map(() => 'complete'));
}

describe('with SMTP configured', () => {
  const clock = fixedClock(START);
  let standIn: SmtpStandIn;
  let database: TestDatabase;
  let server: TestServer;
  /** A second app server on the same database (PostgreSQL); on PGlite the one server is asked twice. */
  let servers: TestServer[];

  beforeAll(async () => {
    standIn = await startSmtpStandIn();
    database = await createTestDatabase();
    // App servers of one deployment share the app secret (the unsubscribe tokens' key).
    const config = {
      mail: { smtpUrl: standIn.url, from: MAIL_FROM },
      appSecret: randomBytes(32).toString('base64url'),
    };
    server = await startTestServer(config, { database, clock });
    servers =
      database.kind === 'postgres' ? [server, await startTestServer(config, { database, clock })] : [server, server];
  }, 120_000);

  afterAll(async () => {
    for (const running of new Set(servers)) {
      await running.stop();
    }
    await database?.destroy();
    await standIn?.stop();
  });

  // The week's files, and what they say: a run is as long as its last point's distance, and takes
  // as long as its points span (one point every 5 s at a steady speed due north).
  const runA = { start: Date.UTC(2026, 10, 24, 6, 0, 0), metres: 3600, seconds: 1200 };
  const runB = { start: Date.UTC(2026, 10, 28, 8, 0, 0), metres: 5000, seconds: 2000 };
  const ride = { start: Date.UTC(2026, 10, 26, 16, 0, 0), metres: 19_200, seconds: 2400 };
  /** Sunday 22 November: the week before, faster than both runs of the week over 400 m, 1 km and 1 mile. */
  const before = { start: Date.UTC(2026, 10, 22, 9, 0, 0), metres: 3500, seconds: 1000 };
  const points = (run: { start: number; metres: number; seconds: number }) =>
    straightRun({ points: run.seconds / 5 + 1, interval: 5, speed: run.metres / run.seconds, start: run.start });

  let runner: RegisteredUser;
  let quiet: RegisteredUser;
  let idle: RegisteredUser;
  let plan: TrainingPlan;

  it(
    'mails each new medal once, and none to a runner with e-mail notifications off',
    { timeout: 120_000 },
    async () => {
      runner = await registerUser(server);
      quiet = await registerUser(server);
      idle = await registerUser(server);
      expect((await runner.client.patch('/api/profile', { preferences: { unitSystem: 'metric' } })).status).toBe(200);
      expect(
        (
          await quiet.client.patch('/api/profile', {
            preferences: { weeklyReport: false, emailNotifications: false },
          })
        ).status,
      ).toBe(200);

      clock.set(PLAN_DAY);
      const goal = await runner.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, {
        kind: 'race',
        title: 'Spring half',
        startDate: '2026-11-23',
        endDate: '2027-03-14',
        raceDistanceM: 21_097.5,
        targetTimeS: 6900,
      });
      expect(goal.status).toBe(201);
      const made = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
        goalId: goal.body.id,
        level: 'intermediate',
        runsPerWeek: 5,
        longRunDay: 0,
      });
      expect(made.status).toBe(201);

      clock.set(UPLOAD_TIME);
      await upload(server, runner, [
        { name: 'before.gpx', content: garminConnectGpx(points(before), 'before.gpx') },
        { name: 'tuesday.gpx', content: garminConnectGpx(points(runA), 'tuesday.gpx') },
        {
          name: 'thursday-ride.tcx',
          content: garminTcx(
            [{ points: points(ride), averageHeartRate: 130, maxHeartRate: 150, calories: 500 }],
            'Biking',
          ),
        },
        { name: 'saturday.gpx', content: garminConnectGpx(points(runB), 'saturday.gpx') },
      ]);
      await upload(server, quiet, [{ name: 'quiet.gpx', content: garminConnectGpx(points(runA), 'quiet.gpx') }]);
      plan = (await runner.client.get<TrainingPlan>(`/api/training-plans/${made.body.id}`)).body;

      const earned = (await runner.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body.medals.filter(
        (medal) => medal.earned,
      );
      expect(earned.length).toBeGreaterThan(0);
      for (const medal of earned) {
        const mail = await standIn.next(
          (m) => m.to.includes(runner.credentials.email) && m.subject === `New medal: ${medal.title}`,
        );
        expect(mail.text).toContain(`You earned the "${medal.title}" medal: ${medal.description}`);
        expect(mail.text).toContain('See your medals: http://localhost:0/medals');
        expect(mail.html).toContain(`<p>You earned the &quot;${medal.title}&quot; medal: ${medal.description}</p>`);
        expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:0\/api\/mail\/unsubscribe\?token=.+>$/);
        expect(mail.text).toContain(
          'You get this mail because "E-mail notifications" is on in your Stride account. Unsubscribe:',
        );
      }
      // Another change of activities, and the medal check the web app makes: no medal is mailed twice.
      expect((await runner.client.post(`/api/medals/check?timeZone=${ZONE}`, {})).status).toBe(200);
      await upload(server, runner, [
        { name: 'again.gpx', content: garminConnectGpx(points({ ...runA, start: runA.start + HOUR }), 'again.gpx') },
      ]);
      await mailQueuesDrained(server);
      for (const medal of earned) {
        expect(mailsTo(standIn, runner.credentials.email, `New medal: ${medal.title}`)).toHaveLength(1);
      }
      expect(mailingsTo(standIn, quiet.credentials.email)).toEqual([]);
      // The extra run is removed again: the week's figures below are the four files above.
      const list = await runner.client.get<{ items: { id: string; name: string }[] }>('/api/activities');
      const extra = list.body.items.find((item) => item.name === 'again.gpx');
      expect((await runner.client.delete(`/api/activities/${extra?.id}`)).status).toBe(200);
    },
  );

  it(
    'sends the weekly report on Monday from 07:00 in the runner’s zone, with the week’s figures, once per runner',
    { timeout: 120_000 },
    async () => {
      clock.set(MONDAY_EARLY);
      expect(await server.services.mail.queueDueWeeklyReports()).toBe(0);

      clock.set(MONDAY_MORNING);
      // Every server asks for the sweep and runs one itself, at the same moment.
      await Promise.all(
        servers.flatMap((running) => [
          running.services.mail.requestWeeklyReports(),
          running.services.mail.queueDueWeeklyReports(),
        ]),
      );
      const report = await standIn.next(
        (m) => m.to.includes(runner.credentials.email) && m.subject.startsWith('Your Stride week'),
      );
      expect(report.subject).toBe('Your Stride week: Mon 23 Nov – Sun 29 Nov');

      // The week's runs, from the files: two runs, and one ride (the run of the Sunday before is not in it).
      const runKm = ((runA.metres + runB.metres) / 1000).toFixed(2);
      expect(runKm).toBe('8.60');
      expect(runA.seconds + runB.seconds).toBe(53 * 60 + 20);
      expect(report.text).toContain(`Distance and time\n2 runs: ${runKm} km in 53:20\n1 ride: 19.20 km in 40:00\n`);

      // The plan's run tasks of the week, ticked by the runs that matched them.
      const days = plan.calendar.flatMap((week) => week.days);
      const weekTasks = days
        .filter((day) => day.date >= '2026-11-23' && day.date <= '2026-11-29')
        .flatMap((day) => day.tasks)
        .filter(({ task }) => RUN_TASK_KINDS.has(task.kind));
      const done = weekTasks.filter((task) => task.completed).length;
      expect(weekTasks.length).toBeGreaterThan(0);
      expect(report.text).toContain(
        `Training plan\nHalf marathon plan: ${done} of ${weekTasks.length} planned runs done`,
      );

      // Personal bests: only the 5K (Saturday's 5000 m in 2000 s); the Sunday before was faster over the rest.
      expect(report.text).toContain('New personal bests\n5K: 33:20 (Sat 28 Nov)\n\n');

      const earned = (await runner.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body.medals.filter(
        (medal) => medal.earned,
      );
      expect(report.text).toContain(
        `Medals earned\n${earned
          .map((medal) => `${medal.title}: ${medal.description}`)
          .sort()
          .join('\n')}`,
      );

      const coming = days
        .filter((day) => day.date >= '2026-11-30' && day.date <= '2026-12-06')
        .flatMap((day) =>
          day.tasks
            .filter(({ task }) => KEY_SESSION_KINDS.has(task.kind))
            .map(({ task }) => `${formatReportDay(day.date)}: ${taskTitle(task, 'metric')}`),
        );
      expect(coming.length).toBeGreaterThan(0);
      expect(report.text).toContain(`Key sessions this week\n${coming.join('\n')}\n`);
      expect(report.html).toContain('<h2 style="font-size:16px;margin:16px 0 4px">Distance and time</h2>');
      expect(report.html).toContain(`<li>2 runs: ${runKm} km in 53:20</li>`);
      expect(report.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(report.text).toContain('You get this mail because "Weekly report" is on in your Stride account.');

      // A runner without activities hears so; one with the report off gets none.
      const idleReport = await standIn.next(
        (m) => m.to.includes(idle.credentials.email) && m.subject.startsWith('Your Stride week'),
      );
      expect(idleReport.text).toContain('Distance and time\nNo activities this week.\n');
      expect(idleReport.text).not.toContain('Training plan');

      // Asked again on every server: the sent log says it went.
      for (const running of servers) {
        expect(await running.services.mail.queueDueWeeklyReports()).toBe(0);
        await running.services.mail.requestWeeklyReports();
      }
      for (const running of servers) {
        await mailQueuesDrained(running);
      }
      expect(mailsTo(standIn, runner.credentials.email, 'Your Stride week')).toHaveLength(1);
      expect(mailsTo(standIn, idle.credentials.email, 'Your Stride week')).toHaveLength(1);
      expect(mailingsTo(standIn, quiet.credentials.email)).toEqual([]);
      const logged = await server.database.db
        .selectFrom('mailSentLog')
        .select(['userId', 'period'])
        .where('kind', '=', 'weekly-report')
        .where('sentAt', 'is not', null)
        .execute();
      expect(logged.filter((row) => row.userId === runner.id)).toEqual([{ userId: runner.id, period: '2026-11-23' }]);
    },
  );

  it('unsubscribes by one-click POST; a GET alone changes nothing; a tampered token is refused', async () => {
    const report = mailsTo(standIn, runner.credentials.email, 'Your Stride week')[0] as ReceivedMail;
    const token = unsubscribeToken(report);
    expect(report.text).toContain(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);

    const page = await fetch(`${server.url}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop getting the weekly report? Press the button to turn &quot;Weekly report&quot; off.');
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await preferencesOf(runner)).toMatchObject({ weeklyReport: true, emailNotifications: true });

    // A signature changed, or another runner's id under this runner's signature: refused, nothing changes.
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherPayload = Buffer.from(`weeklyReport:${idle.id}`).toString('base64url');
    for (const bad of [flipped, `${otherPayload}.${signature}`, 'nonsense', '']) {
      const refused = await oneClick(server, bad);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(UNSUBSCRIBE_MESSAGES.badToken);
    }
    const badGet = await fetch(`${server.url}/api/mail/unsubscribe?token=${encodeURIComponent(flipped)}`);
    expect(badGet.status).toBe(400);
    expect(await badGet.text()).toContain('This unsubscribe link is not valid. Turn mail off in Account instead.');
    // Without the one-click body: refused.
    const noBody = await oneClick(server, token, 'unsubscribe=yes');
    expect(noBody.status).toBe(400);
    expect(await noBody.text()).toContain(
      'A one-click unsubscribe is a POST with the body List-Unsubscribe=One-Click.',
    );
    expect(await preferencesOf(runner)).toMatchObject({ weeklyReport: true, emailNotifications: true });
    expect(await preferencesOf(idle)).toMatchObject({ weeklyReport: true });

    const done = await oneClick(server, token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(
      'You will no longer get the weekly report. You can turn &quot;Weekly report&quot; on again in Account.',
    );
    expect(await preferencesOf(runner)).toMatchObject({ weeklyReport: false, emailNotifications: true });

    // The medal mail's link turns the notifications off.
    const medalMail = mailsTo(standIn, runner.credentials.email, 'New medal:')[0] as ReceivedMail;
    expect((await oneClick(server, unsubscribeToken(medalMail))).status).toBe(200);
    expect(await preferencesOf(runner)).toMatchObject({ weeklyReport: false, emailNotifications: false });
  });

  it('tells the web app that this server sends mail', async () => {
    const config = await fetch(`${server.url}/api/config`);
    expect(await config.json()).toMatchObject({ sendsMail: true });
  });
});

describe('without SMTP', () => {
  const clock = fixedClock(MONDAY_MORNING);
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('queues, logs and sends nothing on Monday morning, and says so to the web app', async () => {
    const runner = await registerUser(server);
    await upload(server, runner, [
      {
        name: 'monday.gpx',
        content: garminConnectGpx(straightRun({ points: 121, interval: 5, start: MONDAY_MORNING - 2 * HOUR })),
      },
    ]);
    expect(await server.services.mail.queueDueWeeklyReports()).toBe(0);
    await server.services.mail.requestWeeklyReports();
    const { rows } = await sql<{ jobs: number }>`
      select count(*)::int as jobs from pgboss.job where name in (${sql.join(MAIL_QUEUES)})`.execute(
      server.database.db,
    );
    expect(rows[0]?.jobs).toBe(0);
    expect(await server.database.db.selectFrom('mailSentLog').selectAll().execute()).toEqual([]);
    const config = await fetch(`${server.url}/api/config`);
    expect(await config.json()).toMatchObject({ sendsMail: false });
    expect(NO_MAIL_NOTE).toBe('This server sends no mail, so these settings have no effect here.');
  });
});

describe('when Strava refuses the refresh token', () => {
  let standIn: SmtpStandIn;
  let strava: StravaSimulator;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startSmtpStandIn();
    strava = await createStravaSimulator({ seed: 11, enforceRateLimits: false });
    server = await startTestServer({
      strava: stravaConfigFor(strava),
      mail: { smtpUrl: standIn.url, from: MAIL_FROM },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
    await standIn?.stop();
  });

  it('mails the runner once that Strava needs them', { timeout: 120_000 }, async () => {
    const runner = await connectedRunner(server, strava, 2);
    await updateIntegrationRow(server, runner.id, {
      expiresAt: new Date(Date.now() + 450_000),
      lastRefreshAttempt: null,
    });
    strava.setFault('invalidRefreshToken', true);
    try {
      const synced = await syncAndWait(runner.client);
      expect(synced.connected).toBe(false);
    } finally {
      strava.clearFaults();
    }
    const mail = await standIn.next(
      (m) => m.to.includes(runner.credentials.email) && m.subject === 'Strava needs you: connect it to Stride again',
    );
    expect(mail.text).toContain(
      'Stride could no longer renew its access to your Strava account, so the connection has ended and new Strava activities no longer arrive. Connect Strava again in Account to bring them back.',
    );
    expect(mail.text).toContain('Connect Strava again: http://localhost:0/account');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The status asked again finds the connection ended already: no second mail.
    expect((await runner.client.get('/api/strava/status')).status).toBe(200);
    await mailQueuesDrained(server);
    expect(mailsTo(standIn, runner.credentials.email, 'Strava needs you')).toHaveLength(1);
  });
});
