/** The runner's saved routes: open one to edit, export its GPX, rename or delete it. */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { RouteSummary } from '../../../core/routes/route-api.ts';
import { formatDistance } from '../lib/format.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { exportGpxUrl, useDeleteRoute, useSavedRoutes } from './planner-api.ts';
import { RenameRouteDialog } from './RenameRouteDialog.tsx';

export function SavedRoutesList({
  units,
  onOpen,
  onDeleted,
}: {
  units: UnitSystem;
  onOpen: (route: RouteSummary) => void;
  onDeleted: (id: string) => void;
}) {
  const routes = useSavedRoutes(true);
  const remove = useDeleteRoute();
  const [renaming, setRenaming] = useState<RouteSummary | null>(null);
  const [deleting, setDeleting] = useState<RouteSummary | null>(null);
  if (routes.data?.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No saved routes yet.
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label="Saved routes">
        {routes.data?.map((route) => (
          <ListItem key={route.id} disableGutters divider>
            <ListItemText
              primary={route.name}
              secondary={`${formatDistance(route.distance, units)} · ${route.waypointCount} points`}
            />
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Button size="small" onClick={() => onOpen(route)} sx={{ minHeight: 40 }}>
                Open
              </Button>
              <IconButton
                component="a"
                href={exportGpxUrl(route.id)}
                download
                aria-label={`Export ${route.name} as GPX`}
              >
                <DownloadIcon />
              </IconButton>
              <IconButton aria-label={`Rename ${route.name}`} onClick={() => setRenaming(route)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`Delete ${route.name}`} onClick={() => setDeleting(route)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          </ListItem>
        ))}
      </List>
      <RenameRouteDialog route={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this route?"
        confirmLabel="Delete"
        confirmIcon={<DeleteIcon />}
        action={remove}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              onDeleted(deleting.id);
              setDeleting(null);
            },
          })
        }
      >
        “{deleting?.name}” will be removed from your saved routes.
      </ConfirmDialog>
    </>
  );
}
