/**
 * What a runner shares on their public profile (/{username}) and how their tracks are hidden on
 * every public surface (the profile's maps, an activity's share card): the profile's on/off and
 * location switches, the privacy zones (places such as home or work, each a circle of 200–1,000 m),
 * and the clipping of every shown track — every point inside a zone, or near the track's own start
 * or end, is removed before the server sends it, and no line is drawn through a hidden circle.
 */
import { formatNumber } from './format.ts';
import { z } from 'zod';
import { toDisplayTrack } from './activity/display-track.ts';
import type { Track } from './activity/track.ts';
import { EARTH_MEAN_RADIUS_M, haversineDistance } from './activity/track-distance.ts';
import { ROUTE_LATITUDE_RANGE, ROUTE_LONGITUDE_RANGE } from './routes/route-schemas.ts';

/**
 * A new account's public profile is off until the runner turns it on (spec §1, §2: profiles are
 * reachable by username, once there is one to reach); accounts made before keep their choice.
 */
export const DEFAULT_PROFILE_PRIVACY = { publicProfile: false, showLocation: true } as const;

export const PRIVACY_ZONE_LIMITS = {
  minRadius: 200,
  maxRadius: 1000,
  maxZones: 5,
  labelLength: 40,
} as const;

/** How far around the start and the end of every shown track nothing is drawn, in metres. */
export const TRACK_END_HIDDEN_RADIUS = PRIVACY_ZONE_LIMITS.minRadius;

/** How many uploaded activities the public profile shows, newest first. */
export const PUBLIC_RECENT_ACTIVITIES = 5;
/** Points of a shown map before clipping (thinned evenly, as the activity page's map is). */
export const PUBLIC_TRACK_MAX_POINTS = 400;

export const PRIVACY_MESSAGES = {
  radius: `A privacy zone's radius must be between ${PRIVACY_ZONE_LIMITS.minRadius} and ${formatNumber(PRIVACY_ZONE_LIMITS.maxRadius)} m.`,
  latitude: ROUTE_LATITUDE_RANGE,
  longitude: ROUTE_LONGITUDE_RANGE,
  labelRequired: 'Give the place a name, such as Home or Work.',
  labelTooLong: `A place's name may be at most ${PRIVACY_ZONE_LIMITS.labelLength} characters.`,
  tooMany: `You can mark at most ${PRIVACY_ZONE_LIMITS.maxZones} privacy zones. Remove one to add another.`,
  notFound: 'That privacy zone does not exist.',
} as const;

/** The hints beside Account → Public profile's switches: exactly what a visitor sees. */
export const PROFILE_PRIVACY_HINTS = {
  publicProfileOn: (address: string) =>
    `On: anyone who opens ${address} sees your name, photo and bio, the totals of your uploaded activities, your medals, and your ${PUBLIC_RECENT_ACTIVITIES} most recent uploaded activities with their maps, the start, the end and your privacy zones cut out. Strava activities are never shown.`,
  publicProfileOff: (address: string) =>
    `Off: ${address} answers as it would for a name no runner has, so nobody can tell that your profile exists.`,
  showLocation: 'Shows the location from your profile under your name on your public profile.',
  /** Above the switches while the profile is off: a new account's profile starts so. */
  privateNotice: (address: string) =>
    `Your public profile is private. Turn it on to share your name, photo, totals, medals and recent uploads at ${address}.`,
  zones: `Places such as home or work: every point of a shown map within the radius (${PRIVACY_ZONE_LIMITS.minRadius}–${formatNumber(PRIVACY_ZONE_LIMITS.maxRadius)} m) is removed before it leaves the server. The start and end of every shown map are always hidden.`,
} as const;

export const profilePrivacySchema = z.object({ publicProfile: z.boolean(), showLocation: z.boolean() });
export type ProfilePrivacy = z.infer<typeof profilePrivacySchema>;
export const profilePrivacyUpdateSchema = profilePrivacySchema.partial().strict();
export type ProfilePrivacyUpdate = z.infer<typeof profilePrivacyUpdateSchema>;

export const privacyZoneInputSchema = z
  .object({
    label: z
      .string({ error: PRIVACY_MESSAGES.labelRequired })
      .trim()
      .min(1, PRIVACY_MESSAGES.labelRequired)
      .max(PRIVACY_ZONE_LIMITS.labelLength, PRIVACY_MESSAGES.labelTooLong),
    lat: z
      .number({ error: PRIVACY_MESSAGES.latitude })
      .min(-90, PRIVACY_MESSAGES.latitude)
      .max(90, PRIVACY_MESSAGES.latitude),
    lon: z
      .number({ error: PRIVACY_MESSAGES.longitude })
      .min(-180, PRIVACY_MESSAGES.longitude)
      .max(180, PRIVACY_MESSAGES.longitude),
    radius: z
      .number({ error: PRIVACY_MESSAGES.radius })
      .min(PRIVACY_ZONE_LIMITS.minRadius, PRIVACY_MESSAGES.radius)
      .max(PRIVACY_ZONE_LIMITS.maxRadius, PRIVACY_MESSAGES.radius),
  })
  .strict();
export type PrivacyZoneInput = z.infer<typeof privacyZoneInputSchema>;

export const privacyZoneSchema = z.object({
  id: z.string(),
  label: z.string(),
  lat: z.number(),
  lon: z.number(),
  radius: z.number(),
});
export type PrivacyZone = z.infer<typeof privacyZoneSchema>;

/** A hidden circle: a zone, or the start or end of a track. */
export interface HiddenCircle {
  lat: number;
  lon: number;
  /** Metres. */
  radius: number;
}

