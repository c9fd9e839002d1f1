/**
 * The mail the profile's preferences promise (spec §3 emailNotifications, weeklyReport): the weekly
 * report each Monday morning, and notifications (a new medal, a Strava connection that needs the
 * runner), each with a one-click unsubscribe link (RFC 8058).
 *
 * Everything is sent from the general job queue, and only when the server sends mail (SMTP is
 * configured): without it nothing is queued or logged. Each app server looks every quarter hour
 * for runners whose report is due (one sweep job per quarter hour, a pg-boss singleton key), and
 * queues one job per runner and week (singleton key runner + week). A job claims its row in the
 * sent log (unique on runner, kind and period) before it sends and marks it sent after, so however
 * many servers and retries try, a mail goes once; a failed send gives the claim up and fails the
 * job, which the queue retries.
 */
import { renderMail, type MailContent } from '../../../core/mailings/mail-body.ts';
import {
  LIST_UNSUBSCRIBE_POST,
  UNSUBSCRIBE_PATH,
  type MailPreference,
} from '../../../core/mailings/mail-preferences.ts';
import {
  MEDAL_MAIL_WINDOW_MS,
  medalMailContent,
  stravaReconnectMailContent,
} from '../../../core/mailings/notification-mails.ts';
import {
  dueReportWeek,
  WEEKLY_REPORT_CHECK_INTERVAL_MS,
  weeklyReportContent,
  type ReportWeek,
} from '../../../core/mailings/weekly-report.ts';
import { isValidTimeZone } from '../../../core/activity/time-zone.ts';
import { addDays } from '../../../core/training/local-day.ts';
import {
  claimMail,
  findMailRecipient,
  findUserMedal,
  markMailSent,
  releaseMailClaim,
  turnMailPreferenceOff,
  unmailedMedalsSince,
  wasMailSent,
  weeklyReportRecipients,
  type MailKey,
} from '../../db/mailing-repository.ts';
import { findIntegration } from '../../db/strava-connection-repository.ts';
import { createPeriodicSweep } from '../../jobs/periodic-sweep.ts';
import { createUnsubscribeTokens, type UnsubscribeTarget } from '../../mail/unsubscribe-token.ts';
import type { ActivityReaction, WiringContext } from '../service-context.ts';
import { weeklyReportFigures } from './weekly-report-figures.ts';

export const WEEKLY_REPORT_SWEEP_QUEUE = 'mail-weekly-report-sweep';
export const WEEKLY_REPORT_QUEUE = 'mail-weekly-report';
export const NOTIFICATION_QUEUE = 'mail-notification';

/** How long a sender's claim holds: as long as the queue lets a job run before it is retried. */
const CLAIM_SECONDS = 5 * 60;
/** A refused or failed send is tried again 11 times, from 10 s apart doubling (about 5.7 hours in all). */
const SEND_RETRIES = { retryLimit: 11, retryDelaySeconds: 10, retryBackoff: true } as const;

/** A stored zone the runtime does not know counts as UTC. */
const knownZone = (timeZone: string) => (isValidTimeZone(timeZone) ? timeZone : 'UTC');

interface WeeklyReportJob {
  userId: string;
  weekStart: string;
}

interface NotificationJob {
  userId: string;
  kind: 'medal' | 'strava-connection';
  /** The medal's id, or when the Strava connection ended (ISO). */
  period: string;
}

export type MailingsDeps = Pick<WiringContext, 'db' | 'logger' | 'clock' | 'mailer' | 'jobs'> & {
  appSecret: string;
  /** The server's public address, for the links in each mail. */
  publicUrl: string;
};

