/**
 * The signed-in state (spec §4 "Signed-in state"): one query on better-auth's session endpoint,
 * and the three actions that change it. Signing in or out clears every cached query, so nothing
 * of one user survives into the next (spec §4: on logout all cached data is cleared).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../api/client.ts';
import { SESSION_QUERY_KEY } from '../lib/query-keys.ts';
import { clearOfflineData } from '../lib/query-persistence.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

interface SessionResponse {
  user: SessionUser;
  session: { expiresAt: string };
}

export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () =>
      (await requestJson<SessionResponse | null>('/api/auth/get-session', { method: 'GET' }))?.user ?? null,
    staleTime: 60_000,
    retry: 1,
  });
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

function useSessionChange<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await clearOfflineData();
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

export const useSignOut = () => useSessionChange(() => requestJson('/api/auth/sign-out', { body: {} }));
