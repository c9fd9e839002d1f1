import { describe, expect, it } from 'vitest';
import { haversineDistance } from './activity/track-distance.ts';
import { METRES_PER_DEGREE_LAT, seededRandom } from './activity/activity-file-builders.test-support.ts';
import {
  clipTrackForPublic,
  PRIVACY_MESSAGES,
  privacyZoneInputSchema,
  TRACK_END_HIDDEN_RADIUS,
  type HiddenCircle,
  type MapPoint,
} from './profile-privacy.ts';

const START: MapPoint = [51.5, -0.12];

/** Points due north of START every `step` metres. */
function northLine(count: number, step: number, from: MapPoint = START): MapPoint[] {
  return Array.from({ length: count }, (_, i) => [from[0] + (i * step) / METRES_PER_DEGREE_LAT, from[1]]);
}

/** A point `metres` north of START. */
function north(metres: number): MapPoint {
  return [START[0] + metres / METRES_PER_DEGREE_LAT, START[1]];
}

function distanceTo(point: MapPoint, circle: HiddenCircle): number {
  return haversineDistance(point[0], point[1], circle.lat, circle.lon);
}

/** The closest any drawn point or line comes to the circle's centre, sampling each line every metre or so. */
function closestApproach(lines: MapPoint[][], circle: HiddenCircle): number {
  let closest = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    for (let i = 1; i < line.length; i += 1) {
      const a = line[i - 1] as MapPoint;
      const b = line[i] as MapPoint;
      const steps = Math.max(1, Math.ceil(haversineDistance(a[0], a[1], b[0], b[1])));
      for (let s = 0; s <= steps; s += 1) {
        const t = s / steps;
        closest = Math.min(closest, distanceTo([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], circle));
      }
    }
  }
  return closest;
}

