/**
 * The signed-in state (spec §4 "Signed-in state"): one query on better-auth's session endpoint,
 * and the three actions that change it. Signing in or out clears every cached query, so nothing
 * of one user survives into the next (spec §4: on logout all cached data is cleared).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionEndReason } from '../../../../core/session.ts';
import { ApiError, requestJson } from '../../api/client.ts';
import { clearOfflineData } from '../offline-store.ts';
import { SESSION_QUERY_KEY } from '../query-keys.ts';
import { clearSessionEnd, recordSessionEnd, sessionSignalOf } from './session-end.ts';
import { keepSession, type RefreshResult } from './session-keeper.ts';
import { signInWithGooglePopup } from './google.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** Whether the runner has followed a verification link (or signed in by e-mail link). */
  emailVerified?: boolean;
}

interface SessionResponse {
  user: SessionUser & { disabled?: boolean };
  session: { expiresAt: string };
}

/** The session's expiry (ms), kept beside the user under the session's own key, so sign-in/out keeps it too. */
const SESSION_EXPIRY_QUERY_KEY = [SESSION_QUERY_KEY[0], 'expiry'] as const;

const GET_SESSION_PATH = '/api/auth/get-session';

/** Reads the session: the user and its expiry, or why there is none for someone who had one. */
async function readSession(): Promise<{ user: SessionUser; expiresAtMs: number } | { ended: SessionEndReason } | null> {
  const answer = await requestJson<SessionResponse | null>(GET_SESSION_PATH, { method: 'GET' });
  if (!answer) {
    return null;
  }
  if (answer.user.disabled === true) {
    return { ended: 'disabled' };
  }
  const { id, name, email, emailVerified } = answer.user;
  return {
    user: { id, name, email, emailVerified: emailVerified === true },
    expiresAtMs: Date.parse(answer.session.expiresAt),
  };
}

const signedInUser = (queryClient: QueryClient) => queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);

/**
 * Signs the runner out after a session ended without them asking (disabled, expired): every cached
 * query goes, and the sign-in page says why.
 */
export function endSession(queryClient: QueryClient, reason: SessionEndReason): void {
  // An expired session looks like no session at all: only someone who was signed in hears of it.
  if (!signedInUser(queryClient) && reason !== 'disabled') {
    return;
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  queryClient.setQueryData(SESSION_EXPIRY_QUERY_KEY, null);
  void clearOfflineData();
  recordSessionEnd(reason);
}

/** A failed request that says the session has ended ends it (a 401 after reading the session again). */
export function onSessionSignal(queryClient: QueryClient, error: unknown): void {
  const signal = sessionSignalOf(error);
  if (signal === 'check') {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
  } else if (signal !== null) {
    endSession(queryClient, signal);
  }
}

/** Every failed query or mutation is checked for what it says of the session (onSessionSignal). */
export function watchSessionSignals(queryClient: QueryClient): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      onSessionSignal(queryClient, event.action.error);
    }
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      onSessionSignal(queryClient, event.action.error);
    }
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

export function useSession() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<SessionUser | null> => {
      const read = await readSession();
      if (read === null || 'ended' in read) {
        // Someone who was signed in and is no longer: the session expired (or was disabled).
        endSession(queryClient, read?.ended ?? 'expired');
        return null;
      }
      queryClient.setQueryData(SESSION_EXPIRY_QUERY_KEY, read.expiresAtMs);
      return read.user;
    },
    staleTime: 60_000,
    retry: 1,
  });
}

/** What a refresh of the session found (better-auth extends it on this read once it is due). */
async function refreshSession(): Promise<RefreshResult> {
  try {
    const read = await readSession();
    if (read === null) {
      return { ended: 'expired' };
    }
    return 'ended' in read ? read : { expiresAtMs: read.expiresAtMs };
  } catch (error) {
    // No answer, or the server failing: try again later. A refusal says the session is over.
    if (error instanceof ApiError && error.status > 0 && error.status < 500) {
      return { ended: sessionSignalOf(error) === 'disabled' ? 'disabled' : 'expired' };
    }
    return 'network-failure';
  }
}

/** Spec §4: refreshes the signed-in session about five minutes before it expires (session-keeper.ts). */
export function useSessionKeeper(): void {
  const queryClient = useQueryClient();
  // Only ever written (by the session read and the refreshes), never fetched.
  const { data: expiresAtMs } = useQuery<number | null>({
    queryKey: SESSION_EXPIRY_QUERY_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (typeof expiresAtMs !== 'number') {
      return undefined;
    }
    return keepSession(expiresAtMs, {
      now: () => Date.now(),
      after: (ms, run) => {
        const timer = window.setTimeout(run, ms);
        return () => window.clearTimeout(timer);
      },
      refresh: refreshSession,
      refreshed: (next) => queryClient.setQueryData(SESSION_EXPIRY_QUERY_KEY, next),
      ended: (reason) => endSession(queryClient, reason),
    });
  }, [expiresAtMs, queryClient]);
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

function useSessionChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      clearSessionEnd();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await clearOfflineData();
      // The runner asked for this change: reading the session again must not count as a lost session.
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.setQueryData(SESSION_EXPIRY_QUERY_KEY, null);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export const useSignIn = () =>
  useSessionChange((input: SignInInput) =>
    requestJson('/api/auth/sign-in/email', { body: { ...input, rememberMe: true } }),
  );

export const useSignUp = () =>
  useSessionChange((input: SignUpInput) => requestJson('/api/auth/sign-up/email', { body: input }));

/** Google sign-in in a popup (google.ts); the session is read again once it succeeds. */
export const useGoogleSignIn = () => useSessionChange((input: { mobile: boolean }) => signInWithGooglePopup(input));

export const useSignOut = () => useSessionChange(() => requestJson('/api/auth/sign-out', { body: {} }));

export interface TwoFactorAnswer {
  /** A code from the authenticator app, or one of the backup codes. */
  method: 'totp' | 'backup-code';
  code: string;
  /** Skip the challenge on this browser for 30 days (core/two-factor.ts). */
  trustDevice: boolean;
}

/** The second step of signing in to an account with two-factor on: the session exists once it succeeds. */
export const useVerifyTwoFactor = () =>
  useSessionChange(({ method, code, trustDevice }: TwoFactorAnswer) =>
    requestJson(method === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', {
      body: { code, trustDevice },
    }),
  );
/** Phone sign-in's second step: the number and the code texted to it (web/src/pages/auth/PhoneSignIn.tsx). */
export const usePhoneCodeSignIn = () =>
  useSessionChange((input: { phoneNumber: string; code: string }) =>
    requestJson('/api/auth/phone-number/verify', { body: input }),
  );

/** Following a sign-in or verification link (email-links.ts) may start a session. */
export const useSessionFromLink = () => useSessionChange((path: string) => requestJson(path, { method: 'GET' }));
