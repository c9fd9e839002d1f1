/** The runner's profile, photo and public profile settings (core/profile.ts, core/profile-privacy.ts). */
import type { ProfileUpdate } from '../../../core/profile.ts';
import type { PrivacyZoneInput, ProfilePrivacyUpdate } from '../../../core/profile-privacy.ts';
import { readProfilePhoto, removeProfilePhoto, setProfilePhoto } from '../profile-photo-service.ts';
import { ensureProfile, getProfile, updateOwnProfile, type ProfileOwner } from '../profile-service.ts';
import {
  addPrivacyZone,
  getPrivacyZones,
  getProfilePrivacy,
  getPublicProfile,
  removePrivacyZone,
  updateProfilePrivacy,
} from '../public-profile-service.ts';
import { publicUseCase } from './context.ts';
import type { WiringContext } from '../service-context.ts';

export function wireProfiles(ctx: WiringContext) {
  const { db, clock, reads } = ctx;
  return {
    get: (userId: string) => reads.get(userId, 'profile', () => getProfile(db, userId)),
    /** The account name follows the profile's: the cached sessions, which hold it, go with the unit of work. */
    update: (userId: string, update: ProfileUpdate) =>
      updateOwnProfile(db, userId, update, new Date(clock.now()), ctx.changes),
    setPhoto: (userId: string, bytes: Uint8Array) => setProfilePhoto(db, userId, bytes, new Date(clock.now())),
    removePhoto: (userId: string) => removeProfilePhoto(db, userId, new Date(clock.now())),
    /** Creates the profile of a new user if missing (better-auth's user hook). */
    ensure: (owner: ProfileOwner) => ensureProfile(db, owner),
    getPublic: publicUseCase((username: string) => getPublicProfile(db, username)),
    readPhoto: (userId: string) => readProfilePhoto(db, userId),
  };
}

/** Account → Public profile (core/profile-privacy.ts). */
export function wirePrivacy(ctx: WiringContext) {
  const { db, clock } = ctx;
  return {
    get: (userId: string) => getProfilePrivacy(db, userId),
    update: (userId: string, update: ProfilePrivacyUpdate) =>
      updateProfilePrivacy(db, userId, update, new Date(clock.now())),
    zones: (userId: string) => getPrivacyZones(db, userId),
    addZone: (userId: string, input: PrivacyZoneInput) => addPrivacyZone(db, userId, input, new Date(clock.now())),
    removeZone: (userId: string, id: string) => removePrivacyZone(db, userId, id),
  };
}
