/**
 * Signing in with a phone number (spec §1, §7): the number, then the 6-digit code texted to it. The
 * server answers every number alike, so the page says a code is on its way "if" the number belongs
 * to an account. An account with two-factor on goes on to the sign-in page's code step. Loaded only
 * when the runner picks "Sign in with phone": the sign-in page's own script stays within its budget.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { normalisePhoneNumber, PHONE_CODE_DIGITS, PHONE_SIGN_IN_TEXTS } from '../../../../core/phone-sign-in.ts';
import { needsTwoFactor } from '../../../../core/two-factor.ts';
import { requestJson } from '../../api/client.ts';
import { usePhoneCodeSignIn } from '../../lib/auth/session.ts';
import { SubmitButton } from '../../lib/form-fields.tsx';
import { PhoneCodeField, PhoneNumberField } from '../../lib/phone-fields.tsx';

const T = PHONE_SIGN_IN_TEXTS;
const CODE = new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`);

interface PhoneSignInProps {
  redirect: string;
  /** The account asks for its second factor: the sign-in page shows its code step. */
  onChallenged: () => void;
}

export default function PhoneSignIn({ redirect, onChallenged }: PhoneSignInProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendCode = useMutation({
    mutationFn: (phoneNumber: string) => requestJson('/api/auth/phone-number/send-otp', { body: { phoneNumber } }),
  });
  const signIn = usePhoneCodeSignIn();
  const number = normalisePhoneNumber(typed);
  const numberError = number === null ? T.invalidNumber : '';
  const codeError = CODE.test(code.trim()) ? '' : `Enter the ${PHONE_CODE_DIGITS}-digit code.`;

  const askCode = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (number === null) {
      return;
    }
    sendCode.mutate(number, {
      onSuccess: () => {
        setSentTo(number);
        setTouched(false);
      },
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (sentTo === null || codeError) {
      return;
    }
    signIn.mutate(
      { phoneNumber: sentTo, code: code.trim() },
      { onSuccess: (answer) => (needsTwoFactor(answer) ? onChallenged() : void navigate(redirect, { replace: true })) },
    );
  };

  if (sentTo === null) {
    return (
      <Stack component="form" spacing={2} noValidate onSubmit={askCode}>
        {sendCode.error && <Alert severity="error">{sendCode.error.message}</Alert>}
        <PhoneNumberField
          autoFocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setTouched(true)}
          problem={touched && typed !== '' ? numberError : ''}
        />
        <SubmitButton pending={sendCode.isPending}>{T.sendCode}</SubmitButton>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submitCode}>
      <Alert severity="info">{T.codeSent(sentTo)}</Alert>
      {signIn.error && <Alert severity="error">{signIn.error.message}</Alert>}
      <PhoneCodeField
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(touched && codeError)}
        helperText={touched && codeError ? codeError : ' '}
      />
      <SubmitButton pending={signIn.isPending}>{T.signIn}</SubmitButton>
      <Button
        onClick={() => {
          setSentTo(null);
          setCode('');
          signIn.reset();
        }}
      >
        {T.otherNumber}
      </Button>
    </Stack>
  );
}
