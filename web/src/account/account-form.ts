/**
 * The Account Settings profile form's rules: the values it edits, what changed since the profile
 * the server last sent (only that is sent; the server merges), and the schema's first message per
 * field for what is typed (the same profileUpdateSchema the server validates with).
 */
import { profileUpdateSchema, type Preferences, type Profile, type ProfileUpdate } from '../../../core/profile.ts';

export interface AccountFormValues {
  firstName: string;
  lastName: string;
  username: string;
  location: string;
  bio: string;
  preferences: Preferences;
}

export const ACCOUNT_TEXT_FIELDS = ['firstName', 'lastName', 'username', 'location', 'bio'] as const;
export type AccountTextField = (typeof ACCOUNT_TEXT_FIELDS)[number];

export function accountFormValues(profile: Profile): AccountFormValues {
  const { firstName, lastName, username, location, bio, preferences } = profile;
  return { firstName, lastName, username, location, bio, preferences };
}

/** A text field counts as changed only when its trimmed value differs (the server trims). */
export function accountFormChanges(values: AccountFormValues, profile: Profile): ProfileUpdate {
  const update: ProfileUpdate = {};
  for (const field of ACCOUNT_TEXT_FIELDS) {
    if (values[field].trim() !== profile[field]) {
      update[field] = values[field];
    }
  }
  const preferences = Object.fromEntries(
    Object.entries(values.preferences).filter(
      ([key, value]) => profile.preferences[key as keyof Preferences] !== value,
    ),
  );
  if (Object.keys(preferences).length > 0) {
    update.preferences = preferences;
  }
  return update;
}

export type AccountFormCheck =
  | { valid: true; update: ProfileUpdate; errors: Record<string, string> }
  | { valid: false; update: null; errors: Record<string, string> };

/** The changes checked by the server's schema; errors are keyed by path ("username", "preferences.x"). */
export function checkAccountChanges(changes: ProfileUpdate): AccountFormCheck {
  const validation = profileUpdateSchema.safeParse(changes);
  if (validation.success) {
    return { valid: true, update: validation.data, errors: {} };
  }
  const errors: Record<string, string> = {};
  for (const issue of validation.error.issues) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return { valid: false, update: null, errors };
}
