/** What a route shows when its code failed to load (spec §8: chunk load failure) or it crashed. */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy-page.ts';

export function RouteErrorScreen() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {chunk ? 'This page could not be loaded' : 'Something went wrong'}
        </Typography>
        <Alert severity="error">
          {chunk
            ? `${error.message} Check your connection, then try again.`
            : 'An unexpected error stopped this page. Reloading usually fixes it.'}
        </Alert>
        <Box>
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
            Try again
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
