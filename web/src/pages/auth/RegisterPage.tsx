/** /register: name, e-mail, password, checked as the user types against the server's policy. */
import { Alert, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { passwordLengthMessages, passwordProblems } from '../../../../core/password-policy.ts';
import { registrationSchema } from '../../../../core/profile.ts';
import { EMAIL_LINK_MESSAGES } from '../../../../core/email-links.ts';
import { useSession, useSignUp } from '../../lib/auth/session.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { fieldFeedback, PasswordField, usePasswordPolicy, useTouched, SubmitButton } from '../../lib/form-fields.tsx';

type Field = 'name' | 'email' | 'password';

export default function RegisterPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const { data: user } = useSession();
  const signUp = useSignUp();
  const policy = usePasswordPolicy();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '' });
  const { touched, touch, touchAll } = useTouched<Field>();
  const [mustVerify, setMustVerify] = useState(false);

  const parsed = registrationSchema.safeParse({ ...values, email: values.email.trim() });
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  const passwordIssues = passwordProblems(values.password, policy);
  if (passwordIssues.length > 0) {
    errors.password ??= passwordIssues[0];
  }
  const serverFields =
    signUp.error && 'fields' in signUp.error ? (signUp.error as { fields: Record<string, string> }).fields : {};

  if (user && !signUp.isPending && !signUp.isSuccess) {
    return <Navigate to={redirect} replace />;
  }

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'password' && event.target.value.length > 0) {
      touch('password');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['name', 'email', 'password']);
    if (Object.keys(errors).length > 0) {
      return;
    }
    signUp.mutate(
      { name: values.name.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          // A server that signs in verified accounts only answers without a session (token null).
          if ((answer as { token?: unknown } | null)?.token === null) {
            setMustVerify(true);
          } else {
            void navigate(redirect, { replace: true });
          }
        },
      },
    );
  };

  const hint = (field: Field) =>
    field === 'password' ? passwordLengthMessages(policy).hint : field === 'name' ? 'First name, then last name.' : ' ';
  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: update(field),
    onBlur: () => touch(field),
    ...fieldFeedback(touched[field] && errors[field], serverFields[field], hint(field)),
  });

  return (
    <AuthLayout
      heading="Create your account"
      subheading="Your runs, on your own server."
      footer={
        <>
          Already have an account?{' '}
          <Link
            component={RouterLink}
            to={params.get('redirect') ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}
          >
            Sign in
          </Link>
        </>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
        {signUp.error && <Alert severity="error">{signUp.error.message}</Alert>}
        {mustVerify && <Alert severity="success">{EMAIL_LINK_MESSAGES.verifyToSignIn(values.email.trim())}</Alert>}
        <TextField label="Name" autoComplete="name" autoFocus {...fieldProps('name')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...fieldProps('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...fieldProps('password')} />
        <SubmitButton pending={signUp.isPending}>Create account</SubmitButton>
      </Stack>
      <GoogleSignIn redirect={redirect} callbackError={null} />
    </AuthLayout>
  );
}
