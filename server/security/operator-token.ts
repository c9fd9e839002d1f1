/**
 * The operator's token for the server's operator endpoints (the error reports): derived from the
 * app secret, so the operator's command line on the same machine (`npm run errors`, which reads the
 * same configuration) has it without another setting, and nobody without the secret can make it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'stride operator: error reports';

export function operatorToken(appSecret: string): string {
  return createHmac('sha256', appSecret).update(PURPOSE).digest('base64url');
}

/** Whether an `Authorization` header carries the operator's token (compared in constant time). */
export function isOperator(authorization: string | undefined, appSecret: string): boolean {
  const presented = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!presented) {
    return false;
  }
  const expected = Buffer.from(operatorToken(appSecret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
