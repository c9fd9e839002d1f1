/**
 * Uploading activity files (spec §5 "Multi-file upload", §4 "Upload processing"): a drop zone and
 * a file picker (choosing again replaces the files), the spec's batch checks before anything is
 * sent (each file "Ready", an unsupported one failing on its own row), then one row per file
 * following the server's live events — Queued, Parsing, Saving, Complete (or Already imported), Error with
 * the file's message — while the next files still proceed. A file without any date sent alone is
 * not imported: the dialog asks for its start and sends it again with it. The server checks again and is the
 * authority; its rejection of a whole batch shows the same sentences. An upload answered 5xx, 408 or
 * 429 is sent again after a wait the dialog names; a file that still fails keeps its sentence and a
 * "Try again". The batch's state is useUploadBatch's.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { ARCHIVE_SCREEN_TEXTS } from '../../../core/activity/archive-rules.ts';
import { UPLOAD_RETRY_TEXTS } from '../../../core/activity/upload-retry.ts';
import { ArchiveImportDialog } from './ArchiveImportDialog.tsx';
import { UploadDatePrompt } from './upload/UploadDatePrompt.tsx';
import { UploadDropZone } from './upload/UploadDropZone.tsx';
import { UploadFileRow } from './upload/UploadFileRow.tsx';
import { isFinal, sendingPercent, summaryText } from './upload/upload-rows.ts';
import { type UploadPhase, useUploadBatch } from './upload/use-upload-batch.ts';

interface ActionsProps {
  phase: UploadPhase;
  canUpload: boolean;
  onCancel: () => void;
  onUpload: () => void;
  onAbort: () => void;
  onMore: () => void;
}

function UploadActions({ phase, canUpload, onCancel, onUpload, onAbort, onMore }: ActionsProps) {
  if (phase === 'uploading') {
    return (
      <Button onClick={onAbort} color="inherit">
        Cancel upload
      </Button>
    );
  }
  return phase === 'choosing' ? (
    <>
      <Button onClick={onCancel} color="inherit">
        Cancel
      </Button>
      <Button variant="contained" onClick={onUpload} disabled={!canUpload}>
        Upload
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onMore} color="inherit">
        Upload more
      </Button>
      <Button variant="contained" onClick={onCancel}>
        Done
      </Button>
    </>
  );
}

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const batch = useUploadBatch();
  const [importingArchive, setImportingArchive] = useState(false);
  const { phase, rows } = batch;
  const choosing = phase === 'choosing';
  const overall = sendingPercent(batch.bytes);
  const finishedCount = rows.filter((row) => isFinal(row.state)).length;
  const close = () => {
    batch.abort();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={phase === 'uploading' ? undefined : close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="upload-dialog-title"
      slotProps={{ transition: { onExited: batch.reset } }}
    >
      <DialogTitle id="upload-dialog-title">Upload activities</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {choosing && <UploadDropZone onFiles={batch.addFiles} />}
          {choosing && rows.length === 0 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {ARCHIVE_SCREEN_TEXTS.openHint}
              </Typography>
              <Button size="small" onClick={() => setImportingArchive(true)}>
                {ARCHIVE_SCREEN_TEXTS.open}
              </Button>
            </Stack>
          )}
          {batch.failure && (
            <Alert severity="error" role="alert">
              {batch.failure}
            </Alert>
          )}
          {choosing && rows.length > 0 && batch.checkError && (
            <Alert severity="error" role="alert">
              {batch.checkError}
            </Alert>
          )}
          {batch.warnings.map((warning) => (
            <Alert key={warning} severity="warning">
              {warning}
            </Alert>
          ))}
          {batch.retrying && (
            <Alert severity="info" role="status">
              {UPLOAD_RETRY_TEXTS.waiting(batch.retrying)}
            </Alert>
          )}
          {phase === 'uploading' && !batch.retrying && finishedCount === 0 && overall < 100 && (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                Sending {Math.round(overall)}%
              </Typography>
              <LinearProgress variant="determinate" value={overall} aria-label="Sending files" />
            </Box>
          )}
          {batch.summary && (
            <Alert severity={batch.summary.failed > 0 ? 'warning' : 'success'}>{summaryText(batch.summary)}</Alert>
          )}
          {rows.length > 0 && (
            <List disablePadding aria-label="Files to upload">
              {rows.map((row, index) => (
                <UploadFileRow
                  // Files have no id; a row is its position in the batch, as the server numbers them.
                  key={index}
                  row={row}
                  sent={batch.sent[index] ?? 0}
                  onOpen={onClose}
                  choosing={choosing}
                  onRemove={choosing ? () => batch.removeFile(index) : undefined}
                  onTryAgain={phase === 'finished' && row.retryable ? () => void batch.tryAgain(index) : undefined}
                />
              ))}
            </List>
          )}
          {batch.askingDate && <UploadDatePrompt onSubmit={(startDateLocal) => void batch.start(startDateLocal)} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <UploadActions
          phase={phase}
          canUpload={batch.canUpload}
          onCancel={close}
          onUpload={() => void batch.start()}
          onAbort={batch.abort}
          onMore={batch.reset}
        />
      </DialogActions>
      <ArchiveImportDialog open={importingArchive} onClose={() => setImportingArchive(false)} />
    </Dialog>
  );
}
