/**
 * "Share": draws a PNG card (dark when the runner's dark mode is on, light when off), offers it (share sheet or download) and counts it in
 * screenshotsTaken (spec §3), the record reloading 1 s later (spec §4). A failed count is only
 * warned: the reader has their card either way.
 */
import IosShareIcon from '@mui/icons-material/IosShare';
import { Alert, Button, CircularProgress, IconButton, Snackbar, Tooltip } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { countScreenshot } from '../analytics-reload.ts';
import { shareOrDownload, type ShareCard } from './share-card-export.ts';
import { SHARE_CARD_FAILED } from './share-card-layout.ts';
import { shareCardColours, type ShareCardColours } from './share-card-painting.ts';

interface Notice {
  severity: 'success' | 'error';
  text: string;
}

export function ShareButton({
  makeCard,
  label = 'Share',
  compact = false,
}: {
  makeCard: (colours: ShareCardColours) => Promise<ShareCard>;
  /** The accessible name (and the button's text unless compact). */
  label?: string;
  /** An icon button, for cards. */
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  const scheme = useTheme().palette.mode;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>({ severity: 'success', text: '' });
  const [noticeOpen, setNoticeOpen] = useState(false);
  const tell = (next: Notice) => {
    setNotice(next);
    setNoticeOpen(true);
  };

  const share = async () => {
    setBusy(true);
    try {
      const card = await makeCard(shareCardColours(scheme));
      const outcome = await shareOrDownload(card);
      if (outcome === 'cancelled') {
        return;
      }
      countScreenshot(queryClient).catch((error: unknown) => console.warn('Counting the share card failed', error));
      tell({
        severity: 'success',
        text: outcome === 'shared' ? 'Card shared' : `Card saved as ${card.fileName}`,
      });
    } catch (error) {
      tell({ severity: 'error', text: error instanceof Error ? error.message : SHARE_CARD_FAILED });
    } finally {
      setBusy(false);
    }
  };

  const progress = <CircularProgress size={16} color="inherit" />;
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <span>
            <IconButton aria-label={label} size="small" disabled={busy} onClick={() => void share()}>
              {busy ? progress : <IosShareIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          color="inherit"
          disabled={busy}
          startIcon={busy ? progress : <IosShareIcon />}
          onClick={() => void share()}
        >
          {label}
        </Button>
      )}
      <Snackbar
        open={noticeOpen}
        autoHideDuration={4000}
        onClose={() => setNoticeOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity={notice.severity} variant="filled" onClose={() => setNoticeOpen(false)}>
          {notice.text}
        </Alert>
      </Snackbar>
    </>
  );
}
