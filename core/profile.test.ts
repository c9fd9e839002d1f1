import { describe, expect, it } from 'vitest';
import { USERNAME_MESSAGES } from './names.ts';
import { ACCOUNT_DELETION_MESSAGES, confirmsAccountDeletion } from './account-deletion.ts';
import {
  accountDeletionSchema,
  ATHLETE_PROFILE_LIMITS,
  ATHLETE_PROFILE_MESSAGES,
  athleteProfileProblem,
  mergeAthleteProfile,
  minimalProfile,
  PROFILE_PHOTO_MESSAGES,
  profilePhotoUrl,
  DEFAULT_PREFERENCES,
  DEFAULT_WELLBEING_PREFERENCES,
  INITIAL_STATISTICS,
  PROFILE_LIMITS,
  profileSchema,
  profileUpdateSchema,
  publicProfileSchema,
  registrationSchema,
  type Profile,
} from './profile.ts';
import { REGISTRATION_MESSAGES } from './registration.ts';
import { DEFAULT_UNIT_SYSTEM } from './unit-system.ts';

function firstMessage(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const sampleProfile: Profile = {
  uid: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: '',
  bio: '',
  photoURL: '',
  statistics: INITIAL_STATISTICS,
  athleteProfile: {},
  wellbeingPreferences: DEFAULT_WELLBEING_PREFERENCES,
  preferences: DEFAULT_PREFERENCES,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('spec §3 defaults', () => {
  it("prefers imperial units, the device's timer, the dark theme, light mode, e-mail notifications, the weekly report and the browser's time zone", () => {
    expect(DEFAULT_UNIT_SYSTEM).toBe('imperial');
    expect(DEFAULT_PREFERENCES).toEqual({
      unitSystem: 'imperial',
      activityTime: 'device',
      theme: 'dark',
      darkMode: false,
      emailNotifications: true,
      weeklyReport: true,
      // No zone of its own: the app follows the browser's.
      timeZone: null,
    });
  });

  it('starts every statistic at 0', () => {
    expect(INITIAL_STATISTICS).toEqual({ totalActivities: 0, totalDistance: 0, totalElevation: 0, totalDuration: 0 });
  });

  it('has the wellbeing preference defaults', () => {
    expect(DEFAULT_WELLBEING_PREFERENCES).toEqual({
      sleepQuality: 'high',
      energyLevel: 'high',
      stressLevel: 'moderate',
      soreness: 'moderate',
      hydration: 'high',
      nutrition: 'high',
      moodRating: 'moderate',
      injuryFeeling: 'moderate',
    });
  });
});

describe('profileSchema and publicProfileSchema', () => {
  it('accepts a complete profile', () => {
    expect(profileSchema.parse(sampleProfile)).toEqual(sampleProfile);
  });

  it('rejects a profile with an unknown unit system', () => {
    const result = profileSchema.safeParse({
      ...sampleProfile,
      preferences: { ...DEFAULT_PREFERENCES, unitSystem: 'nautical' },
    });
    expect(result.success).toBe(false);
  });

  it('never carries the e-mail or private fields to the public page', () => {
    const keys = Object.keys(publicProfileSchema.shape).sort();
    expect(keys).toEqual([
      'bio',
      'createdAt',
      'firstName',
      'location',
      'medals',
      'name',
      'photoURL',
      'recentActivities',
      'totals',
      'unitSystem',
      'uploadedActivities',
      'username',
    ]);
    const parsed = publicProfileSchema.parse({
      ...sampleProfile,
      unitSystem: 'metric',
      uploadedActivities: 0,
      totals: { activities: 0, distance: 0, movingTime: 0, elevationGain: 0 },
      medals: [],
      recentActivities: [],
    });
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('athleteProfile');
  });
});

describe('profileUpdateSchema', () => {
  it('accepts an empty update and any subset of fields', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ preferences: { darkMode: true } })).toEqual({ preferences: { darkMode: true } });
    expect(profileUpdateSchema.parse({ athleteProfile: { nested: { x: [1, 2] } } })).toEqual({
      athleteProfile: { nested: { x: [1, 2] } },
    });
  });

  it('trims text and lowercases the username', () => {
    expect(profileUpdateSchema.parse({ firstName: '  Ada ', bio: ' hi ', username: ' Ada-L ' })).toEqual({
      firstName: 'Ada',
      bio: 'hi',
      username: 'ada-l',
    });
  });

  it.each(['statistics', 'email', 'uid', 'createdAt', 'wellbeingPreferences', 'nickname'])(
    'rejects the field %s (unknown or not writable)',
    (field) => {
      const result = profileUpdateSchema.safeParse({ [field]: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
    },
  );

  it('rejects preference values outside their type', () => {
    expect(profileUpdateSchema.safeParse({ preferences: { unitSystem: 'metric' } }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ preferences: { unitSystem: 'furlongs' } }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ preferences: { darkMode: 'yes' } }).success).toBe(false);
  });

  it('rejects an athleteProfile that is not an object', () => {
    expect(profileUpdateSchema.safeParse({ athleteProfile: [1, 2] }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ athleteProfile: 'fast' }).success).toBe(false);
  });

  it.each([
    ['firstName', PROFILE_LIMITS.name],
    ['lastName', PROFILE_LIMITS.name],
    ['location', PROFILE_LIMITS.location],
    ['bio', PROFILE_LIMITS.bio],
  ] as const)('limits %s to %i characters', (field, limit) => {
    expect(profileUpdateSchema.safeParse({ [field]: 'x'.repeat(limit) }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ [field]: 'x'.repeat(limit + 1) }).success).toBe(false);
  });

  it('has the limits 80, 100, 500 and 200', () => {
    expect(PROFILE_LIMITS).toEqual({ name: 80, location: 100, bio: 500, photoURL: 200 });
  });

  it.each([
    'https://example.com/a.png',
    'http://example.com/a.png',
    'javascript:alert(1)',
    '//evil.example/a.png',
    '/api/profile-photos/../../x',
    'a'.repeat(3000),
  ])('refuses the photo URL %j: photos are uploads only', (photoURL) => {
    expect(firstMessage(profileUpdateSchema.safeParse({ photoURL }))).toBe(PROFILE_PHOTO_MESSAGES.externalUrl);
  });

  it('checks the username with the username rules', () => {
    expect(firstMessage(profileUpdateSchema.safeParse({ username: 'login' }))).toBe(USERNAME_MESSAGES.reserved);
    expect(firstMessage(profileUpdateSchema.safeParse({ username: 'ab' }))).toBe(USERNAME_MESSAGES.tooShort);
  });
});

