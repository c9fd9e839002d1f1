/**
 * The mails the "E-mail notifications" preference covers (spec §3): a new medal, and a Strava
 * connection that ended because Stride could no longer renew its access (the runner must connect
 * again). A medal is mailed when it is awarded; one earned longer ago than MEDAL_MAIL_WINDOW_MS
 * (before mail was set up, or while the preference was off) is never mailed late.
 */
import type { MailContent } from './mail-body.ts';

export const MEDAL_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;

export function medalMailContent(medal: { title: string; description: string }, appUrl: string): MailContent {
  return {
    subject: `New medal: ${medal.title}`,
    intro: `You earned the "${medal.title}" medal: ${medal.description}`,
    sections: [],
    action: { label: 'See your medals', url: `${appUrl}/medals` },
  };
}

export function stravaReconnectMailContent(appUrl: string): MailContent {
  return {
    subject: 'Strava needs you: connect it to Stride again',
    intro:
      'Stride could no longer renew its access to your Strava account, so the connection has ended and new Strava activities no longer arrive. Connect Strava again in Account to bring them back.',
    sections: [],
    action: { label: 'Connect Strava again', url: `${appUrl}/account` },
  };
}
