/**
 * Saving and the saved routes (spec §1: "sign in to save"): a visitor plans freely and is asked to
 * sign in here; a runner names and saves the route (over the opened one, or as a new one), exports
 * the saved GPX while the map shows that version, and manages the list.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { RouteSummary } from '../../../core/routes/route-api.ts';
import { exportGpxUrl } from './planner-api.ts';
import { SavedRoutesList } from './SavedRoutesList.tsx';
import { SaveRouteForm, type SaveRouteFormProps } from './SaveRouteForm.tsx';

export interface SavedRoutesCardProps extends SaveRouteFormProps {
  signedIn: boolean;
  units: UnitSystem;
  /** Edited since it was opened or saved: its GPX export (the stored version) is offered only when not. */
  edited: boolean;
  onOpen: (route: RouteSummary) => void;
  /** A route deleted from the list: if it is the open one, the editor's route is no longer saved. */
  onDeleted: (id: string) => void;
}

export function SavedRoutesCard(props: SavedRoutesCardProps) {
  const { signedIn, open } = props;
  const saved = props.edited ? null : open;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Saved routes
        </Typography>
        {!signedIn ? (
          <Typography variant="body2" color="text.secondary">
            <Link component={RouterLink} to="/login?redirect=%2Frun-planner">
              Sign in
            </Link>{' '}
            to save your routes, export them as GPX and open them again later.
          </Typography>
        ) : (
          <Stack spacing={2}>
            <SaveRouteForm {...props} />
            {saved && (
              <Alert
                severity="success"
                variant="outlined"
                action={
                  <Button
                    component="a"
                    href={exportGpxUrl(saved.id)}
                    download
                    color="inherit"
                    startIcon={<DownloadIcon />}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    Export GPX
                  </Button>
                }
              >
                Saved “{saved.name}”.
              </Alert>
            )}
            <SavedRoutesList units={props.units} onOpen={props.onOpen} onDeleted={props.onDeleted} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