export function createMailings(deps: MailingsDeps) {
  const { db, clock, mailer, jobs, publicUrl } = deps;
  const logger = deps.logger.child({ module: 'mailings' });
  const tokens = createUnsubscribeTokens(deps.appSecret);

  const unsubscribeUrl = (target: UnsubscribeTarget) =>
    `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokens.sign(target))}`;

  /** Sends the mail once (see the module comment); returns whether this call sent it. */
  async function sendOnce(
    key: MailKey,
    to: string,
    preference: MailPreference,
    content: () => Promise<MailContent>,
  ): Promise<boolean> {
    const now = clock.now();
    const claim = await claimMail(db, key, new Date(now), new Date(now + CLAIM_SECONDS * 1000));
    if (claim === 'sent') {
      return false;
    }
    if (claim === 'busy') {
      throw new Error(`another server is sending the ${key.kind} mail for ${key.period}`);
    }
    try {
      const link = unsubscribeUrl({ userId: key.userId, preference });
      const rendered = renderMail(await content(), preference, link);
      await mailer.send({
        to,
        ...rendered,
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST },
      });
    } catch (error) {
      await releaseMailClaim(db, key, new Date(clock.now()));
      throw error;
    }
    await markMailSent(db, key, new Date(clock.now()));
    return true;
  }

  async function sendWeeklyReport({ userId, weekStart }: WeeklyReportJob): Promise<void> {
    const recipient = await findMailRecipient(db, userId);
    if (!mailer.sendsMail || !recipient?.weeklyReport) {
      return;
    }
    const week: ReportWeek = { weekStart, weekEnd: addDays(weekStart, 6), nextWeekStart: addDays(weekStart, 7) };
    await sendOnce({ userId, kind: 'weekly-report', period: weekStart }, recipient.email, 'weeklyReport', async () =>
      weeklyReportContent(
        await weeklyReportFigures(db, userId, week, knownZone(recipient.timeZone), recipient.unitSystem),
        recipient.unitSystem,
        publicUrl,
      ),
    );
  }

  async function sendNotification(job: NotificationJob): Promise<void> {
    const recipient = await findMailRecipient(db, job.userId);
    if (!mailer.sendsMail || !recipient?.emailNotifications) {
      return;
    }
    const key: MailKey = { userId: job.userId, kind: job.kind, period: job.period };
    if (job.kind === 'medal') {
      const medal = await findUserMedal(db, job.userId, job.period);
      if (medal) {
        await sendOnce(key, recipient.email, 'emailNotifications', () =>
          Promise.resolve(medalMailContent(medal, publicUrl)),
        );
      }
      return;
    }
    // Only while the connection is still the one that ended: a runner who connected again needs nothing.
    const integration = await findIntegration(db, job.userId);
    if (integration && !integration.isActive && integration.disconnectedAt?.toISOString() === job.period) {
      await sendOnce(key, recipient.email, 'emailNotifications', () =>
        Promise.resolve(stravaReconnectMailContent(publicUrl)),
      );
    }
  }

  /** The sweep: one job for each runner whose report is due and not sent yet. */
  async function queueDueWeeklyReports(): Promise<number> {
    if (!mailer.sendsMail) {
      return 0;
    }
    let queued = 0;
    for (const { userId, timeZone } of await weeklyReportRecipients(db)) {
      const week = dueReportWeek(clock.now(), knownZone(timeZone));
      if (!week || (await wasMailSent(db, { userId, kind: 'weekly-report', period: week.weekStart }))) {
        continue;
      }
      const job: WeeklyReportJob = { userId, weekStart: week.weekStart };
      if (await jobs.send(WEEKLY_REPORT_QUEUE, job, { singletonKey: `${userId}:${week.weekStart}` })) {
        queued += 1;
      }
    }
    return queued;
  }

  const weeklySweep = createPeriodicSweep(
    { jobs, clock, logger },
    {
      name: WEEKLY_REPORT_SWEEP_QUEUE,
      intervalMs: WEEKLY_REPORT_CHECK_INTERVAL_MS,
      expireInSeconds: CLAIM_SECONDS,
      notQueued: 'weekly report sweep not queued',
      sweep: queueDueWeeklyReports,
    },
  );
  jobs.define<WeeklyReportJob>({
    name: WEEKLY_REPORT_QUEUE,
    policy: 'short',
    ...SEND_RETRIES,
    expireInSeconds: CLAIM_SECONDS,
    handler: async (job) => {
      await sendWeeklyReport(job);
      return undefined;
    },
  });
  jobs.define<NotificationJob>({
    name: NOTIFICATION_QUEUE,
    policy: 'short',
    ...SEND_RETRIES,
    expireInSeconds: CLAIM_SECONDS,
    handler: async (job) => {
      await sendNotification(job);
      return undefined;
    },
  });

  async function notify(job: NotificationJob): Promise<void> {
    await jobs.send(NOTIFICATION_QUEUE, job, { singletonKey: `${job.userId}:${job.kind}:${job.period}` });
  }

  /** Queues a mail for each medal the runner earned lately and was not mailed about. */
  async function queueMedalMails(userId: string): Promise<void> {
    if (!mailer.sendsMail) {
      return;
    }
    const recipient = await findMailRecipient(db, userId);
    if (!recipient?.emailNotifications) {
      return;
    }
    for (const { medalId } of await unmailedMedalsSince(db, userId, new Date(clock.now() - MEDAL_MAIL_WINDOW_MS))) {
      await notify({ userId, kind: 'medal', period: medalId });
    }
  }

  /**
   * Turns the token's preference off (the token is the key, no session is needed) and returns it;
   * null for a token this server did not sign, or whose runner is gone.
   */
  async function unsubscribe(token: string): Promise<{ userId: string; preference: MailPreference } | null> {
    const target = tokens.verify(token);
    if (!target || !(await turnMailPreferenceOff(db, target.userId, target.preference, new Date(clock.now())))) {
      return null;
    }
    logger.info({ userId: target.userId, preference: target.preference }, 'unsubscribed from mail');
    return target;
  }

  return {
    /** Asks for this quarter hour's sweep (every server asks; one runs). */
    async requestWeeklyReports(): Promise<void> {
      if (mailer.sendsMail) {
        await weeklySweep.request();
      }
    },
    queueDueWeeklyReports,
    /** After the job queue started: asks for a sweep now and every quarter hour (only when mail is sent). */
    start(): void {
      if (mailer.sendsMail) {
        weeklySweep.start();
      }
    },
    stop: () => weeklySweep.stop(),
    /** The "activities changed" reaction after the medals: the new ones are mailed. */
    medalMailsReaction: {
      name: 'medal mails',
      run: (_context, change) => queueMedalMails(change.userId),
    } satisfies ActivityReaction,
    queueMedalMails,
    /** The Strava connection ended because its tokens could not be renewed: the runner is told. */
    async stravaConnectionLost(userId: string): Promise<void> {
      if (!mailer.sendsMail) {
        return;
      }
      const integration = await findIntegration(db, userId);
      if (integration?.disconnectedAt && !integration.isActive) {
        await notify({ userId, kind: 'strava-connection', period: integration.disconnectedAt.toISOString() });
      }
    },
    /** GET: checks the token and changes nothing; the preference it would turn off, or null. */
    unsubscribeTarget(token: string): MailPreference | null {
      return tokens.verify(token)?.preference ?? null;
    },
    unsubscribe,
    /** The unsubscribe link of a runner's preference (tests, and the mails themselves). */
    unsubscribeUrl,
  };
}

export type Mailings = ReturnType<typeof createMailings>;
