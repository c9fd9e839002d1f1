/**
 * /auth/action: the one page every e-mail link opens (spec §5: a mode, a code and an api key). It
 * reads the three, then by mode sets a new password, signs in (asking the code of an account with
 * two-factor on), or verifies the e-mail. A link that is incomplete, of an unknown mode, changed,
 * expired or used shows its sentence and changes nothing.
 */
import { Alert, Button, Link, Stack } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { EMAIL_LINK_MESSAGES, parseEmailLink, type EmailLink } from '../../../../core/email-links.ts';
import { needsTwoFactor } from '../../../../core/two-factor.ts';
import { passwordLengthMessages, passwordProblems } from '../../../../core/password-policy.ts';
import { followLinkPath, useResetPassword } from '../../lib/auth/email-links.ts';
import { useSessionFromLink } from '../../lib/auth/session.ts';
import { PasswordField, SubmitButton, usePasswordPolicy, useTouched } from '../../lib/form-fields.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { LinkAlert } from '../../components/LinkAlert.tsx';
import { TwoFactorChallenge } from './TwoFactorChallenge.tsx';

const HEADINGS: Readonly<Record<EmailLink['mode'], { heading: string; subheading: string }>> = {
  resetPassword: { heading: 'Choose a new password', subheading: 'Every session of your account will be signed out.' },
  signIn: { heading: 'Signing in', subheading: 'From the link we e-mailed you.' },
  verifyEmail: { heading: 'Verify your e-mail', subheading: 'From the link we e-mailed you.' },
};

/** Where a runner asks for a new link of the same kind. */
const NEW_LINK_PATHS: Readonly<Record<EmailLink['mode'], string>> = {
  resetPassword: '/auth/forgot-password',
  signIn: '/auth/sign-in-link',
  verifyEmail: '/',
};

function LinkError({ message, mode }: { message: string; mode: EmailLink['mode'] }) {
  return (
    <LinkAlert severity="error" to={NEW_LINK_PATHS[mode]} linkText="New link">
      {message}
    </LinkAlert>
  );
}

const backToSignIn = (
  <Link component={RouterLink} to="/login">
    Back to sign in
  </Link>
);

function ResetPasswordForm({ link }: { link: EmailLink }) {
  const policy = usePasswordPolicy();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const { touched, touch, touchAll } = useTouched<'password'>();
  const problem = passwordProblems(password, policy)[0] ?? '';

  if (reset.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success">{EMAIL_LINK_MESSAGES.passwordReset}</Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Sign in with the new password
        </Button>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['password']);
    if (problem) {
      return;
    }
    reset.mutate({ link, newPassword: password });
  };
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      {reset.error && <LinkError message={reset.error.message} mode="resetPassword" />}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          touch('password');
        }}
        error={Boolean(touched.password && problem)}
        helperText={touched.password && problem ? problem : passwordLengthMessages(policy).hint}
      />
      <SubmitButton pending={reset.isPending}>Set new password</SubmitButton>
    </Stack>
  );
}

/** Where a sign-in link leads once the session exists. */
const SIGNED_IN_PATH = '/dashboard';

/**
 * Sign-in and verification links are followed as soon as the page opens, once. A sign-in link to an
 * account with two-factor on gives no session yet: `onChallenged` asks the code.
 */
function FollowLink({ link, onChallenged }: { link: EmailLink; onChallenged: () => void }) {
  const follow = useSessionFromLink();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    follow.mutate(followLinkPath(link), {
      onSuccess: (answer) => {
        if (link.mode === 'signIn') {
          if (needsTwoFactor(answer)) {
            onChallenged();
          } else {
            void navigate(SIGNED_IN_PATH, { replace: true });
          }
        }
      },
    });
  }, [follow, link, navigate, onChallenged]);

  if (follow.error) {
    return <LinkError message={follow.error.message} mode={link.mode} />;
  }
  if (follow.isSuccess && link.mode === 'verifyEmail') {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success">{EMAIL_LINK_MESSAGES.emailVerified}</Alert>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Continue
        </Button>
      </Stack>
    );
  }
  return (
    <Alert severity="info">
      {link.mode === 'signIn' ? EMAIL_LINK_MESSAGES.signingIn : EMAIL_LINK_MESSAGES.verifying}
    </Alert>
  );
}

export default function AuthActionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [challenged, setChallenged] = useState(false);
  const onChallenged = useCallback(() => setChallenged(true), []);
  const parsed = parseEmailLink(params);
  if (challenged) {
    return (
      <TwoFactorChallenge redirect={SIGNED_IN_PATH} onRestart={() => void navigate('/login', { replace: true })} />
    );
  }
  if (!parsed.ok) {
    return (
      <AuthLayout heading="This link does not work" subheading="Nothing was changed." footer={backToSignIn}>
        <Alert severity="error">{parsed.message}</Alert>
      </AuthLayout>
    );
  }
  const { link } = parsed;
  return (
    <AuthLayout {...HEADINGS[link.mode]} footer={backToSignIn}>
      {link.mode === 'resetPassword' ? (
        <ResetPasswordForm link={link} />
      ) : (
        <FollowLink link={link} onChallenged={onChallenged} />
      )}
    </AuthLayout>
  );
}
