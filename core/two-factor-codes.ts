/** The two-factor sign-in challenge's two answers: a code from the app, or a backup code (each works once). */
import { z } from 'zod';
import { TOTP_DIGITS, TWO_FACTOR_MESSAGES } from './two-factor.ts';

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeFormat);
export const backupCodeSchema = z.string().trim().min(1, TWO_FACTOR_MESSAGES.backupCodeRequired);
