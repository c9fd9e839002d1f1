/**
 * Account Settings → "Password and sessions": change the password, the active sessions (sign out
 * one), and sign out every other device. A changed password also signs out every other device (server/auth/auth.ts).
 */
import { Divider, Stack } from '@mui/material';
import { AccountSection } from '../components/AccountSection.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { EndOtherSessions } from './EndOtherSessions.tsx';

export function AccountSecurityCard() {
  return (
    <AccountSection
      title="Password and sessions"
      description="Changing your password signs you out on every other device."
    >
      <Stack spacing={3} sx={{ maxWidth: 480 }}>
        <ChangePasswordForm />
      </Stack>
      <Divider sx={{ my: 3 }} />
      <ActiveSessions />
      <Divider sx={{ my: 3 }} />
      <EndOtherSessions />
    </AccountSection>
  );
}
