/**
 * The user profile (spec §3 "User profile"): its API shape, its defaults, and the payloads that
 * create and update it. The server validates with these schemas and the forms reuse them.
 */
import { z } from 'zod';
import { usernameSchema } from './names.ts';

export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
/** Spec §9: default unit system. */
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

export const preferencesSchema = z.object({
  unitSystem: z.enum(UNIT_SYSTEMS),
  darkMode: z.boolean(),
  emailNotifications: z.boolean(),
  weeklyReport: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Spec §3: unitSystem imperial, darkMode false, emailNotifications true, weeklyReport true. */
export const DEFAULT_PREFERENCES: Preferences = {
  unitSystem: DEFAULT_UNIT_SYSTEM,
  darkMode: false,
  emailNotifications: true,
  weeklyReport: true,
};

export const statisticsSchema = z.object({
  totalActivities: z.number(),
  totalDistance: z.number(),
  totalElevation: z.number(),
  totalDuration: z.number(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** Spec §3: all statistics start at 0. */
export const INITIAL_STATISTICS: Statistics = {
  totalActivities: 0,
  totalDistance: 0,
  totalElevation: 0,
  totalDuration: 0,
};

export const WELLBEING_LEVELS = ['low', 'moderate', 'high'] as const;
const wellbeingLevel = z.enum(WELLBEING_LEVELS);
export const wellbeingPreferencesSchema = z.object({
  sleepQuality: wellbeingLevel,
  energyLevel: wellbeingLevel,
  stressLevel: wellbeingLevel,
  soreness: wellbeingLevel,
  hydration: wellbeingLevel,
  nutrition: wellbeingLevel,
  moodRating: wellbeingLevel,
  injuryFeeling: wellbeingLevel,
});
export type WellbeingPreferences = z.infer<typeof wellbeingPreferencesSchema>;

/** Spec §3 "Wellbeing preferences defaults". */
export const DEFAULT_WELLBEING_PREFERENCES: WellbeingPreferences = {
  sleepQuality: 'high',
  energyLevel: 'high',
  stressLevel: 'moderate',
  soreness: 'moderate',
  hydration: 'high',
  nutrition: 'high',
  moodRating: 'moderate',
  injuryFeeling: 'moderate',
};

/** athleteProfile is free-form (spec §3: "object merged on update"); it arrives as parsed JSON. */
export const athleteProfileSchema = z.record(z.string(), z.unknown());
export type AthleteProfile = z.infer<typeof athleteProfileSchema>;

export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  bio: z.string(),
  photoURL: z.string(),
  statistics: statisticsSchema,
  athleteProfile: athleteProfileSchema,
  wellbeingPreferences: wellbeingPreferencesSchema,
  preferences: preferencesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What anyone may see at /{username}. Never e-mail, never fitness-service data (DESIGN.md). */
export const publicProfileSchema = profileSchema
  .pick({ username: true, name: true, firstName: true, location: true, bio: true, photoURL: true, createdAt: true })
  .extend({ uploadedActivities: z.number().int() });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const PROFILE_LIMITS = { name: 80, location: 100, bio: 500, photoURL: 2048 } as const;

const photoUrlSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.photoURL)
  .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'Photo URL must start with http:// or https://.');

export const profileUpdateSchema = z
  .object({
    firstName: z.string().trim().max(PROFILE_LIMITS.name),
    lastName: z.string().trim().max(PROFILE_LIMITS.name),
    location: z.string().trim().max(PROFILE_LIMITS.location),
    bio: z.string().trim().max(PROFILE_LIMITS.bio),
    photoURL: photoUrlSchema,
    username: usernameSchema,
    preferences: preferencesSchema.partial(),
    athleteProfile: athleteProfileSchema,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const REGISTRATION_MESSAGES = {
  nameRequired: 'Enter your name.',
  emailInvalid: 'Enter a valid e-mail address.',
  passwordRequired: 'Enter a password.',
} as const;

/** The registration form; the password is checked separately against the server's policy. */
export const registrationSchema = z.object({
  name: z
    .string({ error: REGISTRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, REGISTRATION_MESSAGES.nameRequired)
    .max(PROFILE_LIMITS.name * 2),
  email: z.email({ error: REGISTRATION_MESSAGES.emailInvalid }),
  password: z.string({ error: REGISTRATION_MESSAGES.passwordRequired }),
});
export type Registration = z.infer<typeof registrationSchema>;

export const accountDeletionSchema = z.object({ confirmEmail: z.string() }).strict();
export const ACCOUNT_DELETION_MESSAGES = {
  confirmationMismatch: 'Type your e-mail address exactly to confirm deletion.',
} as const;
