/**
 * The user profile (spec §3 "User profile"): its API shape, its defaults, and the payloads that
 * create and update it. The server validates with these schemas and the forms reuse them.
 */
import { z } from 'zod';
import { ACCOUNT_DELETION_MESSAGES } from './account-deletion.ts';
import { isValidTimeZone, TIME_ZONE_MAX_LENGTH, TIME_ZONE_MESSAGES } from './activity/time-zone.ts';
import { splitName, usernameSchema } from './names.ts';
import { EMAIL_ADDRESS_PATTERN, REGISTRATION_MESSAGES } from './registration.ts';
import { publicActivitySchema, publicMedalSchema, publicTotalsSchema } from './profile-privacy.ts';
import { DEFAULT_UNIT_SYSTEM, UNIT_SYSTEMS } from './unit-system.ts';
import { normaliseUserText, tooLongMessage, userTextSchema } from './user-text.ts';
import { DEFAULT_THEME, THEMES } from './theme.ts';

/**
 * The runner's time zone (Account): an IANA name the runtime knows, or null to follow the browser's.
 * A name it does not know is refused with a sentence.
 */
export const profileTimeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX_LENGTH, TIME_ZONE_MESSAGES.unknown)
  .refine(isValidTimeZone, TIME_ZONE_MESSAGES.unknown)
  .nullable();

/**
 * Which time an activity's time, pace and every total of time use: the device's own timer (FIT
 * total_timer_time, TCX laps' TotalTimeSeconds) where the file carries one, else Stride's moving
 * time; or always Stride's moving time (spec §5 stop detection).
 */
export const ACTIVITY_TIMES = ['device', 'moving'] as const;
export type ActivityTimeChoice = (typeof ACTIVITY_TIMES)[number];
/** The device's timer where there is one: the time the runner's watch showed them. */
export const DEFAULT_ACTIVITY_TIME: ActivityTimeChoice = 'device';

/** The Account choice's labels. */
export const ACTIVITY_TIME_LABELS: Readonly<Record<ActivityTimeChoice, string>> = {
  device: "The device's timer",
  moving: 'Moving time',
};

/** What the Account choice changes. */
export const ACTIVITY_TIME_HELP =
  "The time, pace and totals of your activities: your watch's own timer where the file has one, or the time Stride counts you moving.";

export const preferencesSchema = z.object({
  unitSystem: z.enum(UNIT_SYSTEMS),
  activityTime: z.enum(ACTIVITY_TIMES),
  theme: z.enum(THEMES),
  darkMode: z.boolean(),
  emailNotifications: z.boolean(),
  weeklyReport: z.boolean(),
  timeZone: profileTimeZoneSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * Spec §3: unitSystem imperial, darkMode false, emailNotifications true, weeklyReport true; the time
 * zone follows the browser until the runner chooses one.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  unitSystem: DEFAULT_UNIT_SYSTEM,
  activityTime: DEFAULT_ACTIVITY_TIME,
  theme: DEFAULT_THEME,
  darkMode: false,
  emailNotifications: true,
  weeklyReport: true,
  timeZone: null,
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

/**
 * athleteProfile is free-form (spec §3: "object merged on update"), so its size is bounded as a
 * whole: serialized JSON after the merge, nesting depth and the number of keys at any level.
 */
export const ATHLETE_PROFILE_LIMITS = { bytes: 16 * 1024, depth: 8, keys: 200 } as const;
export const ATHLETE_PROFILE_MESSAGES = {
  tooLarge: `The athlete profile may hold at most ${ATHLETE_PROFILE_LIMITS.bytes / 1024} KB of JSON.`,
  tooDeep: `The athlete profile may nest at most ${ATHLETE_PROFILE_LIMITS.depth} levels.`,
  tooManyKeys: `The athlete profile may hold at most ${ATHLETE_PROFILE_LIMITS.keys} fields in all.`,
} as const;

/** The first limit an athlete profile breaks, as its sentence; null when it fits. */
export function athleteProfileProblem(value: Record<string, unknown>): string | null {
  let keys = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value !== 'object' || next.value === null) {
      continue;
    }
    const depth = next.depth + 1;
    if (depth > ATHLETE_PROFILE_LIMITS.depth) {
      return ATHLETE_PROFILE_MESSAGES.tooDeep;
    }
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    if (!Array.isArray(next.value)) {
      keys += children.length;
      if (keys > ATHLETE_PROFILE_LIMITS.keys) {
        return ATHLETE_PROFILE_MESSAGES.tooManyKeys;
      }
    }
    for (const child of children) {
      stack.push({ value: child, depth });
    }
  }
  if (new TextEncoder().encode(JSON.stringify(value)).length > ATHLETE_PROFILE_LIMITS.bytes) {
    return ATHLETE_PROFILE_MESSAGES.tooLarge;
  }
  return null;
}

