/**
 * Climb and descent of a planned route from its sampled elevation profile (spec §1: "without an
 * elevation service, no climb is shown rather than a wrong one"), by the one rule recorded
 * activities use too: activity/elevation-gain.ts elevationChange (±50 m smoothing finds where the
 * climbs turn, hysteresis from 1 m, each climb measured between the elevations at its turns). A
 * terrain model's profile is smooth, so its summits count in full, and gain and loss come from the
 * same turns: a closed loop climbs exactly what it descends.
 */
import { elevationChange } from '../activity/elevation-gain.ts';
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
  return elevationChange(
    Float64Array.from(profile, (p) => p.elevation),
    Float64Array.from(profile, (p) => p.distance),
  );
}

/**
 * The elevation at each of `distances` (metres along the line), linear between the two profile
 * points around it (the profile's own value where a point is one); NaN outside the profile or where
 * the two neighbouring samples are more than `maxGap` metres apart (an unknown stretch between).
 */
export function elevationsAt(
  profile: readonly ProfilePoint[],
  distances: readonly number[],
  maxGap = Number.POSITIVE_INFINITY,
): number[] {
  let j = 0;
  return distances.map((distance) => {
    while (j + 1 < profile.length && (profile[j + 1] as ProfilePoint).distance < distance) {
      j += 1;
    }
    const a = profile[j];
    const b = profile[j + 1];
    if (a === undefined) {
      return Number.NaN;
    }
    if (a.distance === distance) {
      return a.elevation;
    }
    if (b === undefined || distance < a.distance || distance > b.distance || b.distance - a.distance > maxGap) {
      return b?.distance === distance ? b.elevation : Number.NaN;
    }
    const t = (distance - a.distance) / (b.distance - a.distance);
    return a.elevation + (b.elevation - a.elevation) * t;
  });
}
