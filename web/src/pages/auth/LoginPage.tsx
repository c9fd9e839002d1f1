/**
 * /login: e-mail and password, a sign-in link, Google, or a phone number and a texted code (its form
 * loaded only when chosen); returns to the guarded page that sent the visitor here. After an
 * account's deletion it says that the account is gone.
 */
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isEmailAddress, REGISTRATION_MESSAGES } from '../../../../core/registration.ts';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../../core/product.ts';
import { ACCOUNT_DELETED_PARAM, ACCOUNT_DELETION_MESSAGES } from '../../../../core/account-deletion.ts';
import { SESSION_END_MESSAGES } from '../../../../core/session.ts';
import { TWO_FACTOR_LOGIN_PARAM, needsTwoFactor, twoFactorLanding } from '../../../../core/two-factor.ts';
import { EMAIL_LINK_MESSAGES } from '../../../../core/email-links.ts';
import { ApiError } from '../../api/client.ts';
import { useResendVerification } from '../../lib/auth/email-links.ts';
import { useSession, useSignIn } from '../../lib/auth/session.ts';
import { useSessionEnd } from '../../lib/auth/session-end.ts';
import { withTimeout } from '../../lib/lazy-page.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { EmailField, PasswordField, useTouched, SubmitButton } from '../../lib/form-fields.tsx';
import { GOOGLE_POPUP_LANDING_TEXT } from '../../../../core/google-sign-in.ts';
import { GOOGLE_POPUP_PARAM, reportPopupOutcome } from '../../lib/auth/google.ts';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { usePhoneSignInOffered } from '../../lib/auth/use-google.ts';

const PhoneSignIn = lazy(() => import('./PhoneSignIn.tsx'));

/** The code step loads when a sign-in asks for it: its checks are zod schemas, which this page does not load. */
const TwoFactorChallenge = lazy(() =>
  withTimeout(import('./TwoFactorChallenge.tsx'), CHUNK_LOAD_TIMEOUT_MS).then((module) => ({
    default: module.TwoFactorChallenge,
  })),
);

export default function LoginPage() {
  const [params] = useSearchParams();
  const attempt = params.get(GOOGLE_POPUP_PARAM);
  return attempt === null ? (
    <LoginForm />
  ) : (
    <GooglePopupLanding
      attempt={attempt}
      error={params.get('error')}
      twoFactor={params.get(TWO_FACTOR_LOGIN_PARAM) === '1'}
    />
  );
}

/**
 * Where a Google popup lands: it tells the page that opened it how the sign-in ended and closes.
 * A window that cannot close (opened some other way) goes on as the sign-in page would.
 */
function GooglePopupLanding({
  attempt,
  error,
  twoFactor,
}: {
  attempt: string;
  error: string | null;
  twoFactor: boolean;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!reportPopupOutcome({ attempt, error, twoFactor })) {
      const next =
        error !== null
          ? `/login?error=${encodeURIComponent(error)}`
          : twoFactor
            ? twoFactorLanding('/dashboard')
            : '/dashboard';
      void navigate(next, { replace: true });
    }
  }, [attempt, error, twoFactor, navigate]);
  return <Typography sx={{ p: 3 }}>{GOOGLE_POPUP_LANDING_TEXT}</Typography>;
}

function LoginForm() {
  const [params, setParams] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const { data: user } = useSession();
  const sessionEnd = useSessionEnd();
  const signIn = useSignIn();
  const resendVerification = useResendVerification();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const phoneOffered = usePhoneSignInOffered();
  const [byPhone, setByPhone] = useState(false);
  const { touched, touch, touchAll } = useTouched<'email' | 'password'>();
  // The password was right, or Google answered (TWO_FACTOR_LOGIN_PARAM), and the account asks for a
  // second factor (no session yet).
  const [passwordChallenged, setChallenged] = useState(false);
  const challenged = passwordChallenged || params.get(TWO_FACTOR_LOGIN_PARAM) === '1';

  const emailError = isEmailAddress(email.trim()) ? '' : REGISTRATION_MESSAGES.emailInvalid;
  const passwordError = password.length > 0 ? '' : REGISTRATION_MESSAGES.passwordRequired;

  if (user && !signIn.isPending && !signIn.isSuccess) {
    return <Navigate to={redirect} replace />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['email', 'password']);
    if (emailError || passwordError) {
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) =>
          needsTwoFactor(answer) ? setChallenged(true) : void navigate(redirect, { replace: true }),
      },
    );
  };

  if (challenged) {
    return (
      <Suspense fallback={null}>
        <TwoFactorChallenge
          redirect={redirect}
          onRestart={() => {
            setChallenged(false);
            setPassword('');
            signIn.reset();
            if (params.has(TWO_FACTOR_LOGIN_PARAM)) {
              const rest = new URLSearchParams(params);
              rest.delete(TWO_FACTOR_LOGIN_PARAM);
              setParams(rest, { replace: true });
            }
          }}
        />
      </Suspense>
    );
  }

  const registerLink = params.get('redirect') ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';

  return (
    <AuthLayout
      heading="Welcome back"
      subheading="Sign in to your running hub."
      footer={
        <>
          New to Stride?{' '}
          <Link component={RouterLink} to={registerLink}>
            Create an account
          </Link>
        </>
      }
    >
      {params.has(ACCOUNT_DELETED_PARAM) && <Alert severity="success">{ACCOUNT_DELETION_MESSAGES.done}</Alert>}
      {byPhone && (
        <Stack spacing={2}>
          <Suspense fallback={null}>
            <PhoneSignIn redirect={redirect} onChallenged={() => setChallenged(true)} />
          </Suspense>
          <Button onClick={() => setByPhone(false)}>Sign in with e-mail</Button>
        </Stack>
      )}
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} sx={byPhone ? { display: 'none' } : undefined}>
        {sessionEnd && !signIn.error && (
          <Alert severity={sessionEnd.reason === 'disabled' ? 'error' : 'warning'}>
            {SESSION_END_MESSAGES[sessionEnd.reason]}
          </Alert>
        )}
        {signIn.error && (
          <Alert
            severity="error"
            action={
              signIn.error instanceof ApiError && signIn.error.details.code === 'email-not-verified' ? (
                <Button
                  color="inherit"
                  size="small"
                  disabled={resendVerification.isPending}
                  onClick={() => resendVerification.mutate(email.trim())}
                >
                  Send new link
                </Button>
              ) : undefined
            }
          >
            {signIn.error.message}
          </Alert>
        )}
        {resendVerification.isSuccess && <Alert severity="success">{EMAIL_LINK_MESSAGES.verificationResent}</Alert>}
        {resendVerification.error && <Alert severity="error">{resendVerification.error.message}</Alert>}
        <EmailField
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => touch('email')}
          problem={touched.email ? emailError : ''}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => touch('password')}
          error={Boolean(touched.password && passwordError)}
          helperText={touched.password && passwordError ? passwordError : ' '}
        />
        <Link
          component={RouterLink}
          to="/auth/forgot-password"
          state={{ email: email.trim() }}
          variant="body2"
          sx={{ alignSelf: 'flex-end' }}
        >
          Forgot password?
        </Link>
        <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
        <Button
          component={RouterLink}
          to="/auth/sign-in-link"
          state={{ email: email.trim() }}
          variant="outlined"
          size="large"
        >
          E-mail me a sign-in link
        </Button>
        {phoneOffered && (
          <Button variant="outlined" size="large" onClick={() => setByPhone(true)}>
            Sign in with phone
          </Button>
        )}
      </Stack>
      <GoogleSignIn redirect={redirect} callbackError={params.get('error')} />
    </AuthLayout>
  );
}
