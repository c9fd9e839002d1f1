/**
 * Profiles (spec §3 "User profile", §4 "Signed-in state"): created with every default at
 * registration, recreated on read if it is ever missing, merge-updated.
 */
import { randomBytes } from 'node:crypto';
import {
  baseUsername,
  joinName,
  splitName,
  usernameCandidates,
  USERNAME_MESSAGES,
  USERNAME_RANDOM_SUFFIX_LENGTH,
} from '../../core/names.ts';
import { DEFAULT_PROFILE_PRIVACY } from '../../core/profile-privacy.ts';
import { normaliseUserText, truncateText } from '../../core/user-text.ts';
import {
  athleteProfileProblem,
  DEFAULT_PREFERENCES,
  DEFAULT_WELLBEING_PREFERENCES,
  INITIAL_STATISTICS,
  mergeAthleteProfile,
  PROFILE_LIMITS,
  PROFILE_PHOTO_MESSAGES,
  type Profile,
  type ProfileUpdate,
  type WellbeingPreferences,
} from '../../core/profile.ts';
import {
  findProfileByUserId,
  insertProfileIfMissing,
  isUsernameTaken,
  updateProfile,
} from '../db/profile-repository.ts';
import { isUniqueViolation, type Db } from '../db/db.ts';
import type { ActivityChanges } from './service-context.ts';
import type { ProfileRow, ProfileRowUpdate } from '../db/schema.ts';
import { deleteProfilePhoto } from '../db/profile-photo-repository.ts';
import { findAuthUser, renameAuthUser } from '../db/user-repository.ts';
import { conflict, invalid, notFound, type AppError } from '../errors.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';

export interface ProfileOwner {
  id: string;
  name: string;
  email: string;
}

