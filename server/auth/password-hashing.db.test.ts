/**
 * Test servers hash passwords with the same scrypt at a cheap cost (server/auth/password-hashing.ts),
 * through better-auth's own sign-up and sign-in; a server started as production starts hashes at
 * better-auth's cost.
 */
import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { registerUser, signIn } from '../test-support/factories.ts';
import { useTestServer, type TestServer } from '../test-support/test-server.ts';
import { scryptPasswordHashing, TEST_SCRYPT_COST } from './password-hashing.ts';

async function storedHash(server: TestServer, userId: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('authAccounts')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirstOrThrow();
  if (row.password === null) {
    throw new Error('the account has no password hash');
  }
  return row.password;
}

describe('a test server', () => {
  const server = useTestServer();

  it('stores the password as scrypt at the tests cost, and signs in with it', async () => {
    const { id, credentials } = await registerUser(server());

    const hash = await storedHash(server(), id);

    expect(await scryptPasswordHashing(TEST_SCRYPT_COST).verify({ hash, password: credentials.password })).toBe(true);
    expect(await verifyPassword({ hash, password: credentials.password })).toBe(false);
    expect((await signIn(server(), credentials)).status).toBe(200);
    expect((await signIn(server(), { email: credentials.email, password: 'correct-horse-9' })).status).toBe(401);
  });
});

describe('a server started with production password hashing', () => {
  const server = useTestServer({ options: { productionPasswordHashing: true } });

  it('stores the password as better-auth does, and signs in with it', async () => {
    const { id, credentials } = await registerUser(server());

    const hash = await storedHash(server(), id);

    expect(await verifyPassword({ hash, password: credentials.password })).toBe(true);
    expect((await signIn(server(), credentials)).status).toBe(200);
  });
});
