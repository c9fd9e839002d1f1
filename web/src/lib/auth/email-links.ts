/**
 * The e-mail link requests and the action page's calls to better-auth (core/email-links.ts): asking
 * for a reset or sign-in link, setting a new password, following a sign-in or verification link,
 * and sending the verification mail again.
 */
import { useMutation } from '@tanstack/react-query';
import type { EmailLink } from '../../../../core/email-links.ts';
import { requestJson } from '../../api/client.ts';

function linkQuery(link: EmailLink): string {
  return new URLSearchParams({ token: link.oobCode, apiKey: link.apiKey }).toString();
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => requestJson('/api/auth/request-password-reset', { body: { email } }) });

export const useRequestSignInLink = () =>
  useMutation({ mutationFn: (email: string) => requestJson('/api/auth/sign-in/magic-link', { body: { email } }) });

/** "Send again": a new verification link to this address (signed in or not). */
export const useResendVerification = () =>
  useMutation({ mutationFn: (email: string) => requestJson('/api/auth/send-verification-email', { body: { email } }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ link, newPassword }: { link: EmailLink; newPassword: string }) =>
      requestJson('/api/auth/reset-password', { body: { token: link.oobCode, apiKey: link.apiKey, newPassword } }),
  });

/** The better-auth call that follows a sign-in or verification link (useSessionFromLink sends it). */
export function followLinkPath(link: EmailLink): string {
  return `/api/auth/${link.mode === 'signIn' ? 'magic-link/verify' : 'verify-email'}?${linkQuery(link)}`;
}
