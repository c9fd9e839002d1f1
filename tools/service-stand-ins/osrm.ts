// An OSRM-compatible routing stand-in (project-osrm.org/docs/v5.24.0/api, `route` service):
// GET /route/v1/foot/{lon,lat;lon,lat…}?overview=full&geometries=geojson. Each leg becomes a
// deterministic path with EXTRA_POINTS_PER_LEG bends between its ends (offset sideways, as a path
// around a block would be), so the snapped line is measurably longer than the straight one.
import { haversineDistance } from '../../core/activity/track-distance.ts';
import { startStandIn, type StandIn } from './stand-in-server.ts';

export const EXTRA_POINTS_PER_LEG = 3;
/** Sideways offset of the bends, as a fraction of the leg's length. */
const BEND_OFFSET = 0.05;
/** Walking speed for `duration`, metres per second (OSRM's foot profile uses about 5 km/h). */
const FOOT_SPEED_MPS = 5 / 3.6;

type LngLat = [number, number];

function legPath(from: LngLat, to: LngLat): LngLat[] {
  const path: LngLat[] = [from];
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  for (let k = 1; k <= EXTRA_POINTS_PER_LEG; k += 1) {
    const t = k / (EXTRA_POINTS_PER_LEG + 1);
    const side = (k % 2 === 0 ? -1 : 1) * BEND_OFFSET;
    path.push([from[0] + dx * t - dy * side, from[1] + dy * t + dx * side]);
  }
  path.push(to);
  return path;
}

function parseCoordinates(text: string): LngLat[] | null {
  const pairs = text.split(';').map((pair) => pair.split(',').map(Number));
  const valid = pairs.every(
    (p) =>
      p.length === 2 && Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90 && p.every(Number.isFinite),
  );
  return valid && pairs.length >= 2 ? (pairs as LngLat[]) : null;
}

export function startOsrmStandIn(): Promise<StandIn> {
  return startStandIn((url) => {
    const match = /^\/route\/v1\/([a-z]+)\/([^/]+?)(?:\.json)?$/.exec(url.pathname);
    if (match === null) {
      return {
        status: 400,
        body: { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${url.pathname}"` },
      };
    }
    if (match[1] !== 'foot') {
      return { status: 400, body: { code: 'InvalidService', message: 'Service foot only' } };
    }
    const coordinates = parseCoordinates(decodeURIComponent(match[2] as string));
    if (coordinates === null) {
      return { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed close to position 0' } };
    }
    const line: LngLat[] = [coordinates[0] as LngLat];
    for (let i = 1; i < coordinates.length; i += 1) {
      line.push(...legPath(coordinates[i - 1] as LngLat, coordinates[i] as LngLat).slice(1));
    }
    let distance = 0;
    for (let i = 1; i < line.length; i += 1) {
      const [aLng, aLat] = line[i - 1] as LngLat;
      const [bLng, bLat] = line[i] as LngLat;
      distance += haversineDistance(aLat, aLng, bLat, bLng);
    }
    return {
      status: 200,
      body: {
        code: 'Ok',
        routes: [
          {
            distance,
            duration: distance / FOOT_SPEED_MPS,
            weight: distance / FOOT_SPEED_MPS,
            weight_name: 'duration',
            geometry: { type: 'LineString', coordinates: line },
            legs: [],
          },
        ],
        waypoints: coordinates.map((location) => ({ hint: '', distance: 0, name: '', location })),
      },
    };
  });
}
