import { describe, expect, it } from 'vitest';
import { USERNAME_MESSAGES } from '../../../core/names.ts';
import { TIME_ZONE_MESSAGES } from '../../../core/activity/time-zone.ts';
import {
  DEFAULT_PREFERENCES,
  DEFAULT_WELLBEING_PREFERENCES,
  PROFILE_LIMITS,
  type Profile,
} from '../../../core/profile.ts';
import { tooLongMessage } from '../../../core/user-text.ts';
import { accountFormChanges, accountFormValues, checkAccountChanges } from './account-form.ts';

const profile: Profile = {
  uid: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: 'London',
  bio: '',
  photoURL: '',
  statistics: { totalActivities: 0, totalDistance: 0, totalElevation: 0, totalDuration: 0 },
  athleteProfile: {},
  wellbeingPreferences: DEFAULT_WELLBEING_PREFERENCES,
  preferences: DEFAULT_PREFERENCES,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('accountFormValues', () => {
  it('takes the fields the form edits from the profile', () => {
    expect(accountFormValues(profile)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      location: 'London',
      bio: '',
      preferences: DEFAULT_PREFERENCES,
    });
  });
});

describe('accountFormChanges', () => {
  const values = accountFormValues(profile);

  it('is empty while nothing changed', () => {
    expect(accountFormChanges(values, profile)).toEqual({});
  });

  it('ignores white space the server would trim away', () => {
    expect(accountFormChanges({ ...values, firstName: '  Ada ' }, profile)).toEqual({});
  });

  it('sends a changed field as typed, and only the preferences that changed', () => {
    const changed = {
      ...values,
      location: 'Paris ',
      preferences: { ...values.preferences, unitSystem: 'metric' as const },
    };
    expect(accountFormChanges(changed, profile)).toEqual({
      location: 'Paris ',
      preferences: { unitSystem: 'metric' },
    });
  });
});

describe('checkAccountChanges', () => {
  it('passes valid changes through the schema (which trims them)', () => {
    expect(checkAccountChanges({ location: ' Paris ' })).toEqual({
      valid: true,
      update: { location: 'Paris' },
      errors: {},
    });
  });

  it("gives each field the schema's first message", () => {
    const check = checkAccountChanges({ username: 'a', location: 'x'.repeat(PROFILE_LIMITS.location + 1) });
    expect(check.valid).toBe(false);
    expect(check.update).toBeNull();
    expect(check.errors).toEqual({
      username: USERNAME_MESSAGES.tooShort,
      location: tooLongMessage(PROFILE_LIMITS.location),
    });
  });
});

describe('the time-zone setting', () => {
  it('sends a chosen zone, and null to follow the browser again', () => {
    const values = accountFormValues(profile);
    const chosen = { ...values, preferences: { ...values.preferences, timeZone: 'Europe/London' } };
    expect(accountFormChanges(chosen, profile)).toEqual({ preferences: { timeZone: 'Europe/London' } });
    const london = { ...profile, preferences: { ...profile.preferences, timeZone: 'Europe/London' } };
    expect(accountFormChanges(values, london)).toEqual({ preferences: { timeZone: null } });
    expect(checkAccountChanges({ preferences: { timeZone: 'Europe/London' } }).valid).toBe(true);
  });

  it('refuses a zone that is not an IANA name with a sentence', () => {
    expect(checkAccountChanges({ preferences: { timeZone: 'Mars/Olympus_Mons' } }).errors).toEqual({
      'preferences.timeZone': TIME_ZONE_MESSAGES.unknown,
    });
  });
});
