/**
 * How many account mails (a password reset, a sign-in link, an e-mail verification) Stride sends:
 * per recipient and kind of mail, 3 an hour and 10 a day; for the whole server, a configurable
 * number an hour (AUTH_MAIL_MAX_PER_HOUR). Counted by clock hours and UTC days. A request past a limit
 * is answered exactly as any other, so the limit tells nothing about the address. Pure: the caller
 * hands in the time.
 */

/** Per recipient and kind of mail. */
export const MAILS_PER_RECIPIENT_PER_HOUR = 3;
export const MAILS_PER_RECIPIENT_PER_DAY = 10;
/** For the whole server, unless AUTH_MAIL_MAX_PER_HOUR says otherwise. */
export const DEFAULT_AUTH_MAILS_PER_HOUR = 300;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** One count the mail is held to: its name, the window it counts in, and the most it may reach. */
export interface MailCounter {
  counter: string;
  windowStart: Date;
  cap: number;
}

/**
 * The counts a mail of `kind` to the recipient `recipientKey` (a keyed hash of the address) adds
 * one to, each within its limit, at `nowMs`.
 */
export function mailCounters(kind: string, recipientKey: string, nowMs: number, perHour: number): MailCounter[] {
  const hour = new Date(Math.floor(nowMs / HOUR_MS) * HOUR_MS);
  const day = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
  return [
    { counter: `${kind}:${recipientKey}:hour`, windowStart: hour, cap: MAILS_PER_RECIPIENT_PER_HOUR },
    { counter: `${kind}:${recipientKey}:day`, windowStart: day, cap: MAILS_PER_RECIPIENT_PER_DAY },
    { counter: 'all:hour', windowStart: hour, cap: perHour },
  ];
}

/** Counts in windows that began before this are over (the longest window is a day). */
export function staleMailCountsBefore(nowMs: number): Date {
  return new Date(Math.floor(nowMs / DAY_MS) * DAY_MS - DAY_MS);
}
