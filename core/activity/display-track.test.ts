import { describe, expect, it } from 'vitest';
import { segmentRanges, toDisplayTrack } from './display-track.ts';
import { TrackBuilder, type Track } from './track.ts';

/** A track of `segments` segments of `perSegment` points each, each segment 1 km east of the last. */
function segmentedTrack(segments: number, perSegment: number): Track {
  const builder = new TrackBuilder();
  for (let s = 0; s < segments; s += 1) {
    builder.startSegment();
    for (let i = 0; i < perSegment; i += 1) {
      builder.push({
        lat: 46 + i * 0.0001,
        lon: 14 + s * 0.013,
        time: Date.UTC(2026, 0, 1) + (s * perSegment + i) * 1000,
      });
    }
  }
  const track = builder.finish();
  track.distance.fill(0);
  return track;
}

describe('segment starts in the display track', () => {
  it('keeps every point and its segment starts when the track fits', () => {
    const display = toDisplayTrack(segmentedTrack(3, 10), 2000);
    expect(display.lat).toHaveLength(30);
    expect(display.segmentStarts).toEqual([10, 20]);
  });

  it('has no segment starts for a track of one segment', () => {
    expect(toDisplayTrack(segmentedTrack(1, 50), 2000).segmentStarts).toEqual([]);
  });

  it('stays within the point bound when thinned, keeping both ends of each gap', () => {
    const track = segmentedTrack(4, 1000);
    const display = toDisplayTrack(track, 100);
    expect(display.lat.length).toBeLessThanOrEqual(100);
    expect(display.pointCount).toBe(4000);
    expect(display.segmentStarts).toHaveLength(3);
    for (const [k, original] of [1000, 2000, 3000].entries()) {
      const at = display.segmentStarts[k] as number;
      // The first shown point of the segment is the segment's first point; the one before it, the last of the previous.
      expect(display.lon[at]).toBe(Number((track.lon[original] as number).toFixed(6)));
      expect(display.lon[at - 1]).toBe(Number((track.lon[original - 1] as number).toFixed(6)));
    }
  });

  it('still marks a break when there are too many gaps to keep both ends of each', () => {
    const display = toDisplayTrack(segmentedTrack(40, 50), 60);
    expect(display.lat.length).toBeLessThanOrEqual(60);
    expect(display.segmentStarts.length).toBeGreaterThan(20);
    expect(new Set(display.segmentStarts).size).toBe(display.segmentStarts.length);
  });
});

describe('segmentRanges', () => {
  it('splits the points at each segment start', () => {
    expect(segmentRanges(30, [10, 20])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
    ]);
    expect(segmentRanges(5, [])).toEqual([[0, 5]]);
    expect(segmentRanges(0, [])).toEqual([]);
  });

  it('ignores starts out of order or out of range', () => {
    expect(segmentRanges(10, [0, 4, 3, 4, 12])).toEqual([
      [0, 4],
      [4, 10],
    ]);
  });
});
