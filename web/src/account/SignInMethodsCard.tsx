/**
 * Account Settings → "Sign-in methods": the ways into the account (the password, two-factor on or
 * off with its enrolment, turning off and new backup codes). Google, when the server has it, has its
 * own card (GoogleAccountCard), since linking it leaves the page for Google's.
 */
import { Alert, Box, Button, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../../core/two-factor.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { DisableDialog, EnrolDialog, NewBackupCodesDialog } from './TwoFactorDialogs.tsx';
import { useSignInMethods } from './two-factor.ts';

function MethodRow({
  name,
  description,
  on,
  children,
}: {
  name: string;
  description: string;
  on: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3">
            {name}
          </Typography>
          <Chip size="small" label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} variant="outlined" />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
      {children && (
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

type Dialog = 'enrol' | 'disable' | 'codes' | null;

export function SignInMethodsCard() {
  const { data: methods, error } = useSignInMethods();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const closeDialog = () => setDialog(null);
  return (
    <AccountSection id="sign-in-methods" title="Sign-in methods" description="The ways into your account.">
      {error && <Alert severity="error">{error.message}</Alert>}
      {!methods && !error && <Skeleton variant="rounded" height={120} />}
      {methods && (
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          <MethodRow
            name="Password"
            description="Your e-mail and password. Change it under Password and sessions."
            on={methods.password}
          />
          <MethodRow
            name="Two-factor sign-in"
            description={
              methods.twoFactor
                ? 'After your password, signing in asks for a code from your authenticator app or a backup code.'
                : 'Ask for a code from an authenticator app after your password, so a stolen password alone cannot sign in.'
            }
            on={methods.twoFactor}
          >
            {methods.twoFactor ? (
              <>
                <Button variant="outlined" color="inherit" onClick={() => setDialog('codes')}>
                  New backup codes
                </Button>
                <Button variant="outlined" color="inherit" onClick={() => setDialog('disable')}>
                  Turn off
                </Button>
              </>
            ) : (
              <Button
                variant="outlined"
                onClick={() => {
                  setNotice(null);
                  setDialog('enrol');
                }}
              >
                Turn on
              </Button>
            )}
          </MethodRow>
        </Stack>
      )}
      {notice && (
        <Alert severity="success" role="status" sx={{ mt: 2.5 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <EnrolDialog
        open={dialog === 'enrol'}
        onClose={closeDialog}
        onDone={() => setNotice(TWO_FACTOR_MESSAGES.enabled)}
      />
      <DisableDialog
        open={dialog === 'disable'}
        onClose={closeDialog}
        onDone={() => setNotice(TWO_FACTOR_MESSAGES.disabled)}
      />
      <NewBackupCodesDialog open={dialog === 'codes'} onClose={closeDialog} />
    </AccountSection>
  );
}
