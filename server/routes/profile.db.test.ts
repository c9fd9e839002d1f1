/**
 * GET and PATCH /api/profile over HTTP: the signed-in user's own profile, merge-updated (spec §3,
 * §7), with usernames that stay unique and never shadow a route.
 */
import { describe, expect, it, vi } from 'vitest';
import { HTTP_MESSAGES, type ApiErrorBody } from '../../core/errors.ts';
import { USERNAME_MESSAGES } from '../../core/names.ts';
import { PROFILE_PHOTO_MESSAGES, type Profile } from '../../core/profile.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { expectApiError, getOwnProfile, registerUser } from '../test-support/factories.ts';
import { useTestServer } from '../test-support/test-server.ts';

const server = useTestServer();

const unauthenticated = { type: 'authentication', message: HTTP_MESSAGES.unauthenticated } as const;

function patchProfile(client: ApiClient, body: unknown) {
  return client.patch<Profile>('/api/profile', body);
}

async function expectValidationError(client: ApiClient, body: unknown, field: string, fieldMessage: string) {
  const before = await getOwnProfile(client);
  const response = await patchProfile(client, body);
  const error = expectApiError(response, 400, { type: 'validation_error', message: `${field}: ${fieldMessage}` });
  expect(error.fields).toEqual({ [field]: fieldMessage });
  expect(await getOwnProfile(client)).toEqual(before);
}

