/**
 * Google sign-in in the browser (spec §7, §9 "Popup sign-in"): a 500×600 popup first; when the
 * browser blocks it, the same sign-in in this window (a redirect). better-auth sends the popup back
 * to /login with the attempt's id; that page tells this one over a BroadcastChannel (which works
 * whatever the popup's opener has become after visiting Google) and closes.
 */
import {
  GOOGLE_POPUP_CLOSED_WAIT_MS,
  GOOGLE_POPUP_EVENT_CACHE_MS,
  GOOGLE_POPUP_HEIGHT,
  GOOGLE_POPUP_POLL_MS,
  GOOGLE_POPUP_WIDTH,
  GOOGLE_PROVIDER_ID,
  GOOGLE_SIGN_IN_MESSAGES,
  googleSignInCodeFor,
  type GoogleSignInCode,
} from '../../../../core/google-sign-in.ts';
import { ApiError, identityRequestTimeoutMs, requestJson } from '../../api/client.ts';

/** The query parameter of /login that marks the page a finished popup lands on. */
export const GOOGLE_POPUP_PARAM = 'google-popup';

/** The query parameter Account comes back with from linking Google (`linked`, or `failed` with `error`). */
export const GOOGLE_LINK_PARAM = 'google-link';

const CHANNEL_NAME = 'stride-google-sign-in';

/**
 * What a finished popup reports: its attempt, better-auth's error code when it failed, and whether
 * the account asks for its two-factor code (no session yet; the challenge is open in this browser).
 */
interface PopupOutcome {
  attempt: string;
  error: string | null;
  twoFactor: boolean;
}

export class GoogleSignInError extends Error {
  constructor(readonly code: GoogleSignInCode) {
    super(GOOGLE_SIGN_IN_MESSAGES[code]);
    this.name = 'GoogleSignInError';
  }
}

/** The code of a failed start request: no answer, the server failing, or anything else. */
function startFailure(error: unknown): GoogleSignInError {
  if (error instanceof GoogleSignInError) {
    return error;
  }
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return new GoogleSignInError('network-request-failed');
    }
    if (error.status >= 500) {
      return new GoogleSignInError('internal-error');
    }
    if (error.details.code === 'provider-unavailable') {
      return new GoogleSignInError('google-off');
    }
    // The server refused this page's address (another host than its own, or an untrusted origin).
    if (error.status === 421 || error.details.code === 'unauthorized-domain') {
      return new GoogleSignInError('unauthorized-domain');
    }
  }
  return new GoogleSignInError('failed');
}

/** Asks better-auth where Google's sign-in page is, within the spec §7 request timeout. */
async function googleAuthorizationUrl(
  path: '/api/auth/sign-in/social' | '/api/auth/link-social',
  callbackURL: string,
  errorCallbackURL: string,
  mobile: boolean,
): Promise<string> {
  try {
    const answer = await requestJson<{ url: string }>(path, {
      body: { provider: GOOGLE_PROVIDER_ID, callbackURL, errorCallbackURL, disableRedirect: true },
      timeoutMs: identityRequestTimeoutMs(mobile),
    });
    return answer.url;
  } catch (error) {
    throw startFailure(error);
  }
}

/** The popup of the sign-in under way, if any: only one at a time. */
let openPopup: Window | null = null;

/** Attempts whose outcome was handled, each forgotten after spec §9's 10 minutes. */
const handledAttempts = new Set<string>();

function rememberHandled(attempt: string): void {
  handledAttempts.add(attempt);
  window.setTimeout(() => handledAttempts.delete(attempt), GOOGLE_POPUP_EVENT_CACHE_MS);
}

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - GOOGLE_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - GOOGLE_POPUP_HEIGHT) / 2));
  return `popup=yes,width=${GOOGLE_POPUP_WIDTH},height=${GOOGLE_POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Signs in with Google in a popup. Resolves once the session exists, or with `twoFactor` once the
 * account asks for its code; rejects with a GoogleSignInError carrying the spec §8 code
 * (`popup-blocked` means: offer the redirect). Must be called straight from the click, or the
 * browser blocks the popup.
 */
export async function signInWithGooglePopup({ mobile }: { mobile: boolean }): Promise<{ twoFactor: boolean }> {
  if (openPopup && !openPopup.closed) {
    openPopup.focus();
    throw new GoogleSignInError('cancelled-popup-request');
  }
  const popup = window.open('', 'stride-google-sign-in', popupFeatures());
  if (!popup) {
    throw new GoogleSignInError('popup-blocked');
  }
  openPopup = popup;
  const attempt = crypto.randomUUID();
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const timers: number[] = [];
  try {
    const landing = `/login?${GOOGLE_POPUP_PARAM}=${encodeURIComponent(attempt)}`;
    let url: string;
    try {
      url = await googleAuthorizationUrl('/api/auth/sign-in/social', landing, landing, mobile);
    } catch (error) {
      popup.close();
      throw error;
    }
    popup.location.href = url;
    const outcome = await new Promise<PopupOutcome | 'closed'>((resolve) => {
      channel.onmessage = (event: MessageEvent<PopupOutcome>) => {
        if (event.data?.attempt === attempt && !handledAttempts.has(attempt)) {
          rememberHandled(attempt);
          resolve(event.data);
        }
      };
      const poll = () => {
        if (popup.closed) {
          // The answer may still be on its way: give it spec §9's closed wait before calling it cancelled.
          timers.push(window.setTimeout(() => resolve('closed'), GOOGLE_POPUP_CLOSED_WAIT_MS));
          return;
        }
        timers.push(window.setTimeout(poll, mobile ? GOOGLE_POPUP_POLL_MS.mobile : GOOGLE_POPUP_POLL_MS.desktop));
      };
      poll();
    });
    if (outcome === 'closed') {
      throw new GoogleSignInError('popup-closed-by-user');
    }
    if (!popup.closed) {
      popup.close();
    }
    if (outcome.error !== null) {
      throw new GoogleSignInError(googleSignInCodeFor(outcome.error));
    }
    return { twoFactor: outcome.twoFactor };
  } finally {
    timers.forEach((timer) => window.clearTimeout(timer));
    channel.close();
    if (openPopup === popup) {
      openPopup = null;
    }
  }
}

/**
 * The redirect sign-in: this window goes to Google and comes back to `redirect` (or to /login with
 * the error). Resolves only if the start request fails (it rejects then).
 */
export async function signInWithGoogleRedirect({ mobile, redirect }: { mobile: boolean; redirect: string }) {
  const back = `/login?redirect=${encodeURIComponent(redirect)}`;
  const url = await googleAuthorizationUrl('/api/auth/sign-in/social', redirect, back, mobile);
  window.location.assign(url);
}

/** Links Google to the signed-in account: this window goes to Google and comes back to Account. */
export async function linkGoogle({ mobile }: { mobile: boolean }) {
  const url = await googleAuthorizationUrl(
    '/api/auth/link-social',
    `/account?${GOOGLE_LINK_PARAM}=linked`,
    `/account?${GOOGLE_LINK_PARAM}=failed`,
    mobile,
  );
  window.location.assign(url);
}

/**
 * On the page a popup lands on: tells the page that opened it how the sign-in ended, and closes.
 * Returns false when this window cannot close (not a popup after all), so the page shows itself.
 */
export function reportPopupOutcome(outcome: PopupOutcome): boolean {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage(outcome);
  channel.close();
  window.close();
  return window.closed;
}
