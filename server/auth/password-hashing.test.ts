/**
 * The tests' password hashing is better-auth's scrypt in better-auth's stored form, only at another
 * cost: at better-auth's cost the two read each other's hashes.
 */
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import {
  BETTER_AUTH_SCRYPT_COST,
  scryptPasswordHashing,
  TEST_SCRYPT_COST,
  type ScryptCost,
} from './password-hashing.ts';

const STORED_FORM = /^[0-9a-f]{32}:[0-9a-f]{128}$/;

describe('scryptPasswordHashing', { timeout: 60_000 }, () => {
  it.each([
    ['the tests', TEST_SCRYPT_COST],
    ["better-auth's", BETTER_AUTH_SCRYPT_COST],
  ] as [string, ScryptCost][])(
    'at %s cost stores a 16-byte salt and a 64-byte key in hex and knows the password again',
    async (_name, cost) => {
      const hashing = scryptPasswordHashing(cost);

      const hash = await hashing.hash('correct-horse-42');

      expect(hash).toMatch(STORED_FORM);
      expect(await hashing.verify({ hash, password: 'correct-horse-42' })).toBe(true);
      expect(await hashing.verify({ hash, password: 'correct-horse-43' })).toBe(false);
    },
  );

  it('salts every hash afresh', async () => {
    const hashing = scryptPasswordHashing(TEST_SCRYPT_COST);

    expect(await hashing.hash('correct-horse-42')).not.toBe(await hashing.hash('correct-horse-42'));
  });

  it('reads a password in any Unicode form as its NFKC form, as better-auth does', async () => {
    const hashing = scryptPasswordHashing(TEST_SCRYPT_COST);
    const composed = 'p\u00e5ssword-1';
    const decomposed = 'pa\u030assword-1';

    const hash = await hashing.hash(composed);

    expect(await hashing.verify({ hash, password: decomposed })).toBe(true);
  });

  it("at better-auth's cost reads better-auth's hashes, and better-auth reads its hashes", async () => {
    const hashing = scryptPasswordHashing(BETTER_AUTH_SCRYPT_COST);

    const fromBetterAuth = await hashPassword('correct-horse-42');
    const fromHashing = await hashing.hash('correct-horse-42');

    expect(await hashing.verify({ hash: fromBetterAuth, password: 'correct-horse-42' })).toBe(true);
    expect(await verifyPassword({ hash: fromHashing, password: 'correct-horse-42' })).toBe(true);
    expect(await verifyPassword({ hash: fromHashing, password: 'correct-horse-43' })).toBe(false);
  });

  it("is another cost from better-auth's: a test hash does not verify at better-auth's cost", async () => {
    const hash = await scryptPasswordHashing(TEST_SCRYPT_COST).hash('correct-horse-42');

    expect(await verifyPassword({ hash, password: 'correct-horse-42' })).toBe(false);
    expect(await scryptPasswordHashing(TEST_SCRYPT_COST).verify({ hash, password: 'correct-horse-42' })).toBe(true);
  });

  it('refuses a stored value that is not salt:key', async () => {
    await expect(
      scryptPasswordHashing(TEST_SCRYPT_COST).verify({ hash: 'no-separator', password: 'x' }),
    ).rejects.toThrow('Invalid password hash');
  });
});
