/**
 * Account Settings → "Active sessions": every browser and device signed in to this account (read
 * from its user agent), when it signed in and was last seen, which one is this browser, the account's
 * last sign-in, and signing out one other.
 */
import { Alert, Box, Button, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { ACCOUNT_SESSION_MESSAGES, type AccountSession } from '../../../core/account-sessions.ts';
import { formatDateTime } from '../lib/format.ts';
import { useAccountSessions, useEndSession } from './two-factor.ts';

/** The account's last sign-in: the newest of its sessions' sign-ins. */
function lastSignIn(sessions: readonly AccountSession[]): string {
  return sessions.reduce((latest, session) => (session.signedInAt > latest ? session.signedInAt : latest), '');
}

export function ActiveSessions() {
  const { data: sessions, error } = useAccountSessions();
  const end = useEndSession();
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="subtitle1" component="h3">
          Active sessions
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Where this account is signed in now.
          {sessions && sessions.length > 0 && ` Last sign-in: ${formatDateTime(lastSignIn(sessions))}.`}
        </Typography>
      </Box>
      {error && <Alert severity="error">{error.message}</Alert>}
      {end.error && <Alert severity="error">{end.error.message}</Alert>}
      {end.isSuccess && (
        <Alert severity="success" role="status">
          {ACCOUNT_SESSION_MESSAGES.ended}
        </Alert>
      )}
      {!sessions && !error && <Skeleton variant="rounded" height={96} />}
      {sessions && (
        <List disablePadding aria-label="Active sessions">
          {sessions.map((session) => (
            <ListItem
              key={session.id}
              disableGutters
              divider
              sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body1">{session.device}</Typography>
                  {session.current && <Chip size="small" color="primary" variant="outlined" label="This device" />}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Signed in {formatDateTime(session.signedInAt)} · last seen {formatDateTime(session.lastSeenAt)}
                </Typography>
              </Box>
              {!session.current && (
                <Button
                  size="small"
                  color="inherit"
                  variant="outlined"
                  disabled={end.isPending}
                  onClick={() => end.mutate(session.id)}
                  aria-label={`Sign out ${session.device}`}
                >
                  Sign out
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
