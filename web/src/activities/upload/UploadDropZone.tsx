/** The upload's drop zone: a keyboard-reachable button that opens the file picker, and a drop target. */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Typography } from '@mui/material';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { FILE_PICKER_ACCEPT, MAX_UPLOAD_FILES } from '../../../../core/activity/upload-rules.ts';

export function UploadDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
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
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      role="button"
      tabIndex={0}
      // Named by its own words (the call and the hint), so the name holds every visible word.
      onClick={choose}
      onKeyDown={onKeyDown}
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
        cursor: 'pointer',
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
      }}
    >
      <UploadFileIcon sx={{ fontSize: 40, color: 'primary.main', mb: 1 }} />
      <Typography sx={{ fontWeight: 600 }}>Choose files or drop them here</Typography>
      <Typography variant="body2" color="text.secondary">
        GPX, FIT or TCX, also gzipped (.gz) · up to {MAX_UPLOAD_FILES} files, 50 MB each
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={FILE_PICKER_ACCEPT}
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
