/** Account Settings → "Other devices": sign out every other browser and device of this account. */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { otherSessionsEndedMessage } from '../../../core/account-security.ts';
import { useEndOtherSessions } from './security.ts';

export function EndOtherSessions() {
  const end = useEndOtherSessions();
  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="subtitle1" component="h3">
            Other devices
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Signs out every browser and device signed in to this account, except this one.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          disabled={end.isPending}
          onClick={() => end.mutate()}
          startIcon={end.isPending ? <CircularProgress size={16} color="inherit" /> : null}
          sx={{ flexShrink: 0 }}
        >
          Sign out everywhere else
        </Button>
      </Stack>
      {end.error && <Alert severity="error">{end.error.message}</Alert>}
      {end.data && (
        <Alert severity="success" role="status">
          {otherSessionsEndedMessage(end.data.otherSessionsEnded)}
        </Alert>
      )}
    </Stack>
  );
}
