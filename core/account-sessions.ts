/**
 * Account Settings → sign-in methods and active sessions: the answers' shapes, how a session's
 * browser and device are named from its user agent, and the sentences. Pure.
 */
import { z } from 'zod';

export const accountSessionSchema = z.object({
  id: z.string(),
  /** e.g. "Chrome on Windows"; "Unknown browser" when the user agent says nothing readable. */
  device: z.string(),
  /** ISO time the session was signed in: the account's last sign-in is the newest of these. */
  signedInAt: z.string(),
  /** ISO time the session was last renewed or created. */
  lastSeenAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionEndedSchema = z.object({ ended: z.literal(true) });

/** The ways into an account: its password, two-factor on or off, and linked providers (e.g. "google"). */
export const signInMethodsSchema = z.object({
  password: z.boolean(),
  twoFactor: z.boolean(),
  providers: z.array(z.string()),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const ACCOUNT_SESSION_MESSAGES = {
  notFound: 'That session has already ended.',
  current: 'This is the session you are using. Sign out instead.',
  ended: 'That session was signed out.',
  unknownDevice: 'Unknown browser',
} as const;

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Browser on system" read from a user agent, as much of it as can be read. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) {
    return `${browser} on ${system}`;
  }
  return browser ?? system ?? ACCOUNT_SESSION_MESSAGES.unknownDevice;
}
