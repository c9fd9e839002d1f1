/**
 * The head of the HTML served at /{username} while that runner's public profile is on: the page
 * title is the runner's name, with Open Graph tags (og:title, og:description, og:url,
 * og:type=profile, og:image), so a shared link previews — link previewers read the HTML and run no
 * JavaScript. Any other path, and a hidden or unknown profile, gets the app's page unchanged.
 */
import { RESERVED_USERNAMES, USERNAME_MAX_LENGTH } from '../../core/names.ts';
import type { PublicProfile } from '../../core/profile.ts';
import { publicProfileDescription, publicProfileTitle } from '../../core/profile-privacy.ts';
import { PRODUCT_NAME } from '../../core/product.ts';

/** The icon a profile without a photo previews with (web/public/icons). */
const FALLBACK_IMAGE_PATH = '/icons/icon-512.png';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The username a single-segment path names, or null when the path cannot be a profile's. */
export function profilePathUsername(path: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(path);
  if (!match) {
    return null;
  }
  let segment: string;
  try {
    segment = decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
  if (segment.length > USERNAME_MAX_LENGTH || RESERVED_USERNAMES.has(segment.toLowerCase()) || segment.includes('.')) {
    return null;
  }
  return segment;
}

/** The index page with the profile's title, description and Open Graph tags. */
export function profilePageHtml(indexHtml: string, profile: PublicProfile, publicUrl: string): string {
  const title = escapeHtml(publicProfileTitle(profile));
  const description = escapeHtml(publicProfileDescription(profile, PRODUCT_NAME));
  const url = escapeHtml(`${publicUrl}/${encodeURIComponent(profile.username)}`);
  const image = escapeHtml(`${publicUrl}${profile.photoURL || FALLBACK_IMAGE_PATH}`);
  const tags = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="profile:username" content="${escapeHtml(profile.username)}" />`,
    `<link rel="canonical" href="${url}" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${tags}`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`);
}
