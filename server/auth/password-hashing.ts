/**
 * Password hashing at a chosen scrypt cost, in better-auth's own stored form (`<salt>:<key>`, a
 * 16-byte salt and a 64-byte key, both hex; the password NFKC-normalised), so sign-up, sign-in,
 * password changes and account deletion run better-auth's paths unchanged.
 *
 * Production never uses this: without it better-auth hashes at its own cost (N 16384, r 16, p 1).
 * Test servers (server/test-support/test-server.ts) pass {@link TEST_SCRYPT_COST} through the start
 * options, which no configuration or environment variable can reach.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  /** CPU and memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** better-auth's cost: what every server started without a test option hashes with. */
export const BETTER_AUTH_SCRYPT_COST: ScryptCost = { N: 16384, r: 16, p: 1 };

/** Test servers only: the same scrypt with a cost a sign-up pays in about a millisecond. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 256, r: 16, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 64;

function deriveKey(password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...cost, maxmem: 128 * cost.N * cost.r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function scryptPasswordHashing(cost: ScryptCost): PasswordHashing {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES).toString('hex');
      return `${salt}:${(await deriveKey(password, salt, cost)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [salt, key] = hash.split(':');
      if (!salt || !key) {
        throw new Error('Invalid password hash');
      }
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, cost);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
