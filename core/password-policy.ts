/**
 * Password policy (spec §5: minimum length defaults to 6, optional maximum, optional character
 * classes). The server enforces it and serves it at GET /api/password-policy so that forms can
 * check as the user types with this same function.
 */
import type { z } from 'zod';
import type { passwordPolicySchema } from './password-policy-schema.ts';

export const DEFAULT_MIN_PASSWORD_LENGTH = 6;
/** better-auth needs an upper bound; 128 is generous and keeps hashing cheap. */
export const DEFAULT_MAX_PASSWORD_LENGTH = 128;

/** The policy's answer shape is password-policy-schema.ts, so a form checks a password without loading zod. */
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: DEFAULT_MIN_PASSWORD_LENGTH,
  maxLength: DEFAULT_MAX_PASSWORD_LENGTH,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

/** The length sentences: the hint under a new-password field, and the errors outside the bounds. */
export function passwordLengthMessages(policy: Pick<PasswordPolicy, 'minLength' | 'maxLength'>) {
  return {
    hint: `At least ${policy.minLength} characters.`,
    tooShort: `Password must be at least ${policy.minLength} characters.`,
    tooLong: `Password must be at most ${policy.maxLength} characters.`,
  };
}

/** Every unmet requirement, in a stable order, as sentences a form can show. Empty when valid. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  const lengthMessages = passwordLengthMessages(policy);
  if (length < policy.minLength) {
    problems.push(lengthMessages.tooShort);
  }
  if (length > policy.maxLength) {
    problems.push(lengthMessages.tooLong);
  }
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) {
    problems.push('Password must contain a lowercase letter.');
  }
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) {
    problems.push('Password must contain an uppercase letter.');
  }
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) {
    problems.push('Password must contain a number.');
  }
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{Nd}]/u.test(password)) {
    problems.push('Password must contain a symbol.');
  }
  return problems;
}
