/**
 * DELETE /api/account over HTTP: the Data Deletion Policy's promise that the user and every row of
 * theirs go, and every session with them; and GET /api/password-policy that forms check against.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, type ApiErrorBody } from '../../core/errors.ts';
import { ACCOUNT_DELETION_MESSAGES } from '../../core/account-deletion.ts';
import { createApiClient } from '../test-support/api-client.ts';
import {
  countRows,
  expectApiError,
  getOwnProfile,
  makeProfilePublic,
  registerUser,
  signedInClient,
  signIn,
} from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { userDataTables } from '../db/user-repository.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

const unauthenticated = { type: 'authentication', message: HTTP_MESSAGES.unauthenticated } as const;
const everything = { users: 1, sessions: 1, accounts: 1, profiles: 1 };
const nothing = { users: 0, sessions: 0, accounts: 0, profiles: 0 };

describe('DELETE /api/account', () => {
  it('answers 401 without a session', async () => {
    const response = await createApiClient(server.url).delete('/api/account', { confirmEmail: 'a@example.com' });

    expectApiError(response, 401, unauthenticated);
  });

  it.each([
    ['another address', 'someone-else@example.com'],
    ['an empty string', ''],
  ])('answers 400 for a confirmation with %s and deletes nothing', async (_label, confirmEmail) => {
    const { id, client } = await registerUser(server);

    const response = await client.delete('/api/account', { confirmEmail, password: 'irrelevant' });

    const error = expectApiError(response, 400, {
      type: 'validation_error',
      message: ACCOUNT_DELETION_MESSAGES.confirmationMismatch,
    });
    expect(error.fields).toEqual({ confirmEmail: ACCOUNT_DELETION_MESSAGES.confirmationMismatch });
    expect(await countRows(server, id)).toEqual(everything);
    expect((await getOwnProfile(client)).uid).toBe(id);
  });

  it('answers 400 for a missing confirmation and deletes nothing', async () => {
    const { id, client } = await registerUser(server);

    const response = await client.delete('/api/account', {});

    expect(response.status).toBe(400);
    const { error } = response.body as ApiErrorBody;
    expect(error.type).toBe('validation_error');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['confirmEmail', 'password']);
    expect(await countRows(server, id)).toEqual(everything);
  });

  it('asks for the password: missing or wrong, it answers 400 with a sentence and deletes nothing', async () => {
    const { id, credentials, client } = await registerUser(server);

    const missing = await client.delete('/api/account', { confirmEmail: credentials.email });
    const wrong = await client.delete('/api/account', { confirmEmail: credentials.email, password: 'not-my-password' });

    const missingError = expectApiError(missing, 400, {
      type: 'validation_error',
      message: `password: ${ACCOUNT_DELETION_MESSAGES.passwordRequired}`,
    });
    expect(missingError.fields).toEqual({ password: ACCOUNT_DELETION_MESSAGES.passwordRequired });
    const wrongError = expectApiError(wrong, 400, {
      type: 'validation_error',
      message: ACCOUNT_DELETION_MESSAGES.wrongPassword,
    });
    expect(wrongError.fields).toEqual({ password: ACCOUNT_DELETION_MESSAGES.wrongPassword });
    expect(await countRows(server, id)).toEqual(everything);
    expect((await getOwnProfile(client)).uid).toBe(id);
  });

  it('answers 400 for malformed JSON and deletes nothing', async () => {
    const { id, client } = await registerUser(server);

    const response = await client.delete('/api/account', undefined, { rawBody: '{"confirmEmail":' });

    expectApiError(response, 400, { type: 'validation_error', message: HTTP_MESSAGES.malformedJson });
    expect(await countRows(server, id)).toEqual(everything);
  });

  it('deletes the user, sessions, accounts and profile; the old cookie then gets 401', async () => {
    const { id, credentials, client } = await registerUser(server, { name: 'Leaving Soon' });
    await makeProfilePublic(client);
    const oldCookie = client.fork();
    const { username } = await getOwnProfile(client);
    expect((await createApiClient(server.url).get(`/api/public/profiles/${username}`)).status).toBe(200);

    const response = await client.delete('/api/account', {
      confirmEmail: credentials.email,
      password: credentials.password,
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: true });
    expect(client.cookies.has('stride.session_token')).toBe(false);
    expect(await countRows(server, id)).toEqual(nothing);
    expectApiError(await oldCookie.get('/api/profile'), 401, unauthenticated);
    expect((await createApiClient(server.url).get(`/api/public/profiles/${username}`)).status).toBe(404);
    expect((await signIn(server, credentials)).status).toBe(401);
  });

  // Each reached table's vacuum count, not its dead-tuple figure: PostgreSQL adds a deletion's dead
  // tuples to its statistics up to a second later, possibly after the vacuum has set them to 0.
  it('vacuums every table the deletion reached, so the deleted rows are not left as dead tuples', async () => {
    const { credentials, client } = await registerUser(server, { name: 'Vacuumed Away' });
    const loop = [
      { lat: 46.05, lng: 14.5 },
      { lat: 46.06, lng: 14.5 },
    ];
    expect((await client.post('/api/routes', { name: 'Secret home loop', waypoints: loop, line: loop })).status).toBe(
      201,
    );
    const { db } = server.database;
    const vacuums = async () => {
      const { rows } = await sql<{ relname: string; vacuums: string }>`
        select relname, vacuum_count::text as vacuums from pg_stat_user_tables`.execute(db);
      return new Map(rows.map((row) => [row.relname, Number(row.vacuums)]));
    };
    const reached = (await userDataTables(db)).map((name) => name.replace(/^.*\./, '').replaceAll('"', ''));
    expect(reached).toEqual(expect.arrayContaining(['auth_users', 'auth_sessions', 'profiles', 'saved_routes']));
    const before = await vacuums();

    expect(
      (await client.delete('/api/account', { confirmEmail: credentials.email, password: credentials.password })).status,
    ).toBe(200);

    const after = await vacuums();
    for (const table of reached) {
      expect({ table, vacuums: after.get(table) }).toEqual({ table, vacuums: (before.get(table) ?? 0) + 1 });
    }
  });

  it('accepts the confirmation in other letter case and with spaces around it', async () => {
    const { id, credentials, client } = await registerUser(server);

    const response = await client.delete('/api/account', {
      confirmEmail: `  ${credentials.email.toUpperCase()} `,
      password: credentials.password,
    });

    expect(response.status).toBe(200);
    expect(await countRows(server, id)).toEqual(nothing);
  });

  it('signs out every device', async () => {
    const { id, credentials, client } = await registerUser(server);
    const laptop = await signedInClient(server, credentials);
    const phone = await signedInClient(server, credentials);
    expect(await countRows(server, id)).toMatchObject({ sessions: 3 });

    await client.delete('/api/account', { confirmEmail: credentials.email, password: credentials.password });

    expectApiError(await laptop.get('/api/profile'), 401, unauthenticated);
    expectApiError(await phone.get('/api/profile'), 401, unauthenticated);
  });

  it("leaves another user's data untouched", async () => {
    const leaving = await registerUser(server);
    const staying = await registerUser(server);
    await staying.client.patch('/api/profile', { bio: 'still here', athleteProfile: { a: 1 } });
    const stayingBefore = await getOwnProfile(staying.client);
    const everyoneBefore = await countRows(server);

    await leaving.client.delete('/api/account', {
      confirmEmail: leaving.credentials.email,
      password: leaving.credentials.password,
    });

    expect(await countRows(server, staying.id)).toEqual(everything);
    expect(await getOwnProfile(staying.client)).toEqual(stayingBefore);
    expect(await countRows(server)).toEqual({
      users: everyoneBefore.users - 1,
      sessions: everyoneBefore.sessions - 1,
      accounts: everyoneBefore.accounts - 1,
      profiles: everyoneBefore.profiles - 1,
    });
  });

  it('lets the same e-mail register again afterwards', async () => {
    const { credentials, client } = await registerUser(server);
    await client.delete('/api/account', { confirmEmail: credentials.email, password: credentials.password });

    const again = await registerUser(server, { email: credentials.email });

    expect((await getOwnProfile(again.client)).email).toBe(credentials.email);
  });
});

describe('GET /api/password-policy', () => {
  it('serves the spec §5 default policy: minimum 6, no character classes', async () => {
    const response = await createApiClient(server.url).get('/api/password-policy');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      minLength: 6,
      maxLength: 128,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });
});
