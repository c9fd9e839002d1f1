/**
 * Account → "Download my data": asks for the ZIP of everything (core/data-export.ts), shows that it
 * is being prepared while the server builds it, then the download with its size and last day.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_TEXTS,
  dataExportDownloadLabel,
  dataExportSizeMb,
} from '../../../core/data-export.ts';
import { formatDate, formatNumber } from '../lib/format.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { useDataExport, useRequestDataExport } from './data-export-api.ts';
import { useSendsMail } from './use-sends-mail.ts';

export function DataExportCard() {
  const status = useDataExport();
  const request = useRequestDataExport();
  const sendsMail = useSendsMail();
  const current = status.data?.export ?? null;
  const ask = (label: string, variant: 'contained' | 'text') => (
    <Button
      variant={variant}
      onClick={() => request.mutate()}
      disabled={request.isPending}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );

  return (
    <AccountSection id="data-export" title={DATA_EXPORT_TEXTS.title} description={DATA_EXPORT_TEXTS.description}>
      <Stack spacing={1.5}>
        {request.isError && <Alert severity="error">{request.error.message}</Alert>}
        {current === null && !status.isPending && ask(DATA_EXPORT_TEXTS.request, 'contained')}
        {current?.state === 'building' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={20} aria-hidden />
            <Box>
              <Typography>{DATA_EXPORT_TEXTS.preparing}</Typography>
              {sendsMail && (
                <Typography variant="body2" color="text.secondary">
                  {DATA_EXPORT_TEXTS.mailNote}
                </Typography>
              )}
            </Box>
          </Box>
        )}
        {current?.state === 'ready' && current.downloadPath !== null && (
          <>
            <Button
              variant="contained"
              href={current.downloadPath}
              download
              sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
            >
              {dataExportDownloadLabel(
                formatNumber(dataExportSizeMb(current.sizeBytes ?? 0), 1),
                formatDate(current.expiresAt ?? current.requestedAt),
              )}
            </Button>
            {ask(DATA_EXPORT_TEXTS.again, 'text')}
          </>
        )}
        {current?.state === 'failed' && (
          <>
            <Alert severity="error">{DATA_EXPORT_MESSAGES.failed}</Alert>
            {ask(DATA_EXPORT_TEXTS.request, 'contained')}
          </>
        )}
      </Stack>
    </AccountSection>
  );
}