describe('clipTrackForPublic', () => {
  it('removes every point within a zone around home and hides the start and the end', () => {
    const points = northLine(301, 9); // 2.7 km north from home
    const home: HiddenCircle = { lat: START[0], lon: START[1], radius: 500 };

    const lines = clipTrackForPublic(points, [home]);

    expect(lines).toHaveLength(1);
    const line = lines[0] as MapPoint[];
    expect(Math.min(...line.map((p) => distanceTo(p, home)))).toBeGreaterThan(500);
    const end = points.at(-1) as MapPoint;
    const endCircle = { lat: end[0], lon: end[1], radius: TRACK_END_HIDDEN_RADIUS };
    expect(Math.min(...line.map((p) => distanceTo(p, endCircle)))).toBeGreaterThan(TRACK_END_HIDDEN_RADIUS);
    // Beyond 500 m and short of 2,500 m north are kept: points 56 (504 m) to 277 (2,493 m).
    expect(line).toEqual(points.slice(56, 278));
  });

  it('hides the start and the end of a track even with no zone marked', () => {
    const points = northLine(101, 9); // 900 m

    const lines = clipTrackForPublic(points, []);

    // Points 23 (207 m) to 77 (693 m).
    expect(lines).toEqual([points.slice(23, 78)]);
  });

  it('breaks the line where it passes through a zone, and draws nothing inside it', () => {
    const points = northLine(401, 9); // 3.6 km
    const work: HiddenCircle = { ...toCircle(north(1800)), radius: 300 };

    const lines = clipTrackForPublic(points, [work]);

    // 207 m to 1,494 m, then 2,106 m to 3,393 m.
    expect(lines).toEqual([points.slice(23, 167), points.slice(234, 378)]);
    expect(closestApproach(lines, work)).toBeGreaterThan(300);
  });

  it('does not draw a straight line across a zone between two points either side of it', () => {
    // Points 600 m apart: none falls inside a 250 m zone centred between the 4th and 5th.
    const points = northLine(9, 600);
    const zone: HiddenCircle = { ...toCircle(north(2100)), radius: 250 };

    const lines = clipTrackForPublic(points, [zone], { endRadius: 200 });

    expect(lines).toEqual([points.slice(1, 4), points.slice(4, 8)]);
    expect(closestApproach(lines, zone)).toBeGreaterThan(250);
  });

  it('keeps the gaps between recorded segments', () => {
    const points = northLine(201, 9);

    const lines = clipTrackForPublic(points, [], { segmentStarts: [100] });

    expect(lines).toEqual([points.slice(23, 100), points.slice(100, 178)]);
  });

  it('shows nothing of a track inside a zone, nor of an empty one', () => {
    const points = northLine(50, 5);

    expect(clipTrackForPublic(points, [{ ...toCircle(START), radius: 1000 }])).toEqual([]);
    expect(clipTrackForPublic([], [])).toEqual([]);
  });

  it('never draws within any zone of a winding track (seeded random walks)', () => {
    const random = seededRandom(24);
    for (let run = 0; run < 40; run += 1) {
      let position: MapPoint = START;
      let heading = random() * 2 * Math.PI;
      const points: MapPoint[] = [];
      for (let i = 0; i < 300; i += 1) {
        heading += (random() - 0.5) * 0.6;
        const step = 5 + random() * 60;
        position = [
          position[0] + (Math.cos(heading) * step) / METRES_PER_DEGREE_LAT,
          position[1] + (Math.sin(heading) * step) / (METRES_PER_DEGREE_LAT * Math.cos((position[0] * Math.PI) / 180)),
        ];
        points.push(position);
      }
      const zones: HiddenCircle[] = [0, 1, 2].map(() => ({
        ...toCircle(points[Math.floor(random() * points.length)] as MapPoint),
        radius: 200 + random() * 800,
      }));

      const lines = clipTrackForPublic(points, zones);

      const first = points[0] as MapPoint;
      const last = points.at(-1) as MapPoint;
      for (const circle of [
        ...zones,
        { ...toCircle(first), radius: TRACK_END_HIDDEN_RADIUS },
        { ...toCircle(last), radius: TRACK_END_HIDDEN_RADIUS },
      ]) {
        // Sampling a chord at about 1 m steps may land up to half a metre short of the exact closest point.
        expect(closestApproach(lines, circle)).toBeGreaterThan(circle.radius - 0.5);
      }
    }
  });
});

function toCircle(point: MapPoint): { lat: number; lon: number } {
  return { lat: point[0], lon: point[1] };
}

describe('privacyZoneInputSchema', () => {
  const zone = { label: 'Home', lat: 51.5, lon: -0.12, radius: 400 };

  it('accepts a radius from 200 to 1,000 m', () => {
    expect(privacyZoneInputSchema.parse({ ...zone, radius: 200 }).radius).toBe(200);
    expect(privacyZoneInputSchema.parse({ ...zone, radius: 1000 }).radius).toBe(1000);
  });

  it('refuses a radius outside 200–1,000 m with its sentence', () => {
    for (const radius of [199, 1001, 0, -5]) {
      const result = privacyZoneInputSchema.safeParse({ ...zone, radius });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([PRIVACY_MESSAGES.radius]);
    }
    expect(PRIVACY_MESSAGES.radius).toBe("A privacy zone's radius must be between 200 and 1,000 m.");
  });

  it('refuses positions off the globe and a missing name', () => {
    expect(privacyZoneInputSchema.safeParse({ ...zone, lat: 91 }).error?.issues[0]?.message).toBe(
      'Latitude must be between -90 and 90.',
    );
    expect(privacyZoneInputSchema.safeParse({ ...zone, lon: -181 }).error?.issues[0]?.message).toBe(
      'Longitude must be between -180 and 180.',
    );
    expect(privacyZoneInputSchema.safeParse({ ...zone, label: '  ' }).error?.issues[0]?.message).toBe(
      'Give the place a name, such as Home or Work.',
    );
  });
});
