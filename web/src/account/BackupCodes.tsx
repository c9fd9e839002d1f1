/** The backup codes, shown once: a grid to read, and buttons to copy or download them. */
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';

export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'stride-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Each backup code signs you in once if you lose your phone. They are shown only now: copy or download them and
        keep them somewhere safe.
      </Typography>
      <Box
        component="ul"
        aria-label="Backup codes"
        sx={{
          m: 0,
          p: 1.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: 15,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="small" startIcon={<Download />} onClick={download}>
          Download
        </Button>
      </Stack>
    </Stack>
  );
}
