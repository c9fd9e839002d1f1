/** The phone sign-in's API shapes (Account): the number a runner adds, and what Account shows. */
import { z } from 'zod';
import { normalisePhoneNumber, PHONE_SIGN_IN_TEXTS } from './phone-sign-in.ts';

export const phoneNumberSchema = z.string().transform((value, context) => {
  const number = normalisePhoneNumber(value);
  if (number === null) {
    context.addIssue({ code: 'custom', message: PHONE_SIGN_IN_TEXTS.invalidNumber });
    return z.NEVER;
  }
  return number;
});

/** What Account shows and sends. */
export const phoneSignInStatusSchema = z.object({
  offered: z.boolean(),
  /** The confirmed number it signs in with; null: none. */
  phoneNumber: z.string().nullable(),
});
export type PhoneSignInStatus = z.infer<typeof phoneSignInStatusSchema>;
export const phoneCodeRequestSchema = z.object({ phoneNumber: phoneNumberSchema });
