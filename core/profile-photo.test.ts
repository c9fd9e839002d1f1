import { describe, expect, it } from 'vitest';
import {
  detectImageType,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_UPLOAD_MESSAGES,
  profilePhotoProblem,
} from './profile-photo.ts';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

describe('detectImageType', () => {
  it('reads PNG, JPEG and WebP from their first bytes', () => {
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(jpeg)).toBe('image/jpeg');
    expect(detectImageType(webp)).toBe('image/webp');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(detectImageType(new TextEncoder().encode('<svg onload="alert(1)"/>'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('RIFF....WAVE'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('profilePhotoProblem', () => {
  it('says what is wrong', () => {
    expect(profilePhotoProblem(new Uint8Array())).toBe(PROFILE_PHOTO_UPLOAD_MESSAGES.empty);
    expect(profilePhotoProblem(new TextEncoder().encode('<html>'))).toBe(PROFILE_PHOTO_UPLOAD_MESSAGES.unsupported);
    const big = new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1);
    big.set(png);
    expect(profilePhotoProblem(big)).toBe(PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge);
    expect(profilePhotoProblem(big.subarray(0, PROFILE_PHOTO_MAX_BYTES))).toBeNull();
  });
});
