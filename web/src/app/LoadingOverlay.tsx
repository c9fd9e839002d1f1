/** App start (spec §2): "Loading Stride..." until the session is known, forced away after 2 s. */
import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { APP_LOAD_FAILSAFE_MS, LOADING_OVERLAY_TEXT } from '../../../core/product.ts';
import { useSession } from '../lib/auth/session.ts';

export function LoadingOverlay() {
  const { isPending } = useSession();
  const [forcedAway, setForcedAway] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setForcedAway(true), APP_LOAD_FAILSAFE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!isPending || forcedAway) {
    return null;
  }
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress />
      <Typography variant="h6">{LOADING_OVERLAY_TEXT}</Typography>
    </Box>
  );
}

/** The loading screen a guarded page shows while authentication resolves. */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight: '50vh' }}
    >
      <CircularProgress size={28} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
