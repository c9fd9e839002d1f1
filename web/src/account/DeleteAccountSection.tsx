/** Account Settings → "Delete account": what it does, and the button that opens the typed confirmation. */
import { Button, Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { ACCOUNT_SECTION_PADDING } from '../components/AccountSection.tsx';
import { ActionRow } from '../components/ActionRow.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

export function DeleteAccountSection({ email }: { email: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card sx={{ borderColor: 'error.dark' }}>
      <CardContent sx={ACCOUNT_SECTION_PADDING}>
        <ActionRow
          title="Delete account"
          text="Removes you and all your data from this server and signs you out everywhere."
          textVariant="body2"
          action={
            <Button color="error" variant="outlined" onClick={() => setDeleting(true)} sx={{ flexShrink: 0 }}>
              Delete account
            </Button>
          }
        />
      </CardContent>
      <DeleteAccountDialog email={email} open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