/** Spec §3: the stored object is the old one with the update's top-level fields laid over it. */
export function mergeAthleteProfile(
  stored: Record<string, unknown>,
  update: Record<string, unknown>,
): Record<string, unknown> {
  return { ...stored, ...update };
}

export const athleteProfileSchema = z.record(z.string(), z.unknown());
export type AthleteProfile = z.infer<typeof athleteProfileSchema>;

const athleteProfileUpdateSchema = athleteProfileSchema.superRefine((value, context) => {
  const problem = athleteProfileProblem(value);
  if (problem) {
    context.addIssue({ code: 'custom', message: problem });
  }
});

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

/** Account Settings while it shows the minimal profile (its form would save the stand-in over the real one). */
export const PROFILE_FALLBACK_NOTICE =
  'Your profile could not be loaded, so your settings cannot be changed right now. Reload the page to try again.';

/**
 * Spec §8: when the profile cannot be fetched, the app carries on with a minimal profile made from
 * the account's display name, with imperial units and light mode (the spec §3 defaults otherwise).
 */
export function minimalProfile(user: { id: string; email: string; name: string }, nowIso: string): Profile {
  const name = user.name.trim();
  return {
    uid: user.id,
    email: user.email,
    username: '',
    name,
    ...splitName(name),
    location: '',
    bio: '',
    photoURL: '',
    statistics: { ...INITIAL_STATISTICS },
    athleteProfile: {},
    wellbeingPreferences: { ...DEFAULT_WELLBEING_PREFERENCES },
    preferences: { ...DEFAULT_PREFERENCES, unitSystem: 'imperial', darkMode: false },
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

/**
 * What anyone may see at /{username} while the runner's profile is on (core/profile-privacy.ts):
 * never e-mail, never fitness-service data (DESIGN.md); the location only when the runner shows it.
 */
export const publicProfileSchema = profileSchema
  .pick({ username: true, name: true, firstName: true, location: true, bio: true, photoURL: true, createdAt: true })
  .extend({
    /** The owner's units: every visitor reads the profile's figures in them. */
    unitSystem: z.enum(UNIT_SYSTEMS),
    uploadedActivities: z.number().int(),
    totals: publicTotalsSchema,
    medals: z.array(publicMedalSchema),
    recentActivities: z.array(publicActivitySchema),
  });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const PROFILE_LIMITS = { name: 80, location: 100, bio: 500, photoURL: 200 } as const;

/**
 * A profile photo is one the runner uploaded (POST /api/profile/photo), served by Stride itself, so
 * that no visitor's browser is sent to an address a runner chose. `photoURL` holds that address.
 */
export const PROFILE_PHOTO_PATH_PREFIX = '/api/profile-photos/';
export function profilePhotoUrl(userId: string, sha256: string): string {
  return `${PROFILE_PHOTO_PATH_PREFIX}${encodeURIComponent(userId)}?v=${sha256.slice(0, 16)}`;
}
export const PROFILE_PHOTO_MESSAGES = {
  externalUrl: 'Photos from other sites are not accepted. Upload a photo instead.',
} as const;

/** PATCH may clear the photo or keep the address Stride gave it; any other address is refused. */
const photoUrlSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.photoURL, PROFILE_PHOTO_MESSAGES.externalUrl)
  .refine(
    (value) => value === '' || /^\/api\/profile-photos\/[\w-]+\?v=[0-9a-f]{1,64}$/.test(value),
    PROFILE_PHOTO_MESSAGES.externalUrl,
  );

export const profileUpdateSchema = z
  .object({
    firstName: userTextSchema(PROFILE_LIMITS.name),
    lastName: userTextSchema(PROFILE_LIMITS.name),
    location: userTextSchema(PROFILE_LIMITS.location),
    bio: userTextSchema(PROFILE_LIMITS.bio, { multiline: true }),
    photoURL: photoUrlSchema,
    username: usernameSchema,
    preferences: preferencesSchema.partial(),
    athleteProfile: athleteProfileUpdateSchema,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The registration form; the password is checked separately against the server's policy. */
export const registrationSchema = z.object({
  name: z
    .string({ error: REGISTRATION_MESSAGES.nameRequired })
    .overwrite((value) => normaliseUserText(value))
    .min(1, REGISTRATION_MESSAGES.nameRequired)
    .max(PROFILE_LIMITS.name * 2, tooLongMessage(PROFILE_LIMITS.name * 2)),
  email: z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: REGISTRATION_MESSAGES.emailInvalid }),
  password: z.string({ error: REGISTRATION_MESSAGES.passwordRequired }),
});
export type Registration = z.infer<typeof registrationSchema>;

/** Deleting an account needs its e-mail typed again and its password (a stolen session alone is not enough). */
export const accountDeletionSchema = z
  .object({
    confirmEmail: z.string(),
    password: z
      .string({ error: () => ACCOUNT_DELETION_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired),
  })
  .strict();
