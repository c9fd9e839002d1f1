import { describe, expect, it } from 'vitest';
import { IDENTITY_ERROR_MESSAGES } from '../../../core/identity-errors.ts';
import type { Profile } from '../../../core/profile.ts';
import { ApiError, networkError } from '../api/client.ts';
import { loadProfileOrMinimal } from './profile.ts';

const user = { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com' };
const now = () => new Date('2026-03-04T05:06:07.000Z');
const failing = (error: Error) => () => Promise.reject(error);

describe('loadProfileOrMinimal (spec §8)', () => {
  it('answers the fetched profile when the server gives one', async () => {
    const profile = { uid: 'u1', name: 'Grace Hopper' } as Profile;
    await expect(loadProfileOrMinimal(() => Promise.resolve(profile), user, now)).resolves.toBe(profile);
  });

  it.each([
    ['a server failure', new ApiError(500, { type: 'api_error', message: 'Request failed: 500' })],
    ['no network', networkError()],
  ])('falls back to a minimal profile from the display name, imperial and light, on %s', async (_, error) => {
    const profile = await loadProfileOrMinimal(failing(error), user, now);
    expect(profile).toMatchObject({
      minimal: true,
      uid: 'u1',
      email: 'grace@example.com',
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      preferences: { unitSystem: 'imperial', darkMode: false },
      createdAt: '2026-03-04T05:06:07.000Z',
    });
  });

  it('still fails when the session has ended (the app signs out instead) or nobody is signed in', async () => {
    const disabled = new ApiError(403, {
      type: 'permission_error',
      code: 'user-disabled',
      message: IDENTITY_ERROR_MESSAGES['user-disabled'],
    });
    await expect(loadProfileOrMinimal(failing(disabled), user, now)).rejects.toBe(disabled);
    const expired = new ApiError(401, { type: 'authentication', message: 'Sign in first' });
    await expect(loadProfileOrMinimal(failing(expired), user, now)).rejects.toBe(expired);
    const down = networkError();
    await expect(loadProfileOrMinimal(failing(down), null, now)).rejects.toBe(down);
  });
});
