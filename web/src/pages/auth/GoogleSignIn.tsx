/**
 * "Continue with Google" on the sign-in and registration screens, shown only when this server has
 * Google configured. A popup first; when the browser blocks it, the spec §8 sentence and the same
 * sign-in in this window. A failed redirect comes back to /login with better-auth's `error`; an
 * account with two-factor on goes on to the sign-in page's code step.
 */
import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Button, Divider, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  GOOGLE_BUTTON_LABEL,
  GOOGLE_REDIRECT_BUTTON_LABEL,
  GOOGLE_SIGN_IN_MESSAGES,
  googleSignInCodeFor,
} from '../../../../core/google-sign-in.ts';
import { twoFactorLanding } from '../../../../core/two-factor.ts';
import { GoogleSignInError, signInWithGoogleRedirect } from '../../lib/auth/google.ts';
import { useGoogleSignIn } from '../../lib/auth/session.ts';
import { useGoogleEnabled } from '../../lib/auth/use-google.ts';

export function GoogleSignIn({ redirect, callbackError }: { redirect: string; callbackError: string | null }) {
  const enabled = useGoogleEnabled();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const signIn = useGoogleSignIn();
  const navigate = useNavigate();
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  if (!enabled) {
    return null;
  }

  const popupError = signIn.error instanceof GoogleSignInError ? signIn.error : null;
  const message =
    redirectError ??
    popupError?.message ??
    (signIn.error ? GOOGLE_SIGN_IN_MESSAGES.failed : null) ??
    (callbackError !== null && !signIn.isPending ? GOOGLE_SIGN_IN_MESSAGES[googleSignInCodeFor(callbackError)] : null);

  const redirectSignIn = () => {
    setRedirecting(true);
    setRedirectError(null);
    signInWithGoogleRedirect({ mobile, redirect }).catch((error: unknown) => {
      setRedirecting(false);
      setRedirectError(error instanceof GoogleSignInError ? error.message : GOOGLE_SIGN_IN_MESSAGES.failed);
    });
  };

  return (
    <Stack spacing={2} sx={{ mt: 2.5 }}>
      <Divider>or</Divider>
      {message && <Alert severity={popupError?.code === 'popup-closed-by-user' ? 'warning' : 'error'}>{message}</Alert>}
      <Button
        variant="outlined"
        size="large"
        startIcon={<GoogleIcon />}
        disabled={redirecting}
        onClick={() => {
          setRedirectError(null);
          signIn.mutate(
            { mobile },
            {
              onSuccess: ({ twoFactor }) => {
                if (twoFactor) {
                  void navigate(twoFactorLanding(redirect), { replace: true });
                }
              },
            },
          );
        }}
      >
        {GOOGLE_BUTTON_LABEL}
      </Button>
      {popupError?.code === 'popup-blocked' && (
        <Button variant="contained" size="large" disabled={redirecting} onClick={redirectSignIn}>
          {GOOGLE_REDIRECT_BUTTON_LABEL}
        </Button>
      )}
    </Stack>
  );
}
