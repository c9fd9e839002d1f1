/**
 * The second step of signing in when the account has two-factor on: a 6-digit code from the
 * authenticator app, or one backup code (each works once), and "Trust this device for 30 days".
 * No session exists until the server accepts the code.
 */
import { Alert, Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { backupCodeSchema, totpCodeSchema } from '../../../../core/two-factor-codes.ts';
import { TWO_FACTOR_MESSAGES } from '../../../../core/two-factor.ts';
import { ApiError } from '../../api/client.ts';
import { useVerifyTwoFactor } from '../../lib/auth/session.ts';
import { SubmitButton } from '../../lib/form-fields.tsx';
import { AuthLayout } from './AuthLayout.tsx';

/** The server's code for a challenge that is over (expired, or too many wrong codes): the password is asked again. */
const CHALLENGE_OVER = 'two-factor-expired';

export function TwoFactorChallenge({ redirect, onRestart }: { redirect: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const verify = useVerifyTwoFactor();
  const [method, setMethod] = useState<'totp' | 'backup-code'>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [touched, setTouched] = useState(false);

  const parsed = (method === 'totp' ? totpCodeSchema : backupCodeSchema).safeParse(code);
  const codeError = parsed.success ? '' : (parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeFormat);
  const over = verify.error instanceof ApiError && verify.error.details.code === CHALLENGE_OVER;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) {
      return;
    }
    verify.mutate(
      { method, code: parsed.data, trustDevice },
      { onSuccess: () => void navigate(redirect, { replace: true }) },
    );
  };

  const switchMethod = () => {
    setMethod((current) => (current === 'totp' ? 'backup-code' : 'totp'));
    setCode('');
    setTouched(false);
    verify.reset();
  };

  return (
    <AuthLayout
      heading="Two-step verification"
      subheading={
        method === 'totp'
          ? 'Enter the 6-digit code your authenticator app shows for Stride.'
          : 'Enter one of the backup codes you saved when you turned on two-factor sign-in.'
      }
      footer={
        <Link component="button" type="button" onClick={onRestart}>
          Back to sign-in
        </Link>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
        {verify.error && <Alert severity="error">{verify.error.message}</Alert>}
        {over ? (
          <Button variant="contained" size="large" onClick={onRestart}>
            Sign in again
          </Button>
        ) : (
          <>
            <TextField
              key={method}
              label={method === 'totp' ? 'Code' : 'Backup code'}
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onBlur={() => setTouched(true)}
              error={Boolean(touched && codeError)}
              helperText={touched && codeError ? codeError : ' '}
              slotProps={{
                htmlInput:
                  method === 'totp'
                    ? { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*', spellCheck: false }
                    : { spellCheck: false, autoCapitalize: 'off' },
              }}
            />
            <FormControlLabel
              control={<Checkbox checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />}
              label={TWO_FACTOR_MESSAGES.trustDevice}
            />
            <SubmitButton pending={verify.isPending}>Verify</SubmitButton>
            <Link component="button" type="button" onClick={switchMethod} sx={{ alignSelf: 'center' }}>
              {method === 'totp' ? 'Use a backup code instead' : 'Use a code from the app instead'}
            </Link>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
