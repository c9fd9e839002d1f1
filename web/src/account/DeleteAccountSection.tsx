/** Account Settings → "Delete account": what it does, and the button that opens the typed confirmation. */
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ACCOUNT_SECTION_PADDING } from '../components/AccountSection.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

export function DeleteAccountSection({ email }: { email: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card sx={{ borderColor: 'error.dark' }}>
      <CardContent sx={ACCOUNT_SECTION_PADDING}>
        <Stack
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
        >
          <Box>
            <Typography variant="h6" component="h2">
              Delete account
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Removes you and all your data from this server and signs you out everywhere.
            </Typography>
          </Box>
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)} sx={{ flexShrink: 0 }}>
            Delete account
          </Button>
        </Stack>
      </CardContent>
      <DeleteAccountDialog email={email} open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
