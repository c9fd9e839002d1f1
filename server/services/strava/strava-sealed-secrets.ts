/**
 * How the Strava secrets Stride stores (access and refresh tokens, a runner's own client secret)
 * are sealed with the app secret: each kind under its own purpose, so one can never be opened as
 * another. A secret sealed under another APP_SECRET opens as null, which the token rules treat as
 * stored data that is incomplete.
 */
import type { Logger } from 'pino';
import type { SecretBox } from '../../security/secret-box.ts';

export const SECRET_PURPOSE = {
  access: 'strava:access-token',
  refresh: 'strava:refresh-token',
  secret: 'strava:client-secret',
} as const;

export type SealedSecretOpener = (sealed: string | null, purpose: string) => string | null;

export function createSealedSecretOpener(box: SecretBox, logger: Logger): SealedSecretOpener {
  return (sealed, purpose) => {
    if (sealed === null) {
      return null;
    }
    try {
      return box.open(sealed, purpose);
    } catch {
      logger.warn('a stored Strava secret could not be opened (was APP_SECRET changed?)');
      return null;
    }
  };
}