/** A random username suffix: lowercase letters and digits (core/names.ts). */
function randomUsernameSuffix(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(USERNAME_RANDOM_SUFFIX_LENGTH), (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Creates the user's profile if missing; safe to call any number of times, from any app server.
 * The candidates never run out (core/names.ts), so every account gets its profile.
 */
export async function ensureProfile(db: Db, owner: ProfileOwner): Promise<ProfileRow> {
  const existing = await findProfileByUserId(db, owner.id);
  if (existing) {
    return existing;
  }
  const split = splitName(normaliseUserText(owner.name));
  const firstName = truncateText(split.firstName, PROFILE_LIMITS.name);
  const lastName = truncateText(split.lastName, PROFILE_LIMITS.name);
  for (const username of usernameCandidates(baseUsername(owner.name, owner.email), randomUsernameSuffix)) {
    if (await isUsernameTaken(db, username)) {
      continue;
    }
    try {
      await insertProfileIfMissing(db, {
        userId: owner.id,
        username,
        email: owner.email,
        firstName,
        lastName,
        ...DEFAULT_PREFERENCES,
        ...DEFAULT_PROFILE_PRIVACY,
        ...INITIAL_STATISTICS,
        wellbeingPreferences: JSON.stringify(DEFAULT_WELLBEING_PREFERENCES),
        athleteProfile: '{}',
      });
    } catch (error) {
      // Another server took the same username between the check and the insert: try the next one.
      if (isUniqueViolation(error, 'profiles_username_key')) {
        continue;
      }
      throw error;
    }
    const created = await findProfileByUserId(db, owner.id);
    if (created) {
      return created;
    }
  }
  throw new Error('Username candidates ended');
}

/** The signed-in runner's profile row, created with its defaults if it is missing. */
export async function ownProfileRow(db: Db, userId: string): Promise<ProfileRow> {
  const owner = await findAuthUser(db, userId);
  if (!owner) {
    throw notFound(NOT_FOUND_MESSAGES.profile);
  }
  return ensureProfile(db, owner);
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  return toProfile(await ownProfileRow(db, userId));
}

/**
 * Saves the runner's changes to their profile. A change of the time their activities use (Account:
 * the device's timer or the moving time) changes every total of time and pace: `activities` hears it,
 * as for a change of the activities themselves, so the stored totals, loads and cached reads follow.
 */
export async function updateOwnProfile(
  db: Db,
  userId: string,
  update: ProfileUpdate,
  now: Date,
  activities?: ActivityChanges,
): Promise<Profile> {
  const base = await ownProfileRow(db, userId);
  const changes: ProfileRowUpdate = {};
  if (update.firstName !== undefined) {
    changes.firstName = update.firstName;
  }
  if (update.lastName !== undefined) {
    changes.lastName = update.lastName;
  }
  if (update.location !== undefined) {
    changes.location = update.location;
  }
  if (update.bio !== undefined) {
    changes.bio = update.bio;
  }
  if (update.photoURL !== undefined && update.photoURL !== base.photoUrl) {
    // A photo is set by uploading it; PATCH may only clear it (the schema refuses other sites).
    if (update.photoURL !== '') {
      throw invalid(`photoURL: ${PROFILE_PHOTO_MESSAGES.externalUrl}`, {
        photoURL: PROFILE_PHOTO_MESSAGES.externalUrl,
      });
    }
    changes.photoUrl = '';
  }
  if (update.username !== undefined && update.username !== base.username) {
    if (await isUsernameTaken(db, update.username, userId)) {
      throw usernameTaken();
    }
    changes.username = update.username;
  }
  if (update.preferences) {
    const { unitSystem, activityTime, theme, darkMode, emailNotifications, weeklyReport, timeZone } =
      update.preferences;
    Object.assign(
      changes,
      unitSystem !== undefined && { unitSystem },
      activityTime !== undefined && { activityTime },
      theme !== undefined && { theme },
      timeZone !== undefined && { timeZone },
      darkMode !== undefined && { darkMode },
      emailNotifications !== undefined && { emailNotifications },
      weeklyReport !== undefined && { weeklyReport },
    );
  }
  if (update.athleteProfile) {
    // Spec §3: athleteProfile is merged on update, not replaced.
    const merged = mergeAthleteProfile(base.athleteProfile, update.athleteProfile);
    // Each update fits the limits on its own; the merged whole must fit them too.
    const problem = athleteProfileProblem(merged);
    if (problem) {
      throw invalid(`athleteProfile: ${problem}`, { athleteProfile: problem });
    }
    changes.athleteProfile = JSON.stringify(merged);
  }
  let updated: ProfileRow | undefined;
  try {
    updated = await db.transaction().execute(async (trx) => {
      if (changes.photoUrl === '') {
        await deleteProfilePhoto(trx, userId);
      }
      const row = await updateProfile(trx, userId, changes, now);
      if (row && (changes.firstName !== undefined || changes.lastName !== undefined)) {
        await renameAuthUser(trx, userId, joinName(row.firstName, row.lastName), now);
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_key')) {
      throw usernameTaken();
    }
    throw error;
  }
  if (!updated) {
    throw notFound(NOT_FOUND_MESSAGES.profile);
  }
  if (activities && changes.activityTime !== undefined && changes.activityTime !== base.activityTime) {
    await activities.changed({ userId, source: 'edit' });
    return getProfile(db, userId);
  }
  return toProfile(updated);
}

function usernameTaken(): AppError {
  return conflict(USERNAME_MESSAGES.taken, {
    code: 'username-taken',
    fields: { username: USERNAME_MESSAGES.taken },
  });
}

/** Rows → the API's profile (camelCase, spec field names such as photoURL). */
export function toProfile(row: ProfileRow): Profile {
  return {
    uid: row.userId,
    email: row.email,
    username: row.username,
    name: joinName(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    location: row.location,
    bio: row.bio,
    photoURL: row.photoUrl,
    statistics: {
      totalActivities: row.totalActivities,
      totalDistance: row.totalDistance,
      totalElevation: row.totalElevation,
      totalDuration: row.totalDuration,
    },
    athleteProfile: row.athleteProfile,
    wellbeingPreferences: {
      ...DEFAULT_WELLBEING_PREFERENCES,
      ...(row.wellbeingPreferences as Partial<WellbeingPreferences>),
    },
    preferences: {
      unitSystem: row.unitSystem,
      activityTime: row.activityTime,
      theme: row.theme,
      darkMode: row.darkMode,
      emailNotifications: row.emailNotifications,
      weeklyReport: row.weeklyReport,
      timeZone: row.timeZone,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
