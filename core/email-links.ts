/**
 * E-mail links: password reset, e-mail verification and sign-in by e-mail link. Spec §5: "E-mail links
 * need a mode, a code and an api key", so every link Stride mails opens one action page,
 * `/auth/action?mode=…&oobCode=…&apiKey=…`, whose key the server made for that mode and code (a
 * changed or cut link no longer matches its key). Lifetimes, the sentences each form and page shows,
 * and the mails' texts live here once.
 */

export const EMAIL_LINK_MODES = ['resetPassword', 'verifyEmail', 'signIn'] as const;
export type EmailLinkMode = (typeof EMAIL_LINK_MODES)[number];

/** The web app's page every link opens. */
export const EMAIL_LINK_ACTION_PATH = '/auth/action';

/** A password-reset link works once, within one hour. */
export const RESET_PASSWORD_LINK_LIFETIME_S = 60 * 60;
/** A sign-in link works once, within 15 minutes. */
export const SIGN_IN_LINK_LIFETIME_S = 15 * 60;
/** A verification link works within 24 hours (verifying twice changes nothing). */
export const VERIFY_EMAIL_LINK_LIFETIME_S = 24 * 60 * 60;

function minutesText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const EMAIL_LINK_MESSAGES = {
  incomplete: 'This link is incomplete: it needs a mode, a code and an api key. Open the whole link from the e-mail.',
  unknownMode: 'This link asks for something Stride does not do. Open the link from the e-mail again.',
  tampered:
    'This link is not valid: it was changed or cut short. Open the whole link from the e-mail, or ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used, or it has expired. Ask for a new one.',
  /** The same answer whether or not an account uses the address (nobody learns which addresses have accounts). */
  resetRequested: `If an account uses this e-mail, we have sent it a link to reset the password. The link works once, within ${minutesText(RESET_PASSWORD_LINK_LIFETIME_S)}.`,
  signInLinkSent: `If an account uses this e-mail, we have sent it a sign-in link. The link works once, within ${minutesText(SIGN_IN_LINK_LIFETIME_S)}.`,
  passwordReset: 'Your password has been changed and every session of this account has been signed out.',
  emailVerified: 'Your e-mail address is verified.',
  signingIn: 'Signing you in…',
  verifying: 'Verifying your e-mail address…',
  emailNotVerified: 'Verify your e-mail address before signing in: open the link we e-mailed you, or send a new one.',
  verificationResent: 'If this account still needs verifying, we have sent a new verification link to this e-mail.',
  verifyBanner: (email: string) => `Please verify your e-mail address: open the link we sent to ${email}.`,
  verificationSentTo: (email: string) => `We have sent a new verification link to ${email}.`,
  /** After sign-up on a server that signs in verified accounts only. */
  verifyToSignIn: (email: string) => `We have sent a verification link to ${email}. Open it to sign in.`,
} as const;

export interface EmailLink {
  mode: EmailLinkMode;
  oobCode: string;
  apiKey: string;
}

/** Reads an action link's query; a missing part or an unknown mode gets its sentence. */
export function parseEmailLink(query: {
  get(name: string): string | null;
}): { ok: true; link: EmailLink } | { ok: false; message: string } {
  const mode = query.get('mode')?.trim() ?? '';
  const oobCode = query.get('oobCode')?.trim() ?? '';
  const apiKey = query.get('apiKey')?.trim() ?? '';
  if (mode === '' || oobCode === '' || apiKey === '') {
    return { ok: false, message: EMAIL_LINK_MESSAGES.incomplete };
  }
  if (!(EMAIL_LINK_MODES as readonly string[]).includes(mode)) {
    return { ok: false, message: EMAIL_LINK_MESSAGES.unknownMode };
  }
  return { ok: true, link: { mode: mode as EmailLinkMode, oobCode, apiKey } };
}

/** The action link for a mode and code, on the server's public address. */
export function emailLinkUrl(publicUrl: string, link: EmailLink): string {
  const url = new URL(EMAIL_LINK_ACTION_PATH, publicUrl);
  url.searchParams.set('mode', link.mode);
  url.searchParams.set('oobCode', link.oobCode);
  url.searchParams.set('apiKey', link.apiKey);
  return url.toString();
}

export interface MailText {
  subject: string;
  text: string;
}

/** The mail that carries each kind of link. */
export function emailLinkMail(mode: EmailLinkMode, url: string): MailText {
  switch (mode) {
    case 'resetPassword':
      return {
        subject: 'Reset your Stride password',
        text: `Someone asked to reset the password of the Stride account that uses this e-mail.\n\nTo choose a new password, open this link (it works once, within ${minutesText(RESET_PASSWORD_LINK_LIFETIME_S)}):\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
      };
    case 'verifyEmail':
      return {
        subject: 'Verify your e-mail for Stride',
        text: `Welcome to Stride. To verify this e-mail address, open this link (it works within ${minutesText(VERIFY_EMAIL_LINK_LIFETIME_S)}):\n${url}\n\nIf you did not create a Stride account, ignore this mail.`,
      };
    case 'signIn':
      return {
        subject: 'Your Stride sign-in link',
        text: `To sign in to Stride, open this link (it works once, within ${minutesText(SIGN_IN_LINK_LIFETIME_S)}):\n${url}\n\nIf you did not ask for it, ignore this mail.`,
      };
  }
}

/**
 * better-auth's (and the link check's) codes for e-mail links → the code and sentence the forms get.
 * A reset code spent by a concurrent request reads as used.
 */
export const EMAIL_LINK_ERRORS: Readonly<Record<string, { code: string; message: string }>> = {
  LINK_TAMPERED: { code: 'invalid-action-code', message: EMAIL_LINK_MESSAGES.tampered },
  LINK_USED: { code: 'used-action-code', message: EMAIL_LINK_MESSAGES.used },
  LINK_EXPIRED: { code: 'expired-action-code', message: EMAIL_LINK_MESSAGES.expired },
  TOKEN_EXPIRED: { code: 'expired-action-code', message: EMAIL_LINK_MESSAGES.expired },
  INVALID_TOKEN: { code: 'used-action-code', message: EMAIL_LINK_MESSAGES.used },
  EMAIL_NOT_VERIFIED: { code: 'email-not-verified', message: EMAIL_LINK_MESSAGES.emailNotVerified },
};
