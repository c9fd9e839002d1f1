/** Changing the password and ending other sessions (Account Settings → Password and sessions). */
import { useMutation } from '@tanstack/react-query';
import type { PasswordChange } from '../../../core/account-security.ts';
import { api, unwrap } from '../api/client.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => unwrap(api.account.password.$post({ json: change })),
  });
}

export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => unwrap(api.account.sessions['end-others'].$post()),
  });
}
