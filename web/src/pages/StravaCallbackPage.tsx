/**
 * /strava/callback and /strava-callback (spec §2: both show this screen): where Strava sends the
 * browser after the athlete answered its authorise page. The query Strava appended (state, and
 * code and scope, or error) goes to the server once; on success the dashboard shows the first sync
 * under way, otherwise the reason and the ways on. The route is public, so a visitor whose session
 * ended meanwhile signs in first and comes back here (the state stays valid for a few minutes).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { STRAVA_TEXTS, type ExchangeBody, type StravaStatus } from '../../../core/strava/api.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import { useSession } from '../lib/auth/session.ts';
import { ConnectStravaButton } from '../strava/ConnectStravaButton.tsx';
import { exchangeStravaCode } from '../strava/strava-api.ts';
import { AuthLayout } from './auth/AuthLayout.tsx';
import { STRAVA_STATUS_QUERY_KEY } from '../lib/query-keys.ts';

/**
 * A state is single use: the exchange of each one is sent once per page load, however often the
 * effect runs (React's StrictMode runs it twice) and whichever render asks.
 */
const exchanges = new Map<string, Promise<StravaStatus>>();

function exchangeOnce(body: ExchangeBody): Promise<StravaStatus> {
  let exchange = exchanges.get(body.state);
  if (exchange === undefined) {
    exchange = exchangeStravaCode(body);
    exchanges.set(body.state, exchange);
  }
  return exchange;
}

/** Exactly the parameters Strava appended, as the server's exchange expects them. */
function exchangeBody(params: URLSearchParams): ExchangeBody | null {
  const state = params.get('state');
  if (!state) {
    return null;
  }
  const body: ExchangeBody = { state };
  for (const key of ['code', 'scope', 'error'] as const) {
    const value = params.get(key);
    if (value !== null) {
      body[key] = value;
    }
  }
  return body;
}

function Connecting() {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1 }} role="status" aria-live="polite">
      <CircularProgress size={28} />
      <Typography>Connecting to Strava…</Typography>
    </Stack>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{message}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <ConnectStravaButton label="Try again" />
        <Button component={RouterLink} to="/account" color="inherit" startIcon={<ArrowBackIcon />}>
          Back to Account Settings
        </Button>
      </Stack>
    </Stack>
  );
}

function Exchange({ body }: { body: ExchangeBody }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    exchangeOnce(body).then(
      (status) => {
        queryClient.setQueryData(STRAVA_STATUS_QUERY_KEY, status);
        if (current) {
          void navigate('/dashboard', { replace: true });
        }
      },
      (error: unknown) => {
        if (current) {
          setFailure(error instanceof Error ? error.message : STRAVA_MESSAGES.connectFailed);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [body, navigate, queryClient]);
  return failure === null ? <Connecting /> : <Failure message={failure} />;
}

export default function StravaCallbackPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: user, isPending } = useSession();
  // One body per query string, so the effect above sees the same object on every render.
  const [body] = useState(() => exchangeBody(params));

  if (!isPending && !user) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return (
    <AuthLayout
      heading="Strava"
      subheading="Connecting your Strava account to Stride."
      footer="Strava shares your activities with Stride only; you can disconnect at any time in Account Settings."
    >
      {isPending ? (
        <Connecting />
      ) : body === null ? (
        <Failure message={STRAVA_TEXTS.invalidState} />
      ) : (
        <Exchange body={body} />
      )}
    </AuthLayout>
  );
}