/** A position as the public map draws it: [lat, lon]. */
export type MapPoint = [number, number];

const DEG_TO_RAD = Math.PI / 180;
const METRES_PER_DEGREE = (EARTH_MEAN_RADIUS_M * Math.PI) / 180;

function inside(lat: number, lon: number, circle: HiddenCircle): boolean {
  return haversineDistance(lat, lon, circle.lat, circle.lon) <= circle.radius;
}

/**
 * Whether the straight line between two kept points passes within the circle (metres on a local
 * flat projection around the circle's centre: exact enough at a few hundred metres).
 */
function chordCrosses(a: MapPoint, b: MapPoint, circle: HiddenCircle): boolean {
  const scale = Math.cos(circle.lat * DEG_TO_RAD) * METRES_PER_DEGREE;
  const ax = (a[1] - circle.lon) * scale;
  const ay = (a[0] - circle.lat) * METRES_PER_DEGREE;
  const bx = (b[1] - circle.lon) * scale;
  const by = (b[0] - circle.lat) * METRES_PER_DEGREE;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  const x = ax + t * dx;
  const y = ay + t * dy;
  return Math.sqrt(x * x + y * y) <= circle.radius;
}

/**
 * A track's lines as a visitor may see them: every point inside a zone, or within `endRadius` of
 * the track's first or last point, is removed; the line breaks where a point was removed, where a
 * kept line would cross a hidden circle, and at each recorded gap (`segmentStarts`). Lines of fewer
 * than two points are dropped (nothing to draw).
 */
export function clipTrackForPublic(
  points: readonly MapPoint[],
  zones: readonly HiddenCircle[],
  options: { endRadius?: number; segmentStarts?: readonly number[] } = {},
): MapPoint[][] {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) {
    return [];
  }
  const endRadius = options.endRadius ?? TRACK_END_HIDDEN_RADIUS;
  const circles: HiddenCircle[] = [
    ...zones,
    { lat: first[0], lon: first[1], radius: endRadius },
    { lat: last[0], lon: last[1], radius: endRadius },
  ];
  const gaps = new Set(options.segmentStarts ?? []);
  const lines: MapPoint[][] = [];
  let line: MapPoint[] = [];
  const close = () => {
    if (line.length >= 2) {
      lines.push(line);
    }
    line = [];
  };
  points.forEach((point, index) => {
    if (gaps.has(index)) {
      close();
    }
    if (circles.some((circle) => inside(point[0], point[1], circle))) {
      close();
      return;
    }
    const previous = line.at(-1);
    if (previous && circles.some((circle) => chordCrosses(previous, point, circle))) {
      close();
    }
    line.push(point);
  });
  close();
  return lines;
}

/**
 * A track as every public surface draws it (the public profile's maps, a share card): thinned
 * evenly to {@link PUBLIC_TRACK_MAX_POINTS}, then clipped by the runner's zones and around its own
 * start and end ({@link clipTrackForPublic}).
 */
export function publicTrackLines(track: Track, zones: readonly HiddenCircle[]): MapPoint[][] {
  const shown = toDisplayTrack(track, PUBLIC_TRACK_MAX_POINTS);
  const points = shown.lat.map((lat, i): MapPoint => [lat, shown.lon[i] as number]);
  return clipTrackForPublic(points, zones, { segmentStarts: shown.segmentStarts });
}

/** [lat, lon] lines left after {@link clipTrackForPublic}; empty when nothing may be shown. */
export const publicLinesSchema = z.array(z.array(z.tuple([z.number(), z.number()])));

/** What an activity's share card draws of its route: the lines every public surface shows. */
export const shareTrackSchema = z.object({ lines: publicLinesSchema });
export type ShareTrack = z.infer<typeof shareTrackSchema>;

/** An uploaded activity as the public profile shows it: its figures and its clipped map lines. */
export const publicActivitySchema = z.object({
  name: z.string(),
  type: z.string(),
  startDate: z.string(),
  distance: z.number(),
  movingTime: z.number(),
  elevationGain: z.number(),
  hasTiming: z.boolean(),
  lines: publicLinesSchema,
});
export type PublicActivity = z.infer<typeof publicActivitySchema>;

export const publicMedalSchema = z.object({
  medalId: z.string(),
  title: z.string(),
  type: z.string(),
  earnedAt: z.string(),
});
export type PublicMedal = z.infer<typeof publicMedalSchema>;

/** The totals of the runner's uploaded activities that count (never Strava's, never samples). */
export const publicTotalsSchema = z.object({
  activities: z.number().int(),
  distance: z.number(),
  movingTime: z.number(),
  elevationGain: z.number(),
});
export type PublicTotals = z.infer<typeof publicTotalsSchema>;

/** The public profile's page title (the document's and Open Graph's): the runner's name, else @username. */
export function publicProfileTitle(profile: { name: string; username: string }): string {
  return profile.name.trim() || `@${profile.username}`;
}

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** What a shared link's preview says under the title (Open Graph description). */
export function publicProfileDescription(
  profile: { username: string; bio: string; totals: { activities: number }; medals: readonly unknown[] },
  productName: string,
): string {
  const summary = `@${profile.username} on ${productName}: ${plural(profile.totals.activities, 'uploaded activity', 'uploaded activities')}, ${plural(profile.medals.length, 'medal', 'medals')}.`;
  const bio = profile.bio.replace(/\s+/g, ' ').trim();
  return bio ? `${summary} ${bio.length > 160 ? `${bio.slice(0, 159)}…` : bio}` : summary;
}
