/**
 * Importing a whole export archive (docs/activities.md, "Importing an export archive"), opened from the upload
 * dialog: one .zip chosen and sent (its byte progress shown), then the import's live line
 * "1,240 of 3,812 files, 3 refused — see why", and at the end its counts and the refused files with
 * their sentences. A refusal of the whole archive (one already running, too large, not a ZIP)
 * shows the server's sentence. An import still running when the dialog opens is shown at once.
 */
import FolderZipIcon from '@mui/icons-material/FolderZip';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ArchiveImport } from '../../../core/activity/archive-api.ts';
import { ARCHIVE_SCREEN_TEXTS as TEXTS } from '../../../core/activity/archive-rules.ts';
import { formatNumber } from '../lib/format.ts';
import { ARCHIVE_IMPORT_QUERY_KEY, invalidateActivityData } from '../lib/query-keys.ts';
import { runnerTimeZone } from '../lib/time-zone.ts';
import { isArchiveRunning, uploadArchive, useLatestArchiveImport, type ArchiveUpload } from './archive-import-api.ts';

function ArchiveReport({ current }: { current: ArchiveImport }) {
  const [showRefused, setShowRefused] = useState(false);
  const running = isArchiveRunning(current);
  const refused = current.entries.filter((entry) => entry.outcome === 'refused');
  const percent = current.total === 0 ? 0 : (current.done / current.total) * 100;
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">{current.fileName}</Typography>
      {running && (
        <LinearProgress
          variant={current.total === 0 ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label="Importing the archive"
        />
      )}
      {current.status === 'queued' && current.total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {TEXTS.queued}
        </Typography>
      ) : (
        <Typography variant="body2" aria-live="polite">
          {TEXTS.progress(formatNumber(current.done), formatNumber(current.total), formatNumber(current.refused))}
          {refused.length > 0 && (
            <>
              {' — '}
              <Link component="button" variant="body2" onClick={() => setShowRefused((shown) => !shown)}>
                {showRefused ? TEXTS.hideWhy : TEXTS.seeWhy}
              </Link>
            </>
          )}
        </Typography>
      )}
      {current.status === 'done' && (
        <Alert severity={current.refused > 0 ? 'warning' : 'success'}>
          {TEXTS.finished(
            formatNumber(current.imported),
            formatNumber(current.duplicates),
            formatNumber(current.refused),
          )}
        </Alert>
      )}
      {current.status === 'failed' && current.message && (
        <Alert severity="error" role="alert">
          {current.message}
        </Alert>
      )}
      {showRefused && refused.length > 0 && (
        <List dense disablePadding aria-label={TEXTS.refusedList} sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {refused.map((entry, index) => (
            <ListItem key={`${index}-${entry.name}`} disableGutters divider>
              <ListItemText
                primary={entry.name}
                secondary={entry.message}
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function ArchiveImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<ArchiveUpload | null>(null);
  const [sent, setSent] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  /** Set once this dialog started an import, or found one running: its progress is shown. */
  const [following, setFollowing] = useState(false);
  const latest = useLatestArchiveImport(open);
  const current = latest.data ?? null;
  const running = isArchiveRunning(current);
  const shown = current !== null && (following || running);

  // The import's end (seen by the 2 s reading as well as by the live event) refreshes every list.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && current && !running) {
      void invalidateActivityData(queryClient);
    }
    wasRunning.current = running;
  }, [current, running, queryClient]);

  const start = async () => {
    if (!file) {
      return;
    }
    setFailure(null);
    setSent(0);
    const upload = uploadArchive(file, runnerTimeZone(), (loaded, total) => setSent((loaded / total) * 100));
    setSending(upload);
    try {
      const queued = await upload.done;
      queryClient.setQueryData<ArchiveImport | null>(ARCHIVE_IMPORT_QUERY_KEY, queued);
      setFollowing(true);
      setFile(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(null);
    }
  };

  const again = () => {
    setFollowing(false);
    setFailure(null);
    setFile(null);
  };
  const close = () => {
    sending?.abort();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="archive-dialog-title"
      slotProps={{ transition: { onExited: again } }}
    >
      <DialogTitle id="archive-dialog-title">{TEXTS.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {!shown && (
            <>
              <Typography variant="body2" color="text.secondary">
                {TEXTS.intro}
              </Typography>
              <Box>
                <Button
                  variant="outlined"
                  startIcon={<FolderZipIcon />}
                  onClick={() => input.current?.click()}
                  disabled={sending !== null}
                >
                  {TEXTS.choose}
                </Button>
                <input
                  ref={input}
                  type="file"
                  hidden
                  accept=".zip,application/zip"
                  aria-label={TEXTS.fileLabel}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setFailure(null);
                    event.target.value = '';
                  }}
                />
                {file && (
                  <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
                    {file.name}
                  </Typography>
                )}
              </Box>
            </>
          )}
          {sending && (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {TEXTS.sending(formatNumber(Math.round(sent)))}
              </Typography>
              <LinearProgress variant="determinate" value={sent} aria-label="Sending the archive" />
            </Box>
          )}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {latest.error && !shown && <Alert severity="error">{latest.error.message}</Alert>}
          {shown && <ArchiveReport current={current} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {sending ? (
          <Button onClick={() => sending.abort()} color="inherit">
            Cancel upload
          </Button>
        ) : shown ? (
          <>
            {!running && (
              <Button onClick={again} color="inherit">
                {TEXTS.again}
              </Button>
            )}
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close} color="inherit">
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void start()} disabled={!file}>
              {TEXTS.start}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
