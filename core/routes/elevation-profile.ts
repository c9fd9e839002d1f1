/**
 * Climb and descent of a planned route from its sampled elevation profile (spec §1: "without an
 * elevation service, no climb is shown rather than a wrong one"). Reuses core's recorded-activity
 * rule, activity/elevation-gain.ts elevationGain (distance-window smoothing, then hysteresis), unchanged:
 * a DEM profile is smooth, so the rule's noise estimate gives its 1 m minimum threshold. Loss is the
 * same rule on the reversed profile (the descent is the climb of the way back).
 */
import { elevationGain } from '../activity/elevation-gain.ts';
import type { ProfileSample } from './geometry.ts';

export interface ProfilePoint {
  distance: number;
  elevation: number;
}

export interface ClimbSummary {
  gain: number;
  loss: number;
}

/** Joins samples with their elevations; a sample the service has no value for is left out. */
export function elevationProfile(
  samples: readonly ProfileSample[],
  elevations: readonly (number | null)[],
): ProfilePoint[] {
  const profile: ProfilePoint[] = [];
  samples.forEach((sample, i) => {
    const elevation = elevations[i];
    if (elevation !== null && elevation !== undefined && Number.isFinite(elevation)) {
      profile.push({ distance: sample.distance, elevation });
    }
  });
  return profile;
}

/** Gain and loss in metres, or null when fewer than two samples have an elevation (nothing to show). */
export function climbOf(profile: readonly ProfilePoint[]): ClimbSummary | null {
  if (profile.length < 2) {
    return null;
  }
  const elevation = Float64Array.from(profile, (p) => p.elevation);
  const distance = Float64Array.from(profile, (p) => p.distance);
  const total = distance[distance.length - 1] as number;
  const reversedDistance = Float64Array.from(distance, (d) => total - d).reverse();
  return {
    gain: elevationGain(elevation, distance),
    loss: elevationGain(elevation.slice().reverse(), reversedDistance),
  };
}
