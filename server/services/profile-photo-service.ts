/**
 * Profile photos: an upload checked by its bytes (PNG, JPEG or WebP, at most 2 MB), stored in the
 * database and served by Stride at an address that changes with the photo (`?v=` its hash), so it
 * may be cached for long. The profile's photoURL is that address.
 */
import { createHash } from 'node:crypto';
import { detectImageType, PROFILE_PHOTO_UPLOAD_MESSAGES, profilePhotoProblem } from '../../core/profile-photo.ts';
import { profilePhotoUrl, type Profile } from '../../core/profile.ts';
import {
  deleteProfilePhoto,
  findProfilePhoto,
  saveProfilePhoto,
  type StoredPhoto,
} from '../db/profile-photo-repository.ts';
import { updateProfile } from '../db/profile-repository.ts';
import { type Db } from '../db/db.ts';
import { invalid, notFound, payloadTooLarge } from '../errors.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { getProfile, toProfile } from './profile-service.ts';

export async function setProfilePhoto(db: Db, userId: string, bytes: Uint8Array, now: Date): Promise<Profile> {
  const problem = profilePhotoProblem(bytes);
  const contentType = detectImageType(bytes);
  if (problem || !contentType) {
    throw problem === PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge
      ? payloadTooLarge(problem)
      : invalid(problem ?? PROFILE_PHOTO_UPLOAD_MESSAGES.unsupported);
  }
  // Makes sure the profile exists before the transaction writes to it.
  await getProfile(db, userId);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const row = await db.transaction().execute(async (trx) => {
    await saveProfilePhoto(trx, userId, { contentType, bytes, sha256 }, now);
    return updateProfile(trx, userId, { photoUrl: profilePhotoUrl(userId, sha256) }, now);
  });
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.profile);
  }
  return toProfile(row);
}

export async function removeProfilePhoto(db: Db, userId: string, now: Date): Promise<Profile> {
  await getProfile(db, userId);
  const row = await db.transaction().execute(async (trx) => {
    await deleteProfilePhoto(trx, userId);
    return updateProfile(trx, userId, { photoUrl: '' }, now);
  });
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.profile);
  }
  return toProfile(row);
}

export async function readProfilePhoto(db: Db, userId: string): Promise<StoredPhoto> {
  const photo = await findProfilePhoto(db, userId);
  if (!photo) {
    throw notFound(PROFILE_PHOTO_UPLOAD_MESSAGES.notFound);
  }
  return photo;
}
