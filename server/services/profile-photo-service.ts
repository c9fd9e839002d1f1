/**
 * Profile photos: an upload checked by its bytes (PNG, JPEG or WebP, at most 2 MB), stored in the
 * database and served by Stride at an address that changes with the photo (`?v=` its hash), so it
 * may be cached for long. The profile's photoURL is that address. What is stored is not the upload
 * but a re-encoding of it (sharp): no EXIF, XMP or ICC metadata, at most PROFILE_PHOTO_MAX_SIDE
 * pixels a side, so the served bytes cannot carry where the photo was taken.
 */
import { createHash } from 'node:crypto';
import {
  detectImageType,
  PROFILE_PHOTO_MAX_INPUT_PIXELS,
  PROFILE_PHOTO_MAX_SIDE,
  PROFILE_PHOTO_UPLOAD_MESSAGES,
  profilePhotoProblem,
  type ProfilePhotoType,
} from '../../core/profile-photo.ts';
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

/**
 * The upload decoded and encoded again in its own format: turned upright by its EXIF orientation,
 * shrunk to fit PROFILE_PHOTO_MAX_SIDE, and written without any metadata (sharp keeps none unless
 * asked). Bytes that do not decode are refused with a sentence.
 */
async function reencodePhoto(bytes: Uint8Array, type: ProfilePhotoType): Promise<Buffer> {
  // The image library (native code) is loaded on the first photo, not at every start-up.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: PROFILE_PHOTO_MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({
      width: PROFILE_PHOTO_MAX_SIDE,
      height: PROFILE_PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      type === 'image/png'
        ? image.png()
        : type === 'image/webp'
          ? image.webp({ quality: 85 })
          : image.jpeg({ quality: 85 });
    return await encoded.toBuffer();
  } catch {
    throw invalid(PROFILE_PHOTO_UPLOAD_MESSAGES.unreadable);
  }
}

export async function setProfilePhoto(db: Db, userId: string, upload: Uint8Array, now: Date): Promise<Profile> {
  const problem = profilePhotoProblem(upload);
  const contentType = detectImageType(upload);
  if (problem || !contentType) {
    throw problem === PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge
      ? payloadTooLarge(problem)
      : invalid(problem ?? PROFILE_PHOTO_UPLOAD_MESSAGES.unsupported);
  }
  // Makes sure the profile exists before the transaction writes to it.
  await getProfile(db, userId);
  const bytes = await reencodePhoto(upload, contentType);
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

/**
 * Puts back a photo of Stride's own data export as it was stored there (already re-encoded by the
 * server that kept it): nothing changes when the runner has that very photo; a file that is no
 * photo Stride accepts is left out (returns false).
 */
export async function restoreProfilePhoto(db: Db, userId: string, bytes: Uint8Array, now: Date): Promise<boolean> {
  const contentType = detectImageType(bytes);
  if (profilePhotoProblem(bytes) || !contentType) {
    return false;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const profile = await getProfile(db, userId);
  if (profile.photoURL === profilePhotoUrl(userId, sha256)) {
    return true;
  }
  await db.transaction().execute(async (trx) => {
    await saveProfilePhoto(trx, userId, { contentType, bytes, sha256 }, now);
    await updateProfile(trx, userId, { photoUrl: profilePhotoUrl(userId, sha256) }, now);
  });
  return true;
}
