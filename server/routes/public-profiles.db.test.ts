/** GET /api/public/profiles/{username} over HTTP: what anyone may see at /{username}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, PublicProfile } from '../../core/profile.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, makeProfilePublic, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

describe('GET /api/public/profiles/{username}', () => {
  it('shows the public fields to a visitor, in the units its owner chose, and never the e-mail', async () => {
    const { credentials, client } = await registerUser(server, { name: 'Eliud Kipchoge' });
    await makeProfilePublic(client);
    const updated = await client.patch<Profile>('/api/profile', {
      username: 'eliud',
      location: 'Eldoret',
      bio: 'No human is limited.',
      athleteProfile: { secret: 'not public' },
      preferences: { unitSystem: 'metric' },
    });

    const response = await createApiClient(server.url).get<PublicProfile>('/api/public/profiles/eliud');

    expect(response.status).toBe(200);
    expect(response.body).toEqual<PublicProfile>({
      username: 'eliud',
      name: 'Eliud Kipchoge',
      firstName: 'Eliud',
      location: 'Eldoret',
      bio: 'No human is limited.',
      photoURL: '',
      createdAt: updated.body.createdAt,
      unitSystem: 'metric',
      uploadedActivities: 0,
      totals: { activities: 0, distance: 0, movingTime: 0, elevationGain: 0 },
      medals: [],
      recentActivities: [],
    });
    expect(response.text).not.toContain(credentials.email);
    expect(response.text).not.toContain('not public');
  });

  it('finds the profile whatever the letter case of the username', async () => {
    const { client } = await registerUser(server);
    await makeProfilePublic(client);
    await client.patch('/api/profile', { username: 'case-runner' });

    const response = await createApiClient(server.url).get<PublicProfile>('/api/public/profiles/Case-RUNNER');

    expect(response.status).toBe(200);
    expect(response.body.username).toBe('case-runner');
  });

  it('answers 404 naming the unknown runner', async () => {
    const response = await createApiClient(server.url).get('/api/public/profiles/nobody-here');

    expectApiError(response, 404, { type: 'api_error', message: 'No runner is called @nobody-here.' });
  });

  it('does not find a profile by its old username after a rename', async () => {
    const { client } = await registerUser(server);
    await makeProfilePublic(client);
    await client.patch('/api/profile', { username: 'before-rename' });
    await client.patch('/api/profile', { username: 'after-rename' });
    expect((await createApiClient(server.url).get('/api/public/profiles/after-rename')).status).toBe(200);

    const response = await createApiClient(server.url).get('/api/public/profiles/before-rename');

    expectApiError(response, 404, { type: 'api_error', message: 'No runner is called @before-rename.' });
  });
});
