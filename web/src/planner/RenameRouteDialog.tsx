/** Renaming a saved route: the name's rule is core's, the server's message shows under the field. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import type { RouteSummary } from '../../../core/routes/route-api.ts';
import { ApiError } from '../api/client.ts';
import { useRenameRoute } from './planner-api.ts';

/** One form per opened route: it starts from that route's name, with no error of an earlier try. */
function RenameForm({ route, onClose }: { route: RouteSummary; onClose: () => void }) {
  const rename = useRenameRoute();
  const [name, setName] = useState(route.name);
  const error = rename.error instanceof ApiError ? (rename.error.fields.name ?? rename.error.message) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ id: route.id, name }, { onSuccess: onClose });
      }}
    >
      <DialogTitle>Rename route</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Route name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={rename.isPending}>
          Rename
        </Button>
      </DialogActions>
    </form>
  );
}

export function RenameRouteDialog({ route, onClose }: { route: RouteSummary | null; onClose: () => void }) {
  return (
    <Dialog open={route !== null} onClose={onClose} fullWidth maxWidth="xs">
      {route && <RenameForm key={route.id} route={route} onClose={onClose} />}
    </Dialog>
  );
}
