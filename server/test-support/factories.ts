/**
 * Factories and probes for integration tests: register and sign in users over HTTP with sensible
 * defaults that a test overrides where it matters, count a user's rows straight from the database,
 * and assert Stride's error envelope.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiErrorBody } from '../../core/errors.ts';
import type { Profile } from '../../core/profile.ts';
import { createApiClient, type ApiClient, type ApiResponse } from './api-client.ts';
import type { TestServer } from './test-server.ts';

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

export interface RegisteredUser {
  id: string;
  credentials: Credentials;
  /** Signed in as this user (registration signs in). */
  client: ApiClient;
}

/** better-auth's answer to sign-up and sign-in. */
export interface AuthUserBody {
  token: string | null;
  user: { id: string; name: string; email: string };
}

let sequence = 0;

/** Unique per call across test files running in parallel, so accounts never collide. */
export function uniqueEmail(label = 'runner'): string {
  sequence += 1;
  return `${label}-${sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

export function buildCredentials(overrides: Partial<Credentials> = {}): Credentials {
  return { name: 'Test Runner', email: overrides.email ?? uniqueEmail(), password: 'correct-horse-1', ...overrides };
}

export function signUp(server: TestServer, body: unknown, client: ApiClient = createApiClient(server.url)) {
  return client.post<AuthUserBody | ApiErrorBody>('/api/auth/sign-up/email', body);
}

export function signIn(
  server: TestServer,
  body: { email: string; password: string },
  client = createApiClient(server.url),
) {
  return client.post<AuthUserBody | ApiErrorBody>('/api/auth/sign-in/email', body);
}

/** Registers a new account (failing the test if that fails) and returns it with a signed-in client. */
export async function registerUser(server: TestServer, overrides: Partial<Credentials> = {}): Promise<RegisteredUser> {
  const credentials = buildCredentials(overrides);
  const client = createApiClient(server.url);
  const response = await signUp(server, credentials, client);
  if (response.status !== 200 || !('user' in response.body)) {
    throw new Error(`registerUser failed: ${response.status} ${response.text}`);
  }
  return { id: response.body.user.id, credentials, client };
}

/** Turns the runner's public profile on (a new account's is off until the runner turns it on). */
export async function makeProfilePublic(client: ApiClient): Promise<void> {
  const response = await client.patch('/api/profile/privacy', { publicProfile: true });
  if (response.status !== 200) {
    throw new Error(`turning the public profile on failed: ${response.status} ${response.text}`);
  }
}

/** A fresh client signed in as an existing user. */
export async function signedInClient(server: TestServer, credentials: Credentials): Promise<ApiClient> {
  const client = createApiClient(server.url);
  const response = await signIn(server, credentials, client);
  if (response.status !== 200) {
    throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  }
  return client;
}

export async function getOwnProfile(client: ApiClient): Promise<Profile> {
  const response = await client.get<Profile>('/api/profile');
  if (response.status !== 200) {
    throw new Error(`GET /api/profile failed: ${response.status} ${response.text}`);
  }
  return response.body;
}

export interface RowCounts {
  users: number;
  sessions: number;
  accounts: number;
  profiles: number;
}

/** Rows in every table that holds accounts, for one user or (without an id) for everyone. */
export async function countRows(server: TestServer, userId?: string): Promise<RowCounts> {
  const { db } = server.database;
  const count = async (table: 'authUsers' | 'authSessions' | 'authAccounts' | 'profiles', column: 'id' | 'userId') => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('rows'));
    if (userId !== undefined) {
      query = query.where(column, '=', userId);
    }
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.rows);
  };
  return {
    users: await count('authUsers', 'id'),
    sessions: await count('authSessions', 'userId'),
    accounts: await count('authAccounts', 'userId'),
    profiles: await count('profiles', 'userId'),
  };
}

/** Asserts status and Stride's error envelope; `code` is checked as absent unless given. */
export function expectApiError(
  response: ApiResponse,
  status: number,
  expected: { type: ApiErrorBody['error']['type']; message: string; code?: string },
): ApiErrorBody['error'] {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { error: {} } });
  const error = (response.body as ApiErrorBody).error;
  expect({ type: error.type, message: error.message, code: error.code }).toEqual({
    type: expected.type,
    message: expected.message,
    code: expected.code,
  });
  expect(response.headers.get('content-type')).toContain('application/json');
  return error;
}
