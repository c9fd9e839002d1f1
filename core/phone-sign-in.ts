/**
 * Sign-in with a phone number and a one-time code by text message (spec §1 "phone sign-in", §7
 * "sign-in with phone"): the number's form, the code's length and lifetime, and every text the
 * runner reads. A number is written in E.164 ("+447700900123"); spaces, dashes, dots and brackets
 * typed between the digits are dropped.
 */
export const PHONE_CODE_DIGITS = 6;
/** A code works for 5 minutes, and for 3 tries. */
export const PHONE_CODE_LIFETIME_S = 300;
export const PHONE_CODE_ATTEMPTS = 3;

const E164 = /^\+[1-9]\d{6,14}$/;

/** The number as E.164, or null when it is not one ("+" and 7 to 15 digits, not starting with 0). */
export function normalisePhoneNumber(typed: string): string | null {
  const compact = typed.trim().replace(/[\s\-.()]/g, '');
  const withPlus = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return E164.test(withPlus) ? withPlus : null;
}

export const PHONE_SIGN_IN_TEXTS = {
  number: 'Phone number',
  numberHelp: 'With your country code, e.g. +44 7700 900123',
  sendCode: 'Text me a code',
  code: 'Code',
  signIn: 'Sign in',
  otherNumber: 'Use another number',
  /** Answered for every number, whether or not it belongs to an account. */
  codeSent: (number: string) =>
    `If ${number} belongs to a Stride account, a ${PHONE_CODE_DIGITS}-digit code is on its way.`,
  invalidNumber: 'Enter the phone number with its country code, e.g. +44 7700 900123.',
  invalidCode: 'That code is not right, or it has expired. Ask for a new one.',
  /** The text message itself. */
  message: (code: string) => `${code} is your Stride sign-in code. It expires in 5 minutes.`,
  /** Account: the number a runner signs in with. */
  accountTitle: 'Phone sign-in',
  accountHelp: 'Sign in with a code sent by text message to this number.',
  accountNone: 'No phone number yet.',
  accountAdd: 'Add phone number',
  accountVerify: 'Confirm',
  accountAdded: (number: string) => `Signs in by text message to ${number}.`,
  numberTaken: 'This number already belongs to another Stride account.',
  notOffered: 'This server does not send text messages, so phone sign-in is off.',
  removed: 'Remove',
  /** A code Account texted to the number being added. */
  accountCodeSent: (number: string) => `A ${PHONE_CODE_DIGITS}-digit code is on its way to ${number}.`,
} as const;

/** better-auth's refusals of a code (wrong, expired, none, too many tries): one sentence for the runner. */
export const PHONE_CODE_ERROR_CODES: ReadonlySet<string> = new Set([
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_NOT_FOUND',
  'TOO_MANY_ATTEMPTS',
]);
