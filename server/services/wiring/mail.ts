/**
 * What Stride mails and hands out as files: the weekly report and the notifications, sent from the
 * job queue (server/services/mailings/), and Account → "Download my data" (data-export-service.ts).
 */
import { createDataExports } from '../data-export-service.ts';
import { createMailings } from '../mailings/mailings.ts';
import { publicUseCase } from './context.ts';
import type { WiringContext } from '../service-context.ts';

export function wireMailings(ctx: WiringContext) {
  const { config } = ctx;
  return createMailings({ ...ctx, appSecret: config.appSecret, publicUrl: config.publicUrl });
}

export type Mailings = ReturnType<typeof wireMailings>;

export function wireDataExports(ctx: WiringContext) {
  const dataExports = createDataExports({ ...ctx, dataDir: ctx.config.dataDir, publicUrl: ctx.config.publicUrl });
  /** start() and stop() run the hourly sweep of expired files. */
  return {
    status: (userId: string) => dataExports.status(userId),
    request: (userId: string) => dataExports.request(userId),
    file: (userId: string, id: string) => dataExports.file(userId, id),
    openFile: dataExports.openFile,
    removeExpired: () => dataExports.removeExpired(),
    removeRunnerFiles: (userId: string) => dataExports.removeRunnerFiles(userId),
    start: () => dataExports.start(),
    stop: () => dataExports.stop(),
  };
}

export function wireMail(ctx: WiringContext, mailings: Mailings) {
  return {
    /** Whether this server sends mail (SMTP is configured): Account says so when not. */
    sendsMail: ctx.mailer.sendsMail,
    requestWeeklyReports: () => mailings.requestWeeklyReports(),
    /** The sweep itself: queues the runners whose report is due and not sent; returns how many. */
    queueDueWeeklyReports: () => mailings.queueDueWeeklyReports(),
    /** Every quarter hour, from when the job queue runs until stop(). */
    start: () => mailings.start(),
    stop: () => mailings.stop(),
    unsubscribeTarget: publicUseCase((token: string) => mailings.unsubscribeTarget(token)),
    /** Public: the token is the key. */
    unsubscribe: publicUseCase(async (token: string) => (await mailings.unsubscribe(token))?.preference ?? null),
    unsubscribeUrl: mailings.unsubscribeUrl,
  };
}
