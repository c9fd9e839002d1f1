/**
 * The route planner: (1) a 200-waypoint route whose legs the local OSRM stand-in snapped: the
 * client-side compute after the answers arrive — each leg applied to the editor (core reducer),
 * the line, its distance, the per-km markers and the elevation samples — and, after the
 * elevation stand-in answers for those samples, the profile and climb. Target: ≤ 100 ms, CPU
 * time, median of RUNS. The answers are fetched over HTTP once, before the timing.
 * (2) The /run-planner route's JavaScript beyond the app shell, gzip (`npm run build:web` first).
 * Target: ≤ 200 KB. The elevation chart (recharts) loads only once a profile arrives and is
 * reported beside it.
 */
import { batches, type LatLng } from '../../core/routes/geometry.ts';
import { emptyRoute, routeEditorReducer, type RouteEditorState } from '../../core/routes/route-editor.ts';
import { parseElevationResponse, parseOsrmRoute } from '../../core/routes/route-schemas.ts';
import { measureRoute, profileRoute, samplesKey } from '../../core/routes/route-summary.ts';
import { startOpenTopoDataStandIn } from '../service-stand-ins/open-topo-data.ts';
import { startOsrmStandIn } from '../service-stand-ins/osrm.ts';
import type { Bench, BenchReport } from './bench.ts';
import { routeBytes } from './route-bytes.ts';

const WAYPOINTS = 200;
const TARGET_MS = 100;
const TARGET_KB = 200;
const RUNS = 7;

/** A wandering 200-point route around Ljubljana, about 150 m between points. */
function waypoints(): LatLng[] {
  return Array.from({ length: WAYPOINTS }, (_, i) => ({
    lat: 46.05 + 0.0012 * i * Math.cos(i / 15) * 0.3 + 0.0008 * Math.sin(i / 4),
    lng: 14.5 + 0.0015 * i * 0.3 + 0.001 * Math.cos(i / 6),
  }));
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  return response.json();
}

async function snappedLegs(routingUrl: string, points: readonly LatLng[]): Promise<LatLng[][]> {
  const legs: LatLng[][] = [];
  for (let i = 1; i < points.length; i += 1) {
    const [a, b] = [points[i - 1] as LatLng, points[i] as LatLng];
    const route = parseOsrmRoute(
      await getJson(`${routingUrl}/route/v1/foot/${a.lng},${a.lat};${b.lng},${b.lat}?overview=full&geometries=geojson`),
    );
    legs.push(route === null ? [a, b] : [a, ...route.line.slice(1, -1), b]);
  }
  return legs;
}

async function elevationsFor(elevationUrl: string, samples: readonly LatLng[]): Promise<(number | null)[]> {
  const result: (number | null)[] = [];
  for (const batch of batches(samples)) {
    const body = await getJson(`${elevationUrl}?locations=${batch.map((p) => `${p.lat},${p.lng}`).join('|')}`);
    result.push(...(parseElevationResponse(body, batch.length) ?? batch.map(() => null)));
  }
  return result;
}

/** The planner's work once every leg's answer is in: what use-route-planner.ts does per change. */
function afterSnapping(drawn: RouteEditorState, points: readonly LatLng[], legs: readonly LatLng[][]) {
  let state = drawn;
  legs.forEach((path, index) => {
    state = routeEditorReducer(state, {
      type: 'legRouted',
      index,
      from: points[index] as LatLng,
      to: points[index + 1] as LatLng,
      path,
    });
  });
  const measure = measureRoute(state, 'metric');
  return { measure, key: samplesKey(measure.samples) };
}

function cpuMs<T>(work: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

async function measure(): Promise<BenchReport> {
  const bytes = routeBytes('RunPlannerPage');
  // Loaded once there is a profile to draw (React.lazy): counted apart, beside the page's own.
  const chart = routeBytes('ElevationCard');
  const [osrm, elevation] = await Promise.all([startOsrmStandIn(), startOpenTopoDataStandIn()]);
  try {
    const points = waypoints();
    const drawn = points.reduce((state, point) => routeEditorReducer(state, { type: 'add', point }), emptyRoute());
    const legs = await snappedLegs(osrm.url, points);
    const { measure: first } = afterSnapping(drawn, points, legs);
    const elevations = await elevationsFor(`${elevation.url}/v1/srtm30m`, first.samples);
    const totals: number[] = [];
    let summary = { distance: 0, markers: 0, samples: 0, gain: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      const snapped = cpuMs(() => afterSnapping(drawn, points, legs));
      const profiled = cpuMs(() => profileRoute(snapped.value.measure.samples, elevations));
      totals.push(snapped.ms + profiled.ms);
      const m = snapped.value.measure;
      summary = {
        distance: m.distance,
        markers: m.markers.length,
        samples: m.samples.length,
        gain: profiled.value.climb?.gain ?? 0,
      };
    }
    const median = [...totals].sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
    const kb = (count: number) => `${(count / 1024).toFixed(1)} KB`;
    return {
      headers: ['measure', 'bytes', 'gzip'],
      rows: [
        ...bytes.rows,
        ['route total beyond the shell', '', kb(bytes.gzip)],
        ['elevation chart, loaded when a profile arrives (recharts)', '', kb(chart.gzip)],
        [
          `${WAYPOINTS} snapped waypoints: distance, markers, samples, profile, climb (CPU, median of ${RUNS})`,
          '',
          `${median.toFixed(1)} ms`,
        ],
      ],
      checks: [
        {
          label: `Planner: ${WAYPOINTS}-waypoint snapped route's distance and profile ≤ ${TARGET_MS} ms of client compute`,
          measured: `${median.toFixed(1)} ms`,
          passed: median <= TARGET_MS,
        },
        {
          label: `Planner route JavaScript (gzip) ≤ ${TARGET_KB} KB`,
          measured: kb(bytes.gzip),
          passed: bytes.gzip <= TARGET_KB * 1024,
        },
      ],
      notes: [
        'Bytes from the build in dist/web; rebuild after changing web/.',
        `The route: ${(summary.distance / 1000).toFixed(2)} km snapped, ${summary.markers} km markers, ` +
          `${summary.samples} elevation samples, ${Math.round(summary.gain)} m of climb; ` +
          `${osrm.requests.length} routing and ${elevation.requests.length} elevation requests to the stand-ins.`,
      ],
    };
  } finally {
    await Promise.all([osrm.close(), elevation.close()]);
  }
}

export const plannerBench: Bench = {
  name: 'Route planner: a 200-waypoint snapped route’s client compute, route JavaScript beyond the shell',
  id: 'planner',
  run: measure,
};
