/** The route planner: public snapping and elevation, and the signed-in runner's saved routes. */
import type { LatLng } from '../../../core/routes/geometry.ts';
import type { RouteSave } from '../../../core/routes/route-api.ts';
import {
  createRouteServicesClient,
  type ElevationClient,
} from '../../integrations/route-services/route-services-client.ts';
import {
  deleteRoute,
  exportRouteGpx,
  getRoute,
  importRouteGpx,
  listRoutes,
  renameRoute,
  saveRoute,
  updateRoute,
} from '../saved-route-service.ts';
import type { WiringContext } from '../service-context.ts';

export function wireRoutes(ctx: WiringContext) {
  const routeServices = createRouteServicesClient(ctx.config.planner, ctx.logger, ctx.clock);
  return {
    snap: (input: { legs: { from: LatLng; to: LatLng }[] }) => routeServices.snap(input.legs),
    elevations: (input: { points: LatLng[]; client: ElevationClient }) =>
      routeServices.elevations(input.points, input.client),
    importGpx: (input: { bytes: Uint8Array; owner: string; signal?: AbortSignal }) =>
      importRouteGpx(ctx.importPool, ctx.logger, input),
    list: (userId: string) => listRoutes(ctx, userId),
    get: (userId: string, id: string) => getRoute(ctx, userId, id),
    save: (userId: string, input: RouteSave) => saveRoute(ctx, userId, input),
    rename: (userId: string, input: { id: string; name: string }) => renameRoute(ctx, userId, input.id, input.name),
    update: (userId: string, input: { id: string; route: RouteSave }) =>
      updateRoute(ctx, userId, input.id, input.route),
    delete: (userId: string, id: string) => deleteRoute(ctx, userId, id),
    exportGpx: (userId: string, id: string) =>
      exportRouteGpx(ctx, userId, id, (points) => routeServices.elevations(points, { userId })),
  };
}
