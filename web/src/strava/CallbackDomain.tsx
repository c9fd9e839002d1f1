/** Strava's "Authorization Callback Domain" for this server: a host name without scheme or port, with Copy. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';

export function CallbackDomain() {
  const domain = window.location.hostname;
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(domain).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.5, width: 'fit-content' }}
    >
      <Typography component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {domain}
      </Typography>
      <Tooltip title={copied ? 'Copied' : 'Copy'} onClose={() => setCopied(false)}>
        <IconButton size="small" aria-label="Copy the callback domain" onClick={copy}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
