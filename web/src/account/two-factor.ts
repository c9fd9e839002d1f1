/**
 * Account Settings → sign-in methods and sessions: the ways into the account, two-factor enrolment
 * (password → QR code and backup codes → a code confirms it), turning it off, new backup codes, and
 * the list of this account's sessions with signing out one other.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestJson, unwrap } from '../api/client.ts';
import { ACCOUNT_SESSIONS_QUERY_KEY, SIGN_IN_METHODS_QUERY_KEY } from '../lib/query-keys.ts';

export interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

export function useSignInMethods() {
  return useQuery({
    queryKey: SIGN_IN_METHODS_QUERY_KEY,
    queryFn: () => unwrap(api.account['sign-in-methods'].$get()),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: ACCOUNT_SESSIONS_QUERY_KEY,
    queryFn: async () => (await unwrap(api.account.sessions.$get())).sessions,
  });
}

/** A change to the ways in: the methods and the sessions (two-factor changes replace this session) are read again. */
function useAccountChange<I, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SIGN_IN_METHODS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_QUERY_KEY }),
      ]);
    },
  });
}

/** Starts enrolment: the password is checked, and the secret and backup codes come back (not on yet). */
export const useStartEnrolment = () =>
  useMutation({
    mutationFn: (password: string) => requestJson<Enrolment>('/api/auth/two-factor/enable', { body: { password } }),
  });

/** Completes enrolment with a code from the app: two-factor is on from now. */
export const useConfirmEnrolment = () =>
  useAccountChange((code: string) => requestJson('/api/auth/two-factor/verify-totp', { body: { code } }));

export const useDisableTwoFactor = () =>
  useAccountChange((password: string) => requestJson('/api/auth/two-factor/disable', { body: { password } }));

/** New backup codes; the old ones stop working. */
export const useNewBackupCodes = () =>
  useAccountChange((password: string) =>
    requestJson<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { body: { password } }),
  );

export const useEndSession = () =>
  useAccountChange((id: string) => unwrap(api.account.sessions[':id'].$delete({ param: { id } })));
