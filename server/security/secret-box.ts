/**
 * Secrets at rest (DESIGN.md "Strava tokens are encrypted at rest with the app secret"): AES-256-GCM
 * with a key derived from APP_SECRET by HKDF, a fresh 96-bit IV per value, and a purpose label bound
 * in as associated data so a sealed refresh token cannot be passed off as a client secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** Throws when the value was not sealed with this secret and purpose (or was tampered with). */
  open(sealed: string, purpose: string): string;
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'stride', 'stride secret-box v1', 32));
  return {
    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || payload === undefined) {
        throw new Error('Not a sealed value');
      }
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
