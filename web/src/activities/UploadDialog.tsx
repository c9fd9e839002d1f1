/**
 * Uploading activity files (spec §5 "Multi-file upload", §4 "Upload processing"): a drop zone and
 * a file picker, the spec's batch checks before anything is sent, then one row per file following
 * the server's live events — Queued, Parsing, Saving, Complete (or Already imported), Error with
 * the file's message — while the next files still proceed. The server checks again and is the
 * authority; its rejection of a whole batch shows the same sentences.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UploadEvent, UploadFileState } from '../../../core/activity/schemas.ts';
import { checkUploadBatch, MAX_UPLOAD_FILES, SUPPORTED_EXTENSIONS } from '../../../core/activity/upload-rules.ts';
import { invalidateActivities } from './activities-api.ts';
import { formatFileSize } from './activity-format.ts';
import { browserTimeZone } from '../app/time-zone.ts';
import { sentFractions, uploadActivityFiles, type UploadRequest } from './upload-activities.ts';

type Phase = 'choosing' | 'uploading' | 'finished';

interface FileRow {
  file: File;
  state: UploadFileState;
  /** 0..1 within the current state, when the server says. */
  progress: number | undefined;
  message: string | undefined;
  activityId: string | undefined;
  duplicate: boolean;
}

interface Summary {
  imported: number;
  duplicates: number;
  failed: number;
}

const INTERRUPTED_MESSAGE = 'The upload ended before this file was processed.';

function rowOf(file: File): FileRow {
  return { file, state: 'queued', progress: undefined, message: undefined, activityId: undefined, duplicate: false };
}

function stateLabel(row: FileRow): string {
  switch (row.state) {
    case 'queued':
      return 'Queued';
    case 'parsing':
      return 'Parsing';
    case 'saving':
      return 'Saving';
    case 'complete':
      return row.duplicate ? 'Already imported' : 'Complete';
    case 'error':
      return 'Error';
  }
}

