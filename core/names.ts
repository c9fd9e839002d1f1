/**
 * Names and usernames. Spec §3: a name is split on spaces into firstName (first word) and lastName
 * (the rest). Usernames are Stride's: they name the public profile page /{username}, so they must
 * never shadow a route of the app (spec §2: any one-segment path falls to the public profile).
 */
import { z } from 'zod';
import { FITNESS_SERVICE_SLUG, GREETING_FALLBACK, PERSONAL_PAGE_PATH } from './product.ts';

export interface SplitName {
  firstName: string;
  lastName: string;
}

export function splitName(name: string): SplitName {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

export function joinName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter((part) => part.length > 0).join(' ');
}

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** First segments the app itself uses, plus names that would mislead on a public page. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'login',
  'register',
  'logout',
  'privacy-policy',
  'terms-of-service',
  'data-deletion-policy',
  'success',
  'dashboard',
  'training-goals',
  'charts',
  'medals',
  'water',
  'account',
  PERSONAL_PAGE_PATH.slice(1),
  'debug',
  'run-planner',
  'calculators',
  'activities',
  FITNESS_SERVICE_SLUG,
  `${FITNESS_SERVICE_SLUG}-callback`,
  'api',
  'assets',
  'admin',
  'root',
  'settings',
  'support',
  'help',
  'about',
  'stride',
  'favicon.ico',
  'robots.txt',
]);

export const USERNAME_MESSAGES = {
  tooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters.`,
  tooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters.`,
  pattern: 'Use lowercase letters, digits and dashes; start and end with a letter or digit.',
  reserved: 'That username is reserved. Please choose another.',
  taken: 'That username is already taken. Please choose another.',
} as const;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.tooShort)
  .max(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.tooLong)
  .regex(USERNAME_PATTERN, USERNAME_MESSAGES.pattern)
  .refine((value) => !RESERVED_USERNAMES.has(value), USERNAME_MESSAGES.reserved);

/**
 * A username derived from a name or e-mail: lowercase ASCII, dashes between words, padded to the
 * minimum length. It may still be taken or reserved; {@link usernameCandidates} gives alternatives.
 */
export function baseUsername(name: string, email: string): string {
  const fromText = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, USERNAME_MAX_LENGTH - 5)
      .replace(/-+$/, '');
  const candidate = fromText(name) || fromText(email.split('@')[0] ?? '') || 'runner';
  return candidate.length >= USERNAME_MIN_LENGTH ? candidate : `${candidate}-runner`.slice(0, USERNAME_MAX_LENGTH);
}

/** Numbered candidates (`ada-2` … `ada-5`) tried before random suffixes take over. */
export const USERNAME_NUMBERED_CANDIDATES = 4;

/** Characters of a random suffix: 36^5 (about 60 million) per base, so a clash is rare even for common names. */
export const USERNAME_RANDOM_SUFFIX_LENGTH = 5;

/**
 * The base, then a few numbered suffixes (`ada`, `ada-2` … `ada-5`), then random suffixes without
 * end (`ada-k3x9q`): a common name never runs out of usernames. `randomSuffix` gives
 * {@link USERNAME_RANDOM_SUFFIX_LENGTH} lowercase letters and digits (the caller's randomness).
 */
export function* usernameCandidates(base: string, randomSuffix: () => string): Generator<string> {
  if (!RESERVED_USERNAMES.has(base)) {
    yield base;
  }
  for (let suffix = 2; suffix < 2 + USERNAME_NUMBERED_CANDIDATES; suffix += 1) {
    yield `${base}-${suffix}`;
  }
  const stem = base.slice(0, USERNAME_MAX_LENGTH - USERNAME_RANDOM_SUFFIX_LENGTH - 1).replace(/-+$/, '');
  for (;;) {
    yield `${stem}-${randomSuffix()}`;
  }
}

/** Spec §1: "Hi, {firstName}", falling back to "Runner". */
export function greetingName(firstName: string | null | undefined): string {
  const trimmed = firstName?.trim() ?? '';
  return trimmed.length > 0 ? trimmed : GREETING_FALLBACK;
}