describe('registrationSchema', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret' };

  it('accepts a name, an e-mail and a password, trimming the name', () => {
    expect(registrationSchema.parse({ ...valid, name: '  Ada Lovelace ' })).toEqual(valid);
  });

  it.each([
    ['a missing name', { name: undefined }, REGISTRATION_MESSAGES.nameRequired],
    ['an empty name', { name: '' }, REGISTRATION_MESSAGES.nameRequired],
    ['a blank name', { name: '   ' }, REGISTRATION_MESSAGES.nameRequired],
    ['a name that is not text', { name: 42 }, REGISTRATION_MESSAGES.nameRequired],
    ['a missing e-mail', { email: undefined }, REGISTRATION_MESSAGES.emailInvalid],
    ['an invalid e-mail', { email: 'ada.example.com' }, REGISTRATION_MESSAGES.emailInvalid],
    ['a missing password', { password: undefined }, REGISTRATION_MESSAGES.passwordRequired],
  ])('rejects %s with its sentence', (_label, overrides, message) => {
    expect(firstMessage(registrationSchema.safeParse({ ...valid, ...overrides }))).toBe(message);
  });

  it('limits the name to 160 characters', () => {
    expect(registrationSchema.safeParse({ ...valid, name: 'x'.repeat(160) }).success).toBe(true);
    expect(registrationSchema.safeParse({ ...valid, name: 'x'.repeat(161) }).success).toBe(false);
  });

  it('has the sentences the form shows', () => {
    expect(REGISTRATION_MESSAGES).toEqual({
      nameRequired: 'Enter your name.',
      emailInvalid: 'Enter a valid e-mail address.',
      passwordRequired: 'Enter a password.',
    });
  });
});

