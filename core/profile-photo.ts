/**
 * Profile photos are uploads kept by Stride (never an address on another site, which every visitor's
 * browser would fetch). The type is read from the file's first bytes, not from what it declares.
 */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ProfilePhotoType = (typeof PROFILE_PHOTO_TYPES)[number];
/**
 * A stored photo is re-encoded to fit inside this many pixels a side, without its metadata (EXIF
 * GPS would tell every visitor where the runner took it, often at home).
 */
export const PROFILE_PHOTO_MAX_SIDE = 512;
/** Pixels an upload may declare before it is decoded: a small file can claim a huge image. */
export const PROFILE_PHOTO_MAX_INPUT_PIXELS = 40_000_000;

export const PROFILE_PHOTO_UPLOAD_MESSAGES = {
  empty: 'Choose a photo to upload.',
  tooLarge: `The photo is larger than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  unsupported: 'The photo must be a PNG, JPEG or WebP image.',
  unreadable: 'The photo could not be read as an image.',
  notFound: 'This runner has no photo.',
} as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  return prefix.every((byte, index) => bytes[offset + index] === byte);
}

/** PNG, JPEG or WebP by magic bytes; null for anything else. */
export function detectImageType(bytes: Uint8Array): ProfilePhotoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'image/png';
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    return 'image/jpeg';
  }
  // "RIFF" size "WEBP"
  if (
    bytes.length >= 12 &&
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp';
  }
  return null;
}

/** The sentence for a photo that cannot be used, or null. */
export function profilePhotoProblem(bytes: Uint8Array): string | null {
  if (bytes.length === 0) {
    return PROFILE_PHOTO_UPLOAD_MESSAGES.empty;
  }
  if (bytes.length > PROFILE_PHOTO_MAX_BYTES) {
    return PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge;
  }
  return detectImageType(bytes) ? null : PROFILE_PHOTO_UPLOAD_MESSAGES.unsupported;
}
