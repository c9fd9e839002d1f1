/**
 * Saving the route being edited under a name (signed in). With a saved route open, "Save changes"
 * saves over it (same id, one route in the list) and "Save as new" keeps it and adds another. The
 * name's rule and messages are core's (route-schemas.ts); the server's field message shows under
 * the field. A line longer than a saved route may hold is simplified first (Douglas–Peucker, core
 * geometry).
 */
import SaveIcon from '@mui/icons-material/Save';
import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { simplifyToAtMost, type LatLng } from '../../../core/routes/geometry.ts';
import { MAX_ROUTE_LINE_POINTS, type RouteDetail, type RouteSave } from '../../../core/routes/route-api.ts';
import { ROUTE_NAME_MAX_LENGTH } from '../../../core/routes/route-schemas.ts';
import { ApiError } from '../api/client.ts';
import { useSaveRoute, useUpdateRoute } from './planner-api.ts';

/** Six decimals (about 0.1 m) keep a 20,000-point line well inside the 1 MB request limit. */
const rounded = (points: readonly LatLng[]): LatLng[] =>
  points.map(({ lat, lng }) => ({ lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 }));

export interface SaveRouteFormProps {
  name: string;
  onNameChange: (name: string) => void;
  waypoints: readonly LatLng[];
  line: readonly LatLng[];
  /** A leg is still being routed: the buttons wait (spinning) so the saved line is the one drawn. */
  snapping: boolean;
  /**
   * The saved route in the editor (opened or saved in this visit), which "Save changes" saves over;
   * null for a new route.
   */
  open: RouteDetail | null;
  onSaved: (route: RouteDetail) => void;
}

export function SaveRouteForm({ name, onNameChange, waypoints, line, snapping, open, onSaved }: SaveRouteFormProps) {
  const save = useSaveRoute();
  const update = useUpdateRoute();
  const [error, setError] = useState<string | null>(null);
  const submit = (asNew: boolean) => {
    setError(null);
    const savedLine = line.length > MAX_ROUTE_LINE_POINTS ? simplifyToAtMost(line, MAX_ROUTE_LINE_POINTS) : line;
    const route: RouteSave = { name, waypoints: rounded(waypoints), line: rounded(savedLine) };
    const handlers = {
      onSuccess: onSaved,
      onError: (failure: Error) => {
        const fields = failure instanceof ApiError ? failure.fields : {};
        setError(fields.name ?? fields.waypoints ?? fields.line ?? failure.message);
      },
    };
    if (open === null || asNew) {
      save.mutate(route, handlers);
    } else {
      update.mutate({ id: open.id, route }, handlers);
    }
  };
  const pending = save.isPending || update.isPending || snapping;
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <TextField
        label="Route name"
        size="small"
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: ROUTE_NAME_MAX_LENGTH + 20 } }}
        sx={{ flex: 1 }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SaveIcon />}
        loading={snapping || (open === null ? save.isPending : update.isPending)}
        disabled={waypoints.length < 2 || pending}
        sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
      >
        {open === null ? 'Save route' : 'Save changes'}
      </Button>
      {open !== null && (
        <Button
          variant="outlined"
          loading={snapping || save.isPending}
          disabled={waypoints.length < 2 || pending}
          onClick={() => submit(true)}
          sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
        >
          Save as new
        </Button>
      )}
    </Stack>
  );
}
