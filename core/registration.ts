/**
 * The sign-up and sign-in forms' rules that need no zod, so the sign-in page loads none: their
 * sentences and the e-mail address check (the registration schema in profile.ts builds on both).
 */
export const REGISTRATION_MESSAGES = {
  nameRequired: 'Enter your name.',
  emailInvalid: 'Enter a valid e-mail address.',
  passwordRequired: 'Enter a password.',
} as const;

/** An e-mail address Stride accepts: zod's own address pattern (`z.regexes.email`, without its needless escapes). */
export const EMAIL_ADDRESS_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS_PATTERN.test(text);
}
