import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-record.ts';
import { smoothElevation } from './elevation-gain.ts';
import { summarizeTrack } from './metrics.ts';
import { haversineDistance } from './track-distance.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import { computeSplits } from './splits.ts';
import { decodeTrack, encodeTrack } from './track-codec.ts';

const encoder = new TextEncoder();
const context = { fallbackTimeZone: 'UTC', now: new Date('2026-01-01T00:00:00Z') };

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../test/fixtures/real/${name}`, import.meta.url)));
}

/** Points every 10 s, 30 m apart northwards from `lat`, starting at `startMs`. */
function segmentXml(lat: number, startMs: number, points: number): string {
  let xml = '<trkseg>';
  for (let i = 0; i < points; i += 1) {
    const time = new Date(startMs + i * 10_000).toISOString();
    xml += `<trkpt lat="${(lat + (i * 30) / 111_195).toFixed(7)}" lon="14.5"><time>${time}</time></trkpt>`;
  }
  return `${xml}</trkseg>`;
}

function gpx(body: string): Uint8Array {
  return encoder.encode(`<?xml version="1.0"?><gpx version="1.1" creator="test">${body}</gpx>`);
}

/** The haversine length of each <trkseg> of a GPX file, summed: what "the sum of its segments" is. */
function sumOfSegments(bytes: Uint8Array): number {
  const text = new TextDecoder().decode(bytes);
  let total = 0;
  for (const segment of text.split(/<trkseg>/).slice(1)) {
    const points = [...(segment.split('</trkseg>')[0] ?? '').matchAll(/lat="([-\d.]+)"\s+lon="([-\d.]+)"/g)].map(
      (m) => [Number(m[1]), Number(m[2])] as const,
    );
    for (let i = 1; i < points.length; i += 1) {
      const [a, b] = [points[i - 1]!, points[i]!];
      total += haversineDistance(a[0], a[1], b[0], b[1]);
    }
  }
  return total;
}

describe('tracks and segments with gaps', () => {
  // Two segments of 100 points (99 × 30 m = 2970 m, 990 s each), the second 50 km north and an hour later.
  const start = Date.parse('2026-05-01T08:00:00Z');
  const twoSegments = gpx(
    `<trk><name>Split</name>${segmentXml(46, start, 100)}${segmentXml(46.45, start + 3_600_000, 100)}</trk>`,
  );
  const twoTracks = gpx(
    `<trk>${segmentXml(46, start, 100)}</trk><trk>${segmentXml(46.45, start + 3_600_000, 100)}</trk>`,
  );

  it.each([
    ['segments', twoSegments],
    ['tracks', twoTracks],
  ])('leaves the jump between two %s out of distance, moving time and maximum speed', (_, bytes) => {
    const parsed = parseActivityFile('gpx', bytes);
    expect(Array.from(parsed.track.segmentStarts ?? [])).toEqual([100]);
    const summary = summarizeTrack(parsed.track);
    expect(summary.distance).toBeCloseTo(2 * 2970, 0);
    expect(summary.movingTime).toBe(2 * 990);
    expect(summary.elapsedTime).toBe(3600 + 990);
    expect(summary.averageSpeed).toBeCloseTo(summary.distance / summary.movingTime, 9);
    expect(summary.maxSpeed).toBeCloseTo(3, 1);
  });

  it('gives splits whose distances and moving times add up to the totals, none across the gap', () => {
    const record = describeActivity(parseActivityFile('gpx', twoSegments), context);
    const splits = record.splitsMetric;
    expect(splits.map((s) => Math.round(s.distance))).toEqual([1000, 1000, 1000, 1000, 1000, 940]);
    // Whole seconds that add up to the moving time, rounded.
    expect(splits.reduce((sum, s) => sum + s.moving_time, 0)).toBe(Math.round(record.movingTime));
    for (const split of splits) {
      // 30 m every 10 s throughout: every split, the one spanning the gap included, is 3 m/s.
      expect(Math.abs(split.moving_time - split.distance / 3)).toBeLessThanOrEqual(1);
      expect(split.average_speed).toBe(split.distance / split.moving_time);
    }
  });

  it('keeps the rule through storage: a decoded track gives the same figures', () => {
    const parsed = parseActivityFile('gpx', twoTracks);
    const decoded = decodeTrack(encodeTrack(parsed.track));
    expect(summarizeTrack(decoded).distance).toBeCloseTo(summarizeTrack(parsed.track).distance, 1);
    expect(summarizeTrack(decoded).movingTime).toBe(summarizeTrack(parsed.track).movingTime);
    expect(computeSplits(decoded, 'standard').length).toBe(computeSplits(parsed.track, 'standard').length);
  });

  it('leaves a gap between two TCX tracks of one lap out of the distance', () => {
    const trackXml = (lat: number, startMs: number) =>
      `<Track>${Array.from(
        { length: 50 },
        (_, i) =>
          `<Trackpoint><Time>${new Date(startMs + i * 10_000).toISOString()}</Time><Position><LatitudeDegrees>${(
            lat +
            (i * 30) / 111_195
          ).toFixed(7)}</LatitudeDegrees><LongitudeDegrees>14.5</LongitudeDegrees></Position></Trackpoint>`,
      ).join('')}</Track>`;
    const tcx = encoder.encode(
      `<?xml version="1.0"?><TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>${new Date(start).toISOString()}</Id>` +
        `<Lap StartTime="${new Date(start).toISOString()}">${trackXml(46, start)}${trackXml(46.45, start + 3_600_000)}</Lap>` +
        `</Activity></Activities></TrainingCenterDatabase>`,
    );
    const summary = summarizeTrack(parseActivityFile('tcx', tcx).track);
    expect(summary.distance).toBeCloseTo(2 * 49 * 30, 0);
    expect(summary.movingTime).toBe(2 * 490);
  });

  it('measures korita-zbevnica.gpx (4 tracks, one untimed) as the sum of its segments, pace agreeing', () => {
    const bytes = fixture('korita-zbevnica.gpx');
    const record = describeActivity(parseActivityFile('gpx', bytes), context);
    expect(record.distance).toBeCloseTo(sumOfSegments(bytes), 3);
    expect(record.averageSpeed).toBeCloseTo(record.distance / record.movingTime, 9);
    const splitTime = record.splitsStandard.reduce((sum, s) => sum + s.moving_time, 0);
    const splitDistance = record.splitsStandard.reduce((sum, s) => sum + s.distance, 0);
    expect(splitTime).toBeCloseTo(record.movingTime, 6);
    expect(splitDistance).toBeCloseTo(record.distance, 6);
  });
});

describe('elevation smoothing by segment', () => {
  it('never averages the two sides of a gap, where the distance stands still', () => {
    // Two flat segments, 100 m and 900 m high, joined where the distance does not advance.
    const elevation = Float64Array.from([100, 100, 100, 900, 900, 900]);
    const distance = Float64Array.from([0, 10, 20, 20, 30, 40]);
    expect(Array.from(smoothElevation(elevation, distance, Uint32Array.from([3])))).toEqual([
      100, 100, 100, 900, 900, 900,
    ]);
    // Without the segment starts the gap would be smoothed over.
    expect(smoothElevation(elevation, distance)[2]).not.toBe(100);
  });
});