/** "2 imported, 1 failed." — only the counts that are not zero. */
function summaryText({ imported, duplicates, failed }: Summary): string {
  const parts = [
    imported > 0 ? `${imported} imported` : '',
    duplicates > 0 ? `${duplicates} already imported` : '',
    failed > 0 ? `${failed} failed` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing was imported.';
}

const isFinal = (state: UploadFileState) => state === 'complete' || state === 'error';

function FileRowView({
  row,
  sent,
  onRemove,
  onOpen,
}: {
  row: FileRow;
  sent: number;
  onRemove?: () => void;
  onOpen: () => void;
}) {
  const label = stateLabel(row);
  const final = isFinal(row.state);
  let progress: { variant: 'determinate' | 'indeterminate'; value: number };
  if (final) {
    progress = { variant: 'determinate', value: 100 };
  } else if (row.state === 'queued') {
    progress = { variant: 'determinate', value: sent * 100 };
  } else if (row.progress === undefined) {
    progress = { variant: 'indeterminate', value: 0 };
  } else {
    progress = { variant: 'determinate', value: row.progress * 100 };
  }
  const color = row.state === 'error' ? 'error' : row.state === 'complete' ? 'success' : 'primary';
  return (
    <ListItem disableGutters sx={{ display: 'block', py: 1.25 }} aria-label={row.file.name}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {row.state === 'complete' ? (
          <CheckCircleIcon color="success" fontSize="small" />
        ) : row.state === 'error' ? (
          <ErrorIcon color="error" fontSize="small" />
        ) : (
          <InsertDriveFileIcon color="action" fontSize="small" />
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={row.file.name}>
            {row.file.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatFileSize(row.file.size)}
            {row.state === 'queued' && sent > 0 && sent < 1 ? ` · ${Math.round(sent * 100)}% sent` : ''}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          data-testid="upload-state"
          sx={{
            flexShrink: 0,
            color: row.state === 'error' ? 'error.main' : row.state === 'complete' ? 'success.main' : 'text.secondary',
          }}
        >
          {label}
        </Typography>
        {row.state === 'complete' && row.activityId && (
          <Link
            component={RouterLink}
            to={`/activities/${row.activityId}`}
            onClick={onOpen}
            variant="body2"
            sx={{ flexShrink: 0 }}
          >
            Open
          </Link>
        )}
        {onRemove && (
          <IconButton size="small" aria-label={`Remove ${row.file.name}`} onClick={onRemove} edge="end">
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {!onRemove && (
        <LinearProgress
          variant={progress.variant}
          value={progress.value}
          color={color}
          aria-label={`${row.file.name}: ${label}`}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      )}
      {row.state === 'error' && row.message && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.75 }}>
          {row.message}
        </Typography>
      )}
      {/* A duplicate's note, or what could not be read of an imported file (e.g. it ends early). */}
      {row.state === 'complete' && row.message && (
        <Typography variant="body2" color={row.duplicate ? 'text.secondary' : 'warning.main'} sx={{ mt: 0.75 }}>
          {row.message}
        </Typography>
      )}
    </ListItem>
  );
}

function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const choose = () => input.current?.click();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) {
      onFiles([...event.dataTransfer.files]);
    }
  };
  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label="Choose files or drop them here"
      aria-disabled={disabled}
      onClick={disabled ? undefined : choose}
      onKeyDown={disabled ? undefined : onKeyDown}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        px: 2,
        py: { xs: 3, sm: 4 },
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.5 : 1,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover, &:focus-visible': disabled ? {} : { borderColor: 'primary.main', outline: 'none' },
      }}
    >
      <UploadFileIcon sx={{ fontSize: 40, color: 'primary.main', mb: 1 }} />
      <Typography sx={{ fontWeight: 600 }}>Choose files or drop them here</Typography>
      <Typography variant="body2" color="text.secondary">
        GPX, FIT or TCX · up to {MAX_UPLOAD_FILES} files, 50 MB each
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={SUPPORTED_EXTENSIONS.join(',')}
        aria-label="Activity files"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same file again must fire a change too.
          event.target.value = '';
        }}
      />
    </Box>
  );
}

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('choosing');
  const [rows, setRows] = useState<FileRow[]>([]);
  const [bytes, setBytes] = useState<{ loaded: number; total: number }>();
  const [serverWarnings, setServerWarnings] = useState<string[]>([]);
  const [failure, setFailure] = useState<string>();
  const [summary, setSummary] = useState<Summary>();
  const request = useRef<UploadRequest | null>(null);

  const files = rows.map((row) => row.file);
  const check = checkUploadBatch(files);
  const warnings = [...new Set([...check.warnings, ...serverWarnings])];
  const sent = sentFractions(files, bytes);

  const reset = () => {
    setPhase('choosing');
    setRows([]);
    setBytes(undefined);
    setServerWarnings([]);
    setFailure(undefined);
    setSummary(undefined);
  };

  const addFiles = (added: File[]) => {
    setFailure(undefined);
    setRows((current) => [...current, ...added.map(rowOf)]);
  };

  const applyEvent = (event: UploadEvent) => {
    if (event.kind === 'accepted') {
      setServerWarnings(event.warnings);
    } else if (event.kind === 'file') {
      setRows((current) =>
        current.map((row, index) =>
          index === event.index
            ? {
                ...row,
                state: event.state,
                progress: event.progress,
                message: event.message ?? row.message,
                activityId: event.activityId ?? row.activityId,
                duplicate: event.duplicate ?? row.duplicate,
              }
            : row,
        ),
      );
    } else {
      setSummary({ imported: event.imported, duplicates: event.duplicates, failed: event.failed });
    }
  };

  const start = async () => {
    if (check.error !== undefined || phase !== 'choosing') {
      return;
    }
    setPhase('uploading');
    setFailure(undefined);
    const upload = uploadActivityFiles(files, browserTimeZone(), {
      onBytes: (loaded, total) => setBytes({ loaded, total }),
      onEvent: applyEvent,
    });
    request.current = upload;
    try {
      await upload.done;
      setRows((current) =>
        current.map((row) =>
          isFinal(row.state) ? row : { ...row, state: 'error', progress: undefined, message: INTERRUPTED_MESSAGE },
        ),
      );
      setPhase('finished');
    } catch (error) {
      // A rejected batch changes nothing on the server: back to choosing, with the reason.
      setFailure(error instanceof Error ? error.message : String(error));
      setRows((current) => current.map((row) => ({ ...rowOf(row.file) })));
      setBytes(undefined);
      setPhase('choosing');
    } finally {
      request.current = null;
      await invalidateActivities(queryClient);
    }
  };

  const close = () => {
    request.current?.abort();
    onClose();
  };

  const choosing = phase === 'choosing';
  const overall = bytes && bytes.total > 0 ? (bytes.loaded / bytes.total) * 100 : 0;
  const finishedCount = rows.filter((row) => isFinal(row.state)).length;

  return (
    <Dialog
      open={open}
      onClose={phase === 'uploading' ? undefined : close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="upload-dialog-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="upload-dialog-title">Upload activities</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {choosing && <DropZone onFiles={addFiles} disabled={false} />}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {choosing && rows.length > 0 && check.error && (
            <Alert severity="error" role="alert">
              {check.error}
            </Alert>
          )}
          {warnings.map((warning) => (
            <Alert key={warning} severity="warning">
              {warning}
            </Alert>
          ))}
          {phase === 'uploading' && finishedCount === 0 && overall < 100 && (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                Sending {Math.round(overall)}%
              </Typography>
              <LinearProgress variant="determinate" value={overall} aria-label="Sending files" />
            </Box>
          )}
          {summary && <Alert severity={summary.failed > 0 ? 'warning' : 'success'}>{summaryText(summary)}</Alert>}
          {rows.length > 0 && (
            <List disablePadding aria-label="Files to upload">
              {rows.map((row, index) => (
                <FileRowView
                  // Files have no id; a row is its position in the batch, as the server numbers them.
                  key={index}
                  row={row}
                  sent={sent[index] ?? 0}
                  onOpen={onClose}
                  onRemove={choosing ? () => setRows((current) => current.filter((_, at) => at !== index)) : undefined}
                />
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {phase === 'choosing' && (
          <>
            <Button onClick={close} color="inherit">
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={() => void start()}
              disabled={rows.length === 0 || check.error !== undefined}
            >
              Upload
            </Button>
          </>
        )}
        {phase === 'uploading' && (
          <Button onClick={() => request.current?.abort()} color="inherit">
            Cancel upload
          </Button>
        )}
        {phase === 'finished' && (
          <>
            <Button onClick={reset} color="inherit">
              Upload more
            </Button>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
