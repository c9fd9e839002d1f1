/**
 * The key Stride counts an e-mail address by (sign-in throttle, mail limits): an HMAC of the trimmed,
 * lower-cased address with the app secret, so tables never list which addresses people typed.
 */
import { createHmac } from 'node:crypto';

export function emailKey(appSecret: string, email: string): string {
  return createHmac('sha256', appSecret).update(email.trim().toLowerCase()).digest('hex');
}
