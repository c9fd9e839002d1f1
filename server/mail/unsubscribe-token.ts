/**
 * The token in a mail's unsubscribe link (RFC 8058): the runner's id and the preference it turns
 * off, signed with an HMAC keyed by the app secret. It cannot be guessed, and changing the id or the
 * preference breaks the signature, so one runner's link never unsubscribes another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_PREFERENCES, type MailPreference } from '../../core/mailings/mail-preferences.ts';

export interface UnsubscribeTarget {
  userId: string;
  preference: MailPreference;
}

export interface UnsubscribeTokens {
  sign(target: UnsubscribeTarget): string;
  /** The target of a token this server signed, or null. */
  verify(token: string): UnsubscribeTarget | null;
}

export function createUnsubscribeTokens(appSecret: string): UnsubscribeTokens {
  // A key of its own, so no other signature made with the app secret can pass for this one.
  const key = createHmac('sha256', appSecret).update('stride mail unsubscribe').digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign({ userId, preference }) {
      const payload = Buffer.from(`${preference}:${userId}`).toString('base64url');
      return `${payload}.${signature(payload).toString('base64url')}`;
    },
    verify(token) {
      const [payload, signed, extra] = token.split('.');
      if (!payload || !signed || extra !== undefined) {
        return null;
      }
      const expected = signature(payload);
      const given = Buffer.from(signed, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return null;
      }
      const text = Buffer.from(payload, 'base64url').toString('utf8');
      const colon = text.indexOf(':');
      const preference = MAIL_PREFERENCES.find((name) => name === text.slice(0, colon));
      const userId = text.slice(colon + 1);
      return preference && userId ? { userId, preference } : null;
    },
  };
}
