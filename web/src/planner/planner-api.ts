/**
 * The planner's calls to the server: leg snapping and elevations (public, the server reaches the
 * outside services), a GPX read into waypoints, and the signed-in runner's saved routes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiErrorBody } from '../../../core/errors.ts';
import type { LatLng } from '../../../core/routes/geometry.ts';
import {
  ROUTE_GPX_MAX_BYTES,
  ROUTE_MESSAGES,
  type ElevationAnswer,
  type ImportedRoute,
  type RouteDetail,
  type RouteSave,
  type RouteSummary,
  type SnapResponse,
} from '../../../core/routes/route-api.ts';
import { api, ApiError, networkError, unwrap } from '../api/client.ts';
import { ROUTES_QUERY_KEY } from '../lib/query-keys.ts';

export function snapLegs(legs: { from: LatLng; to: LatLng }[]): Promise<SnapResponse> {
  return unwrap(api.routes.snap.$post({ json: { legs } }));
}

export function fetchElevations(points: LatLng[]): Promise<ElevationAnswer> {
  return unwrap(api.routes.elevation.$post({ json: { points } }));
}

/** Reads a GPX file into waypoints; a file over the cap is refused before it is sent. */
export async function importGpx(file: File): Promise<ImportedRoute> {
  if (file.size > ROUTE_GPX_MAX_BYTES) {
    throw new ApiError(413, { type: 'validation_error', message: ROUTE_MESSAGES.gpxTooLarge });
  }
  const response = await fetch('/api/routes/import.gpx', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/gpx+xml' },
    body: file,
  }).catch(() => {
    throw networkError();
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isApiErrorBody(body) ? body.error : { type: 'api_error', message: ROUTE_MESSAGES.gpxUnreadable },
    );
  }
  return body as ImportedRoute;
}

export const exportGpxUrl = (id: string) => `/api/routes/${encodeURIComponent(id)}/export.gpx`;

export function useSavedRoutes(enabled: boolean) {
  return useQuery({
    queryKey: ROUTES_QUERY_KEY,
    queryFn: async (): Promise<RouteSummary[]> => (await unwrap(api.routes.$get())).routes,
    enabled,
  });
}

export function fetchRoute(id: string): Promise<RouteDetail> {
  return unwrap(api.routes[':id'].$get({ param: { id } }));
}

function useRoutesMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTES_QUERY_KEY }),
  });
}

export const useSaveRoute = () =>
  useRoutesMutation((route: RouteSave): Promise<RouteDetail> => unwrap(api.routes.$post({ json: route })));

/** Saves the edited route over the opened one (its id), keeping one route in the list. */
export const useUpdateRoute = () =>
  useRoutesMutation((input: { id: string; route: RouteSave }): Promise<RouteDetail> =>
    unwrap(api.routes[':id'].$put({ param: { id: input.id }, json: input.route })),
  );

export const useRenameRoute = () =>
  useRoutesMutation((input: { id: string; name: string }): Promise<RouteDetail> =>
    unwrap(api.routes[':id'].$patch({ param: { id: input.id }, json: { name: input.name } })),
  );

export const useDeleteRoute = () =>
  useRoutesMutation((id: string) => unwrap(api.routes[':id'].$delete({ param: { id } })));
