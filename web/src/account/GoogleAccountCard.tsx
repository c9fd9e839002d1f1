/**
 * Account Settings → "Google": link Google to sign in with it too (this window goes to Google and
 * comes back here), or unlink it. The server refuses to unlink the only way into the account.
 * Shown only when this server has Google configured.
 */
import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Button, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  GOOGLE_ACCOUNT_TEXTS,
  GOOGLE_LINK_MESSAGES,
  GOOGLE_PROVIDER_ID,
  GOOGLE_SIGN_IN_MESSAGES,
  googleLinkCodeFor,
} from '../../../core/google-sign-in.ts';
import { requestJson } from '../api/client.ts';
import { GOOGLE_LINK_PARAM, GoogleSignInError, linkGoogle } from '../lib/auth/google.ts';
import { useGoogleEnabled } from '../lib/auth/use-google.ts';
import { LINKED_ACCOUNTS_QUERY_KEY } from '../lib/query-keys.ts';
import { AccountSection } from '../components/AccountSection.tsx';

interface LinkedAccount {
  id: string;
  providerId: string;
}

function GoogleAccountContent() {
  const queryClient = useQueryClient();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params] = useSearchParams();
  const returned = params.get(GOOGLE_LINK_PARAM);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const accounts = useQuery({
    queryKey: LINKED_ACCOUNTS_QUERY_KEY,
    queryFn: () => requestJson<LinkedAccount[]>('/api/auth/list-accounts', { method: 'GET' }),
  });
  const google = accounts.data?.find((account) => account.providerId === GOOGLE_PROVIDER_ID);
  const unlink = useMutation({
    mutationFn: (accountId: string) => requestJson('/api/auth/unlink-account', { body: { accountId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LINKED_ACCOUNTS_QUERY_KEY }),
  });

  const startLink = () => {
    setLinking(true);
    setLinkError(null);
    linkGoogle({ mobile }).catch((error: unknown) => {
      setLinking(false);
      setLinkError(error instanceof GoogleSignInError ? error.message : GOOGLE_SIGN_IN_MESSAGES.failed);
    });
  };

  if (!accounts.data) {
    return accounts.error ? <Alert severity="error">{accounts.error.message}</Alert> : null;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {returned === 'linked' && google && !unlink.isSuccess && (
        <Alert severity="success">{GOOGLE_ACCOUNT_TEXTS.justLinked}</Alert>
      )}
      {returned === 'failed' && !google && (
        <Alert severity="error">{GOOGLE_LINK_MESSAGES[googleLinkCodeFor(params.get('error'))]}</Alert>
      )}
      {unlink.isSuccess && !google && <Alert severity="success">{GOOGLE_ACCOUNT_TEXTS.unlinked}</Alert>}
      {unlink.error && <Alert severity="error">{unlink.error.message}</Alert>}
      {linkError && <Alert severity="error">{linkError}</Alert>}
      <Typography>{google ? GOOGLE_ACCOUNT_TEXTS.linked : GOOGLE_ACCOUNT_TEXTS.notLinked}</Typography>
      {google ? (
        <Button variant="outlined" disabled={unlink.isPending} onClick={() => unlink.mutate(google.id)}>
          {GOOGLE_ACCOUNT_TEXTS.unlink}
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<GoogleIcon />} disabled={linking} onClick={startLink}>
          {GOOGLE_ACCOUNT_TEXTS.link}
        </Button>
      )}
    </Stack>
  );
}

export function GoogleAccountCard() {
  const enabled = useGoogleEnabled();
  if (!enabled) {
    return null;
  }
  return (
    <AccountSection id="google" title={GOOGLE_ACCOUNT_TEXTS.title} description={null}>
      <GoogleAccountContent />
    </AccountSection>
  );
}
