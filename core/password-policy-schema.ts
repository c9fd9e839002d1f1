/** The password policy (spec §5) as GET /api/password-policy answers it (password-policy.ts holds its rules). */
import { z } from 'zod';

export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1),
  maxLength: z.number().int().min(1),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});
