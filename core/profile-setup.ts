/**
 * The dashboard's "Make Stride yours" card asks for the two settings that shape what a runner sees:
 * units (every distance, pace and climb) and location (the weather where they run). It goes once
 * both are set. Units always have a value (imperial by default, spec §9) and no record says when
 * one was picked, so they count as set once the runner has changed their profile at all (its
 * updatedAt after its createdAt): Account Settings shows the unit choice beside every other field.
 * A location is set when it is not blank.
 */
import type { Profile } from './profile.ts';

export const PROFILE_SETUP_TEXTS = {
  title: 'Make Stride yours',
  body: 'Choose miles or kilometres, say where you run for the local weather, pick a username for your public page and tell other runners about yourself.',
} as const;

export type SetupSetting = 'units' | 'location';

/** The settings the runner has still to choose, units first; empty once Stride is theirs. */
export function settingsToChoose(profile: Pick<Profile, 'location' | 'createdAt' | 'updatedAt'>): SetupSetting[] {
  const saved = Date.parse(profile.updatedAt) > Date.parse(profile.createdAt);
  const missing: SetupSetting[] = [];
  if (!saved) {
    missing.push('units');
  }
  if (profile.location.trim() === '') {
    missing.push('location');
  }
  return missing;
}
