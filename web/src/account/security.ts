/** Changing the password and ending other sessions (Account Settings → Password and sessions). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChange } from '../../../core/account-security.ts';
import { api, unwrap } from '../api/client.ts';
import { ACCOUNT_SESSIONS_QUERY_KEY } from '../lib/query-keys.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => unwrap(api.account.password.$post({ json: change })),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.account.sessions['end-others'].$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_QUERY_KEY }),
  });
}