describe('GET /api/profile', () => {
  it('answers 401 without a session', async () => {
    expectApiError(await createApiClient(server().url).get('/api/profile'), 401, unauthenticated);
  });

  it('answers 401 for a made-up session cookie', async () => {
    const response = await createApiClient(server().url).get('/api/profile', {
      headers: { cookie: 'stride.session_token=forged.token' },
    });

    expectApiError(response, 401, unauthenticated);
  });

  it('returns the own profile', async () => {
    const { id, credentials, client } = await registerUser(server(), { name: 'Grace Hopper' });

    const response = await client.get<Profile>('/api/profile');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      uid: id,
      email: credentials.email,
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  it('recreates a missing profile with the defaults (spec §4: "created ... if missing")', async () => {
    const { id, client } = await registerUser(server(), { name: 'Missing Profile' });
    await server().database.db.deleteFrom('profiles').where('userId', '=', id).execute();

    const profile = await getOwnProfile(client);

    expect(profile).toMatchObject({
      uid: id,
      firstName: 'Missing',
      lastName: 'Profile',
      preferences: {
        unitSystem: 'imperial',
        theme: 'dark',
        darkMode: false,
        emailNotifications: true,
        weeklyReport: true,
      },
    });
  });
});

describe('PATCH /api/profile', () => {
  it('answers 401 without a session', async () => {
    expectApiError(await patchProfile(createApiClient(server().url), { bio: 'hi' }), 401, unauthenticated);
  });

  it('updates the text fields and the name, and returns the new profile', async () => {
    const { client } = await registerUser(server(), { name: 'Old Name' });

    const response = await patchProfile(client, {
      firstName: '  Katherine ',
      lastName: 'Johnson',
      location: 'Hampton, VA',
      bio: 'Runs the numbers.',
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      name: 'Katherine Johnson',
      location: 'Hampton, VA',
      bio: 'Runs the numbers.',
    });
    expect(await getOwnProfile(client)).toEqual(response.body);
  });

  it('keeps the account name in step with the profile name', async () => {
    const { client } = await registerUser(server(), { name: 'Before Rename' });

    await patchProfile(client, { firstName: 'After', lastName: 'Rename' });

    const session = await client.get<{ user: { name: string } }>('/api/auth/get-session');
    expect(session.body.user.name).toBe('After Rename');
  });

  it('merges athleteProfile instead of replacing it', async () => {
    const { client } = await registerUser(server());

    await patchProfile(client, { athleteProfile: { a: 1 } });
    const response = await patchProfile(client, { athleteProfile: { b: 2 } });

    expect(response.status).toBe(200);
    expect(response.body.athleteProfile).toEqual({ a: 1, b: 2 });
    expect((await getOwnProfile(client)).athleteProfile).toEqual({ a: 1, b: 2 });
  });

  it('keeps the keys inside athleteProfile exactly as sent', async () => {
    const { client } = await registerUser(server());
    await patchProfile(client, { athleteProfile: { shoe_size: 44, preferred_distance: { race_km: 21.1 } } });
    expect((await getOwnProfile(client)).athleteProfile).toEqual({
      shoe_size: 44,
      preferred_distance: { race_km: 21.1 },
    });
  });

  it('overwrites an athleteProfile key that is sent again', async () => {
    const { client } = await registerUser(server());

    await patchProfile(client, { athleteProfile: { shoe: 'old', weightKg: 60 } });
    const response = await patchProfile(client, { athleteProfile: { shoe: 'new' } });

    expect(response.body.athleteProfile).toEqual({ shoe: 'new', weightKg: 60 });
  });

  it('updates preferences partially, leaving the others as they were', async () => {
    const { client } = await registerUser(server());

    const first = await patchProfile(client, { preferences: { unitSystem: 'metric' } });
    const second = await patchProfile(client, { preferences: { theme: 'light', darkMode: true, weeklyReport: false } });

    expect(first.body.preferences).toEqual({
      unitSystem: 'metric',
      activityTime: 'device',
      theme: 'dark',
      darkMode: false,
      emailNotifications: true,
      weeklyReport: true,
      timeZone: null,
    });
    expect(second.body.preferences).toEqual({
      unitSystem: 'metric',
      activityTime: 'device',
      theme: 'light',
      darkMode: true,
      emailNotifications: true,
      weeklyReport: false,
      timeZone: null,
    });
  });

  it('leaves fields that are not sent untouched', async () => {
    const { client } = await registerUser(server());
    await patchProfile(client, { bio: 'Keep me', athleteProfile: { a: 1 } });

    const response = await patchProfile(client, { location: 'Oslo' });

    expect(response.body).toMatchObject({ bio: 'Keep me', location: 'Oslo', athleteProfile: { a: 1 } });
  });

  it('advances updatedAt and keeps createdAt', async () => {
    const { client } = await registerUser(server());
    const before = await getOwnProfile(client);
    // The clock has moved past the stored time, so the next write cannot carry the same one.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(before.updatedAt)));

    const response = await patchProfile(client, { bio: 'later' });

    expect(response.body.createdAt).toBe(before.createdAt);
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it('changes the username (stored lower case) and frees the old one', async () => {
    const { client } = await registerUser(server(), { name: 'Rename Me' });
    const oldUsername = (await getOwnProfile(client)).username;

    const response = await patchProfile(client, { username: 'Fresh-Name-1' });

    expect(response.status).toBe(200);
    expect(response.body.username).toBe('fresh-name-1');
    const other = await registerUser(server());
    expect((await patchProfile(other.client, { username: oldUsername })).status).toBe(200);
  });

  it('accepts the own username again, in other letter case', async () => {
    const { client } = await registerUser(server());
    await patchProfile(client, { username: 'same-again' });

    const response = await patchProfile(client, { username: 'SAME-AGAIN' });

    expect(response.status).toBe(200);
    expect(response.body.username).toBe('same-again');
  });

  it('answers 409 with the taken message for a username someone else has, in any letter case', async () => {
    const owner = await registerUser(server());
    await patchProfile(owner.client, { username: 'taken-name' });
    const { client } = await registerUser(server());
    const before = await getOwnProfile(client);

    const response = await patchProfile(client, { username: 'Taken-Name' });

    const error = expectApiError(response, 409, {
      type: 'validation_error',
      message: USERNAME_MESSAGES.taken,
      code: 'username-taken',
    });
    expect(error.fields).toEqual({ username: USERNAME_MESSAGES.taken });
    expect((await getOwnProfile(client)).username).toBe(before.username);
  });

  it('answers 400 for a reserved username ("login")', async () => {
    const { client } = await registerUser(server());

    await expectValidationError(client, { username: 'login' }, 'username', USERNAME_MESSAGES.reserved);
  });

  it.each([
    ['too short', 'ab', USERNAME_MESSAGES.tooShort],
    ['too long', 'a'.repeat(31), USERNAME_MESSAGES.tooLong],
    ['with a space', 'two words', USERNAME_MESSAGES.pattern],
    ['ending in a dash', 'runner-', USERNAME_MESSAGES.pattern],
  ])('answers 400 for a username %s', async (_label, username, message) => {
    const { client } = await registerUser(server());

    await expectValidationError(client, { username }, 'username', message);
  });

  it('answers 400 naming an unknown field', async () => {
    const { client } = await registerUser(server());

    await expectValidationError(client, { nickname: 'Speedy' }, 'nickname', 'Unknown field "nickname".');
  });

  it('answers 400 for a field the client may not set (statistics)', async () => {
    const { client } = await registerUser(server());

    await expectValidationError(
      client,
      { statistics: { totalDistance: 1 } },
      'statistics',
      'Unknown field "statistics".',
    );
  });

  it.each([
    ['unit system', 'unitSystem', 'furlongs'],
    ['theme', 'theme', 'sepia'],
  ])('answers 400 for an unknown %s', async (_label, preference, value) => {
    const { client } = await registerUser(server());
    const before = await getOwnProfile(client);

    const response = await patchProfile(client, { preferences: { [preference]: value } });

    expect(response.status).toBe(400);
    const { error } = response.body as unknown as ApiErrorBody;
    expect(error.type).toBe('validation_error');
    expect(error.message).toMatch(new RegExp(`^preferences\\.${preference}: \\S`));
    expect(Object.keys(error.fields ?? {})).toEqual([`preferences.${preference}`]);
    expect(await getOwnProfile(client)).toEqual(before);
  });

  it.each(['javascript:alert(1)', 'https://example.com/k.png'])(
    'answers 400 for the photo URL %j: photos are uploads',
    async (photoURL) => {
      const { client } = await registerUser(server());

      await expectValidationError(client, { photoURL }, 'photoURL', PROFILE_PHOTO_MESSAGES.externalUrl);
    },
  );

  it('answers 400 with the malformed-JSON message for a body that does not parse', async () => {
    const { client } = await registerUser(server());

    const response = await client.patch('/api/profile', undefined, { rawBody: '{"bio": "unterminated' });

    expectApiError(response, 400, { type: 'validation_error', message: HTTP_MESSAGES.malformedJson });
  });

  it('answers 413 for a body over 1 MB and changes nothing', async () => {
    const { client } = await registerUser(server());
    const before = await getOwnProfile(client);

    const response = await patchProfile(client, { athleteProfile: { notes: 'x'.repeat(1024 * 1024) } });

    expectApiError(response, 413, { type: 'validation_error', message: HTTP_MESSAGES.bodyTooLarge });
    expect(response.headers.get('connection')).toBe('close');
    expect(await getOwnProfile(client)).toEqual(before);
  });

  it('answers 413 for a streamed body over 1 MB that announces no length', async () => {
    const { client } = await registerUser(server());
    const chunk = new TextEncoder().encode(`{"bio":"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) {
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    // fetch's `duplex` option is missing from Node 20's RequestInit type.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'PATCH',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/json', origin: server().url, cookie },
    };
    const response = await fetch(`${server().url}/api/profile`, init);

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { type: 'validation_error', message: HTTP_MESSAGES.bodyTooLarge } });
  });

  it('changes only the signed-in user', async () => {
    const mine = await registerUser(server());
    const theirs = await registerUser(server());
    const theirsBefore = await getOwnProfile(theirs.client);

    await patchProfile(mine.client, { bio: 'mine', preferences: { darkMode: true }, athleteProfile: { x: 1 } });

    expect(await getOwnProfile(theirs.client)).toEqual(theirsBefore);
  });
});
