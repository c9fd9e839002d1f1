/** One file of an upload batch: its name and size, its state, its progress, and its message. */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, IconButton, LinearProgress, Link, ListItem, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { UPLOAD_RETRY_TEXTS } from '../../../../core/activity/upload-retry.ts';
import { formatFileSize } from '../../lib/activity-format.ts';
import { type FileRow, rowProgress, stateLabel } from './upload-rows.ts';

function StateIcon({ row }: { row: FileRow }) {
  if (row.state === 'complete') {
    return <CheckCircleIcon color="success" fontSize="small" />;
  }
  return row.state === 'error' ? (
    <ErrorIcon color="error" fontSize="small" />
  ) : (
    <InsertDriveFileIcon color="action" fontSize="small" />
  );
}

interface UploadFileRowProps {
  row: FileRow;
  /** 0..1 of the file carried by the request body so far. */
  sent: number;
  /** Before Upload: a waiting file reads "Ready". */
  choosing: boolean;
  /** While choosing, a file can be taken out of the batch (and there is no progress yet). */
  onRemove?: (() => void) | undefined;
  /** A file whose upload failed on the way, retries spent: it can be sent again. */
  onTryAgain?: (() => void) | undefined;
  onOpen: () => void;
}

export function UploadFileRow({ row, sent, choosing, onRemove, onTryAgain, onOpen }: UploadFileRowProps) {
  const label = stateLabel(row, choosing);
  const progress = rowProgress(row, sent);
  const color = row.state === 'error' ? 'error' : row.state === 'complete' ? 'success' : 'primary';
  return (
    <ListItem disableGutters sx={{ display: 'block', py: 1.25 }} aria-label={row.file.name}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <StateIcon row={row} />
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
          sx={{ flexShrink: 0, color: color === 'primary' ? 'text.secondary' : `${color}.main` }}
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
        {onTryAgain && (
          <Button size="small" onClick={onTryAgain} sx={{ flexShrink: 0 }}>
            {UPLOAD_RETRY_TEXTS.tryAgain}
          </Button>
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
