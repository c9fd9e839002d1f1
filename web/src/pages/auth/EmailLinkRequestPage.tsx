/**
 * /auth/forgot-password and /auth/sign-in-link: one e-mail field that asks for a password-reset or a
 * sign-in link. The answer is the same whether or not an account uses the address.
 */
import { Alert, Link, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { EMAIL_LINK_MESSAGES } from '../../../../core/email-links.ts';
import { isEmailAddress, REGISTRATION_MESSAGES } from '../../../../core/registration.ts';
import { useRequestPasswordReset, useRequestSignInLink } from '../../lib/auth/email-links.ts';
import { EmailField, SubmitButton, useTouched } from '../../lib/form-fields.tsx';
import { AuthLayout } from './AuthLayout.tsx';

const KINDS = {
  reset: {
    heading: 'Reset your password',
    subheading: 'We will e-mail you a link to choose a new password.',
    button: 'Send reset link',
    sent: EMAIL_LINK_MESSAGES.resetRequested,
  },
  signIn: {
    heading: 'Sign in by e-mail',
    subheading: 'We will e-mail you a link that signs you in, no password needed.',
    button: 'E-mail me a sign-in link',
    sent: EMAIL_LINK_MESSAGES.signInLinkSent,
  },
} as const;

export function EmailLinkRequestPage({ kind }: { kind: keyof typeof KINDS }) {
  const text = KINDS[kind];
  const location = useLocation();
  const typed = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '');
  const reset = useRequestPasswordReset();
  const signIn = useRequestSignInLink();
  const request = kind === 'reset' ? reset : signIn;
  const { touched, touch, touchAll } = useTouched<'email'>();
  const emailError = isEmailAddress(email.trim()) ? '' : REGISTRATION_MESSAGES.emailInvalid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['email']);
    if (emailError) {
      return;
    }
    request.mutate(email.trim());
  };

  return (
    <AuthLayout
      heading={text.heading}
      subheading={text.subheading}
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
        {request.isSuccess && <Alert severity="success">{text.sent}</Alert>}
        {request.error && <Alert severity="error">{request.error.message}</Alert>}
        <EmailField
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => touch('email')}
          problem={touched.email ? emailError : ''}
        />
        <SubmitButton pending={request.isPending}>{text.button}</SubmitButton>
      </Stack>
    </AuthLayout>
  );
}

export function ForgotPasswordPage() {
  return <EmailLinkRequestPage kind="reset" />;
}

export function SignInLinkPage() {
  return <EmailLinkRequestPage kind="signIn" />;
}
