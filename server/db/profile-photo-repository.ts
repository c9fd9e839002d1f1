/** SQL for profile_photos: one uploaded photo per user. */
import type { Db } from './db.ts';

export interface StoredPhoto {
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
  updatedAt: Date;
}

export async function saveProfilePhoto(
  db: Db,
  userId: string,
  photo: { contentType: string; bytes: Uint8Array; sha256: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('profilePhotos')
    .values({ userId, ...photo, updatedAt: now })
    .onConflict((conflict) =>
      conflict.column('userId').doUpdateSet({
        contentType: photo.contentType,
        bytes: photo.bytes,
        sha256: photo.sha256,
        updatedAt: now,
      }),
    )
    .execute();
}

export async function deleteProfilePhoto(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('profilePhotos').where('userId', '=', userId).execute();
}

export function findProfilePhoto(db: Db, userId: string): Promise<StoredPhoto | undefined> {
  return db
    .selectFrom('profilePhotos')
    .select(['contentType', 'bytes', 'sha256', 'updatedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}
