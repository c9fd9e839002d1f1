/**
 * GPX of planned routes (spec §1 "export GPX", "import a GPX as a route"). Export writes a `<trk>`
 * through the activity exporter (activity/gpx-export.ts), so Stride's own importer reads it back;
 * import reads any GPX Stride's parser accepts and simplifies the line to waypoints.
 */
import { trackToGpx } from '../activity/gpx-export.ts';
import { elevationProfile, elevationsAt } from './elevation-profile.ts';
import { createGpxParser } from '../activity/gpx-parser.ts';
import type { Track } from '../activity/track.ts';
import {
  cumulativeDistances,
  editableWaypoints,
  sampleLine,
  thinEvenly,
  type LatLng,
  type ProfileSample,
} from './geometry.ts';
import { MAX_ROUTE_LINE_POINTS } from './route-api.ts';
import { MAX_ROUTE_WAYPOINTS } from './route-editor.ts';

/**
 * The points whose elevations a saved route's export needs: its profile samples, as the planner
 * asks for them (every 50 m and at each waypoint), so the answers are usually remembered already.
 */
export function routeExportSamples(route: { line: readonly LatLng[]; waypoints: readonly LatLng[] }): ProfileSample[] {
  return sampleLine(route.line, undefined, route.waypoints);
}

/**
 * Each line point's elevation from the samples' elevations (null where the service had none):
 * linear by distance between the two samples around it, the sample's own where the point is one
 * (start, end, waypoints); NaN where a neighbouring sample has no elevation.
 */
export function lineElevations(
  line: readonly LatLng[],
  samples: readonly ProfileSample[],
  elevations: readonly (number | null)[],
): number[] {
  const profile = elevationProfile(samples, elevations);
  // A point between two known samples farther apart than the sampling step spans an unknown one.
  const step = samples.length > 1 ? Math.max(...samples.slice(1).map((s, i) => s.distance - samples[i]!.distance)) : 0;
  return elevationsAt(profile, cumulativeDistances(line), step + 1e-6);
}

/** The route's line as GPX 1.1 `<trk>` without times (a plan has none); elevation when known. */
export function routeToGpx(route: { name: string; line: readonly LatLng[]; elevations?: readonly number[] }): string {
  const n = route.line.length;
  const nan = () => new Float64Array(n).fill(Number.NaN);
  const track: Track = {
    time: nan(),
    lat: Float64Array.from(route.line, (p) => p.lat),
    lon: Float64Array.from(route.line, (p) => p.lng),
    elevation: route.elevations === undefined ? nan() : Float64Array.from(route.elevations),
    heartRate: nan(),
    cadence: nan(),
    distance: Float64Array.from(cumulativeDistances(route.line)),
  };
  return trackToGpx({ name: route.name, type: 'run', track });
}

/**
 * An imported GPX (its track, or a route-only file's points as the parser reads them): the file's
 * line as drawn (thinned evenly only past MAX_ROUTE_LINE_POINTS: a linear pass, whatever the file), a few
 * editable waypoints on it (geometry.ts editableWaypoints: their straight line within 0.5 % of the
 * line's distance, at most MAX_ROUTE_WAYPOINTS), and the file's name. The planner keeps the line
 * between the waypoints until the runner edits next to them. A file without two track points
 * throws the GPX parser's own error ("…No valid track points found in GPX file").
 */
export function gpxToRoute(bytes: Uint8Array): { name: string | null; waypoints: LatLng[]; line: LatLng[] } {
  // The GPX parser itself rather than the every-format entry (parse-activity-file.ts): the server
  // imports this module for the export, and the FIT SDK (0.9 MB) stays with the upload worker.
  const parser = createGpxParser();
  parser.write(bytes);
  const parsed = parser.finish();
  const { lat, lon } = parsed.track;
  const points: LatLng[] = [];
  for (let i = 0; i < lat.length; i += 1) {
    if (Number.isFinite(lat[i]) && Number.isFinite(lon[i])) {
      points.push({ lat: lat[i] as number, lng: lon[i] as number });
    }
  }
  const line = thinEvenly(points, MAX_ROUTE_LINE_POINTS);
  return { name: parsed.name, waypoints: editableWaypoints(line, MAX_ROUTE_WAYPOINTS), line };
}
