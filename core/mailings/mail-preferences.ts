/**
 * The two mail preferences of a profile (spec §3 preferences: emailNotifications, weeklyReport) as
 * mail sees them: which mail each one covers, the one-click unsubscribe page's sentences (RFC 8058),
 * and the Account note when the server sends no mail.
 */
import { z } from 'zod';

export const MAIL_PREFERENCES = ['emailNotifications', 'weeklyReport'] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number];
export const mailPreferenceSchema = z.enum(MAIL_PREFERENCES);

/** What each preference's mail is called in a sentence ("the weekly report"). */
export const MAIL_PREFERENCE_NAMES: Readonly<Record<MailPreference, string>> = {
  emailNotifications: 'e-mail notifications',
  weeklyReport: 'the weekly report',
};

/** The switches' labels in Account (web/src/account/PreferenceFields.tsx). */
export const MAIL_PREFERENCE_LABELS: Readonly<Record<MailPreference, string>> = {
  emailNotifications: 'E-mail notifications',
  weeklyReport: 'Weekly report',
};

/** RFC 8058: the body of a one-click unsubscribe POST, and the header that announces it. */
export const ONE_CLICK_BODY_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_BODY_VALUE = 'One-Click';
export const LIST_UNSUBSCRIBE_POST = `${ONE_CLICK_BODY_FIELD}=${ONE_CLICK_BODY_VALUE}`;

/** Where every mail's unsubscribe link points (with `?token=`). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** Account: next to both switches when the server has no SMTP configured. */
export const NO_MAIL_NOTE = 'This server sends no mail, so these settings have no effect here.';

export const UNSUBSCRIBE_MESSAGES = {
  pageTitle: 'Unsubscribe',
  /** GET: the page asks before anything changes (mail scanners follow links). */
  confirm: (preference: MailPreference) =>
    `Stop getting ${MAIL_PREFERENCE_NAMES[preference]}? Press the button to turn "${MAIL_PREFERENCE_LABELS[preference]}" off.`,
  button: 'Unsubscribe',
  done: (preference: MailPreference) =>
    `You will no longer get ${MAIL_PREFERENCE_NAMES[preference]}. You can turn "${MAIL_PREFERENCE_LABELS[preference]}" on again in Account.`,
  badToken: 'This unsubscribe link is not valid. Turn mail off in Account instead.',
  badBody: `A one-click unsubscribe is a POST with the body ${LIST_UNSUBSCRIBE_POST}.`,
} as const;

/** The footer of every mail: why it came and how to stop it. */
export function unsubscribeFooter(preference: MailPreference): string {
  return `You get this mail because "${MAIL_PREFERENCE_LABELS[preference]}" is on in your Stride account. Unsubscribe:`;
}
