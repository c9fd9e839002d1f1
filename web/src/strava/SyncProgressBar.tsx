/** The live progress of a sync that has not finished: the bar and "Page N · M activities". */
import { Box, LinearProgress, Typography } from '@mui/material';
import type { SyncProgress } from '../../../core/strava/api.ts';
import { syncProgressText } from './sync-text.ts';

export function SyncProgressBar({ progress }: { progress: SyncProgress }) {
  const text = syncProgressText(progress);
  return (
    <Box sx={{ my: 2 }}>
      <LinearProgress
        color={progress.state === 'waiting' ? 'warning' : 'primary'}
        aria-label="Strava sync progress"
        aria-valuetext={text}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {text}
      </Typography>
    </Box>
  );
}
