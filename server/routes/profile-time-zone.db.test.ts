/**
 * The runner's time zone in Account (PATCH /api/profile preferences.timeZone) over HTTP: null (the
 * browser's) until chosen, an IANA name the server knows once chosen, and a name it does not know
 * refused with a sentence, leaving the profile as it was.
 */
import { describe, expect, it } from 'vitest';
import { TIME_ZONE_MESSAGES } from '../../core/activity/time-zone.ts';
import type { Profile } from '../../core/profile.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { expectApiError, getOwnProfile, registerUser } from '../test-support/factories.ts';
import { useTestServer } from '../test-support/test-server.ts';

const server = useTestServer();

function patchProfile(client: ApiClient, body: unknown) {
  return client.patch<Profile>('/api/profile', body);
}

describe('the time-zone setting', () => {
  it('follows the browser (null) until the runner chooses a zone', async () => {
    const { client } = await registerUser(server());

    expect((await getOwnProfile(client)).preferences.timeZone).toBeNull();
  });

  it('stores a chosen IANA zone, and null again gives the choice back to the browser', async () => {
    const { client } = await registerUser(server());

    const chosen = await patchProfile(client, { preferences: { timeZone: 'Europe/London' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.preferences).toMatchObject({ timeZone: 'Europe/London', unitSystem: 'imperial' });
    expect((await getOwnProfile(client)).preferences.timeZone).toBe('Europe/London');

    await patchProfile(client, { preferences: { timeZone: 'America/Argentina/Buenos_Aires' } });
    expect((await getOwnProfile(client)).preferences.timeZone).toBe('America/Argentina/Buenos_Aires');

    const cleared = await patchProfile(client, { preferences: { timeZone: null } });
    expect(cleared.status).toBe(200);
    expect((await getOwnProfile(client)).preferences.timeZone).toBeNull();
  });

  it.each(['Mars/Olympus_Mons', 'Europe/London; drop table profiles', '', 'x'.repeat(65)])(
    'refuses the zone %j with a sentence and changes nothing',
    async (timeZone) => {
      const { client } = await registerUser(server());
      await patchProfile(client, { preferences: { timeZone: 'Europe/Oslo' } });
      const before = await getOwnProfile(client);

      const response = await patchProfile(client, { preferences: { timeZone, unitSystem: 'metric' } });

      const error = expectApiError(response, 400, {
        type: 'validation_error',
        message: `preferences.timeZone: ${TIME_ZONE_MESSAGES.unknown}`,
      });
      expect(error.fields).toEqual({ 'preferences.timeZone': TIME_ZONE_MESSAGES.unknown });
      expect(await getOwnProfile(client)).toEqual(before);
    },
  );
});
