/**
 * What the planner shows for the route being edited, worked out from its shape alone (spec §1
 * "live distance … and a per-km/mile marker"): the drawn line, its length, the markers and the
 * points to ask elevations for; then, once the elevations arrive, the profile and the climb.
 * Pure, so the planner's client-side compute can be timed on its own (tools/bench/planner.bench.ts).
 */
import type { UnitSystem } from '../unit-system.ts';
import { climbOf, elevationProfile, type ClimbSummary, type ProfilePoint } from './elevation-profile.ts';
import {
  cumulativeDistances,
  distanceMarkers,
  sampleLine,
  type DistanceMarker,
  type LatLng,
  type ProfileSample,
} from './geometry.ts';
import { routeLine, type RouteShape } from './route-editor.ts';

export interface RouteMeasure {
  line: LatLng[];
  /** Metres along the line. */
  distance: number;
  markers: DistanceMarker[];
  /** Elevation samples along the line (every 50 m and at each waypoint, at most 1,000). */
  samples: ProfileSample[];
}

export function measureRoute(shape: RouteShape, units: UnitSystem): RouteMeasure {
  const line = routeLine(shape);
  return {
    line,
    distance: cumulativeDistances(line).at(-1) ?? 0,
    markers: distanceMarkers(line, units),
    samples: sampleLine(line, undefined, shape.waypoints),
  };
}

export interface RouteProfile {
  profile: ProfilePoint[];
  /** Null without two known elevations: no climb is shown rather than a wrong one. */
  climb: ClimbSummary | null;
}

export function profileRoute(
  samples: readonly ProfileSample[],
  elevations: readonly (number | null)[] | null,
): RouteProfile {
  if (elevations === null || elevations.length !== samples.length) {
    return { profile: [], climb: null };
  }
  const profile = elevationProfile(samples, elevations);
  return { profile, climb: climbOf(profile) };
}

/** A key that changes whenever the samples do, so an elevation answer is matched to its line. */
export function samplesKey(samples: readonly LatLng[]): string {
  return samples.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';');
}
