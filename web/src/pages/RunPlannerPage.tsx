/**
 * /run-planner (open to visitors; spec §1 "Plan routes"): draw a route on the map, snapped to paths
 * when the server has a routing service, with its live distance, markers, elevation profile and
 * climb; save, open and export routes when signed in. The spec §4 page timer runs here: for a
 * signed-in runner, minutes on this page count as minutes spent planning in My Stride.
 */
import { Alert, Grid, Skeleton, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, pageTitleForPath } from '../../../core/product.ts';
import type { LatLng } from '../../../core/routes/geometry.ts';
import type { RouteEditorAction } from '../../../core/routes/route-editor.ts';
import type { RouteDetail, RouteSummary } from '../../../core/routes/route-api.ts';
import { usePlanningTimer } from '../analytics/use-planning-timer.ts';
import { withTimeout } from '../lib/lazy-page.ts';
import { useSession } from '../lib/auth/session.ts';
import { useUnits } from '../lib/use-units.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { fetchRoute, importGpx } from '../planner/planner-api.ts';
import { PlannerMap } from '../planner/PlannerMap.tsx';
import { PlannerToolbar } from '../planner/PlannerToolbar.tsx';
import { RouteSummaryCard } from '../planner/RouteSummaryCard.tsx';
import { SavedRoutesCard } from '../planner/SavedRoutesCard.tsx';
import { useRoutePlanner } from '../planner/use-route-planner.ts';

/** The chart library loads only once there is a profile to draw (most of the page's JavaScript). */
const ElevationCard = lazy(() =>
  withTimeout(
    import('../planner/ElevationCard.tsx').then((module) => ({ default: module.ElevationCard })),
    CHUNK_LOAD_TIMEOUT_MS,
  ),
);

export default function RunPlannerPage() {
  const { data: user } = useSession();
  const signedIn = Boolean(user);
  usePlanningTimer(signedIn);
  const { units } = useUnits();
  const { state, dispatch, measure, profile, snapNotice, snapping, elevationNotice } = useRoutePlanner(units);
  const [name, setName] = useState('');
  /** The saved route in the editor (opened, or saved in this visit) and whether it changed since. */
  const [open, setOpen] = useState<RouteDetail | null>(null);
  const [edited, setEdited] = useState(false);
  const [fitKey, setFitKey] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);

  /** A loaded route keeps its own line: its legs are not routed again until edited. */
  const load = (waypoints: LatLng[], line: LatLng[], routeName: string) => {
    dispatch({ type: 'load', waypoints, line });
    setName(routeName);
    setFitKey((key) => key + 1);
    setLoadError(null);
  };
  /** The runner's own edits (not snapping answers), which make the open route differ from its saved version. */
  const edit = (action: RouteEditorAction) => {
    dispatch(action);
    setEdited(true);
  };
  const onSaved = (route: RouteDetail) => {
    setOpen(route);
    setEdited(false);
  };
  const onImport = (file: File) => {
    importGpx(file)
      .then((route) => {
        setOpen(null);
        load(route.waypoints, route.line, route.name ?? file.name.replace(/\.gpx$/i, ''));
      })
      .catch((error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)));
  };
  const onOpen = (route: RouteSummary) => {
    fetchRoute(route.id)
      .then((detail) => {
        load(detail.waypoints, detail.line, detail.name);
        onSaved(detail);
      })
      .catch((error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)));
  };
  const notices = [snapNotice, measure.distance > 0 ? elevationNotice : null].filter((n): n is string => n !== null);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={pageTitleForPath('/run-planner')}
        subtitle="Draw a route on the map and see its distance and climb before you run it."
      />
      {loadError && (
        <Alert severity="error" onClose={() => setLoadError(null)}>
          {loadError}
        </Alert>
      )}
      {/* On a phone the map comes first, its buttons under it, within the thumb's reach. */}
      <Stack spacing={2} useFlexGap sx={{ flexDirection: { xs: 'column-reverse', md: 'column' } }}>
        <PlannerToolbar state={state} dispatch={edit} onImport={onImport} />
        <PlannerMap
          line={measure.line}
          waypoints={state.waypoints}
          markers={measure.markers}
          fitKey={fitKey}
          onAdd={(point) => edit({ type: 'add', point })}
          onMove={(index, point) => edit({ type: 'move', index, point })}
          onRemove={(index) => edit({ type: 'remove', index })}
        />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: profile.profile.length > 1 ? 6 : 12 }}>
          <RouteSummaryCard
            distance={measure.distance}
            climb={profile.climb}
            waypointCount={state.waypoints.length}
            units={units}
            notices={notices}
          />
        </Grid>
        {profile.profile.length > 1 && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <ElevationCard profile={profile.profile} units={units} />
            </Suspense>
          </Grid>
        )}
      </Grid>
      <SavedRoutesCard
        signedIn={signedIn}
        units={units}
        name={name}
        onNameChange={setName}
        waypoints={state.waypoints}
        line={measure.line}
        snapping={snapping}
        open={open}
        edited={edited}
        onSaved={onSaved}
        onOpen={onOpen}
        onDeleted={(id) => id === open?.id && setOpen(null)}
      />
    </Stack>
  );
}