describe('accountDeletionSchema', () => {
  it('takes only the confirmation e-mail and the password', () => {
    expect(accountDeletionSchema.parse({ confirmEmail: 'ada@example.com', password: 'secret1' })).toEqual({
      confirmEmail: 'ada@example.com',
      password: 'secret1',
    });
    expect(accountDeletionSchema.safeParse({}).success).toBe(false);
    expect(accountDeletionSchema.safeParse({ confirmEmail: 'ada@example.com' }).success).toBe(false);
    expect(
      accountDeletionSchema.safeParse({ confirmEmail: 'a@example.com', password: 'secret1', force: true }).success,
    ).toBe(false);
  });

  it('has the mismatch sentence', () => {
    expect(ACCOUNT_DELETION_MESSAGES.confirmationMismatch).toBe(
      'Type your e-mail address exactly to confirm deletion.',
    );
  });
});

describe('athlete profile limits', () => {
  it('accepts a profile within every limit', () => {
    expect(athleteProfileProblem({ shoe: 'Pegasus', zones: [1, 2, 3], goals: { marathon: '3:30' } })).toBeNull();
  });

  it('refuses more than 16 KB of JSON, too deep a nesting or too many fields', () => {
    expect(athleteProfileProblem({ notes: 'x'.repeat(ATHLETE_PROFILE_LIMITS.bytes) })).toBe(
      ATHLETE_PROFILE_MESSAGES.tooLarge,
    );
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < ATHLETE_PROFILE_LIMITS.depth; level += 1) {
      deep = { a: deep };
    }
    expect(athleteProfileProblem(deep)).toBe(ATHLETE_PROFILE_MESSAGES.tooDeep);
    const many = Object.fromEntries(Array.from({ length: ATHLETE_PROFILE_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i]));
    expect(athleteProfileProblem(many)).toBe(ATHLETE_PROFILE_MESSAGES.tooManyKeys);
  });

  it('merges top-level fields over the stored ones', () => {
    expect(mergeAthleteProfile({ a: 1, b: { c: 2 } }, { b: 3 })).toEqual({ a: 1, b: 3 });
  });

  it("refuses a photo address on another site, accepts clearing it and Stride's own", () => {
    expect(profileUpdateSchema.safeParse({ photoURL: 'https://evil.example/p.png' }).error?.issues[0]?.message).toBe(
      PROFILE_PHOTO_MESSAGES.externalUrl,
    );
    expect(profileUpdateSchema.safeParse({ photoURL: '' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ photoURL: profilePhotoUrl('u1', 'ab'.repeat(32)) }).success).toBe(true);
  });

  it('normalises the text fields (bio keeps its line breaks)', () => {
    expect(profileUpdateSchema.parse({ firstName: ' A\u202Eda ', bio: 'Hi.\r\nBye.' })).toEqual({
      firstName: 'Ada',
      bio: 'Hi.\nBye.',
    });
  });
});

describe('confirmsAccountDeletion', () => {
  it('accepts the account e-mail whatever its case and surrounding spaces', () => {
    expect(confirmsAccountDeletion('  Ada@Example.com ', 'ada@example.com')).toBe(true);
  });
  it('refuses anything else', () => {
    expect(confirmsAccountDeletion('ada@example.org', 'ada@example.com')).toBe(false);
    expect(confirmsAccountDeletion('', 'ada@example.com')).toBe(false);
  });
});

describe('minimalProfile (spec §8: a failed profile fetch)', () => {
  it('is made from the display name, with imperial units and light mode', () => {
    const profile = minimalProfile(
      { id: 'u1', email: 'ada@example.com', name: '  Ada King Lovelace ' },
      '2026-01-02T03:04:05.000Z',
    );
    expect(profileSchema.parse(profile)).toEqual(profile);
    expect(profile).toMatchObject({
      uid: 'u1',
      email: 'ada@example.com',
      name: 'Ada King Lovelace',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      statistics: { totalActivities: 0, totalDistance: 0, totalElevation: 0, totalDuration: 0 },
      preferences: {
        unitSystem: 'imperial',
        theme: 'dark',
        darkMode: false,
        emailNotifications: true,
        weeklyReport: true,
      },
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
    });
  });
});
