/**
 * Account Settings → "Phone sign-in": the number this account signs in with by text message. A new
 * number gets a 6-digit code (within the per-number limits) and counts once the code is confirmed;
 * a number of another account is refused. Shown only when this server sends text messages.
 */
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { normalisePhoneNumber, PHONE_SIGN_IN_TEXTS } from '../../../core/phone-sign-in.ts';
import { api, requestJson, unwrap } from '../api/client.ts';
import { usePhoneSignInOffered } from '../lib/auth/use-google.ts';
import { PHONE_SIGN_IN_QUERY_KEY } from '../lib/query-keys.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { PhoneCodeField, PhoneNumberField } from '../lib/phone-fields.tsx';

const T = PHONE_SIGN_IN_TEXTS;

function PhoneSignInContent() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: PHONE_SIGN_IN_QUERY_KEY,
    queryFn: () => unwrap(api.account['phone-number'].$get()),
  });
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PHONE_SIGN_IN_QUERY_KEY });
  const sendCode = useMutation({
    mutationFn: (phoneNumber: string) => unwrap(api.account['phone-number'].code.$post({ json: { phoneNumber } })),
    onSuccess: (_answer, phoneNumber) => setSentTo(phoneNumber),
  });
  const confirm = useMutation({
    mutationFn: (input: { phoneNumber: string; code: string }) =>
      requestJson('/api/auth/phone-number/verify', { body: { ...input, updatePhoneNumber: true } }),
    onSuccess: async () => {
      setSentTo(null);
      setTyped('');
      setCode('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.account['phone-number'].$delete()),
    onSuccess: refresh,
  });
  const number = normalisePhoneNumber(typed);

  if (!status.data) {
    return status.error ? <Alert severity="error">{status.error.message}</Alert> : null;
  }
  const current = status.data.phoneNumber;
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (number !== null) {
      sendCode.mutate(number);
    }
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (sentTo !== null) {
      confirm.mutate({ phoneNumber: sentTo, code: code.trim() });
    }
  };
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{current === null ? T.accountNone : T.accountAdded(current)}</Typography>
      {current !== null && (
        <Button variant="outlined" color="inherit" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {T.removed}
        </Button>
      )}
      {current === null && sentTo === null && (
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={ask} noValidate>
          <PhoneNumberField
            size="small"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            problem={typed !== '' && number === null ? T.invalidNumber : ''}
          />
          <Button type="submit" variant="outlined" disabled={number === null || sendCode.isPending}>
            {T.accountAdd}
          </Button>
        </Stack>
      )}
      {sendCode.error && <Alert severity="error">{sendCode.error.message}</Alert>}
      {sentTo !== null && (
        <Stack spacing={1.5} component="form" onSubmit={submitCode} noValidate>
          <Alert severity="info">{T.accountCodeSent(sentTo)}</Alert>
          {confirm.error && <Alert severity="error">{confirm.error.message}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <PhoneCodeField size="small" value={code} onChange={(event) => setCode(event.target.value)} />
            <Button type="submit" variant="contained" disabled={confirm.isPending}>
              {T.accountVerify}
            </Button>
            <Button color="inherit" onClick={() => setSentTo(null)}>
              {T.otherNumber}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

export function PhoneSignInCard() {
  const offered = usePhoneSignInOffered();
  if (!offered) {
    return null;
  }
  return (
    <AccountSection id="phone-sign-in" title={T.accountTitle} description={T.accountHelp}>
      <PhoneSignInContent />
    </AccountSection>
  );
}
