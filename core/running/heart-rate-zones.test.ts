import { describe, expect, it } from 'vitest';
import { TrackBuilder } from '../activity/track.ts';
import {
  HEART_RATE_HISTOGRAM_MAX_BPM,
  heartRateSecondsAtMost,
  heartRateZoneBounds,
  HEART_RATE_ZONE_MODELS,
  zoneMethodOf,
  zoneSeconds,
  zoneSecondsFromEdges,
} from './heart-rate-zones.ts';

interface Stretch {
  seconds: number;
  bpm: number;
  /** Metres per second; 0 is standing still. */
  speed: number;
  /** Starts a new recorded segment (the gap before it was not recorded). */
  newSegment?: boolean;
  /** Seconds between this stretch's first point and the last point before it. */
  gap?: number;
}

/** One point per second per stretch, each stretch at its own heart rate and speed. */
function trackOf(stretches: Stretch[], { positioned = true } = {}) {
  const builder = new TrackBuilder(1024, positioned ? {} : { keepUnpositioned: true });
  let t = 0;
  let d = 0;
  for (const stretch of stretches) {
    if (stretch.newSegment) {
      builder.startSegment();
    }
    t += (stretch.gap ?? 1) - 1;
    for (let i = 0; i < stretch.seconds; i += 1) {
      t += 1;
      d += stretch.speed;
      builder.push({
        time: Date.UTC(2026, 0, 1) + t * 1000,
        lat: positioned ? 46 + d / 111_195 : Number.NaN,
        lon: positioned ? 14.5 : Number.NaN,
        heartRate: stretch.bpm,
        distance: positioned ? d : stretch.speed > 0 ? d : 0,
      });
    }
  }
  return builder.finish();
}

describe('heart-rate zones by % of maximum', () => {
  it('starts each zone at the first whole bpm at its percentage', () => {
    expect(heartRateZoneBounds(190).map((zone) => [zone.fromBpm, zone.toBpm])).toEqual([
      [95, 113],
      [114, 132],
      [133, 151],
      [152, 170],
      [171, null],
    ]);
    // 185 × 0.5 = 92.5 → 93; 185 × 0.7 = 129.5 → 130; 185 × 0.9 = 166.5 → 167.
    expect(heartRateZoneBounds(185).map((zone) => zone.fromBpm)).toEqual([93, 111, 130, 148, 167]);
    expect(heartRateZoneBounds(190).map((zone) => `${zone.name} ${zone.purpose}`)).toEqual([
      'Zone 1 Recovery',
      'Zone 2 Endurance',
      'Zone 3 Tempo',
      'Zone 4 Threshold',
      'Zone 5 Maximum',
    ]);
  });

  it('counts moving seconds at each heart rate, leaving out standing still and unrecorded gaps', () => {
    const track = trackOf([
      { seconds: 601, bpm: 120, speed: 3 },
      { seconds: 300, bpm: 160, speed: 3 },
      // Standing at a crossing: not moving time, so in no zone.
      { seconds: 200, bpm: 100, speed: 0 },
      // After an unrecorded hour (a new segment): its first point joins nothing before it.
      { seconds: 61, bpm: 180, speed: 3, newSegment: true, gap: 3600 },
    ]);
    const atMost = heartRateSecondsAtMost(track);
    expect(atMost).toHaveLength(HEART_RATE_HISTOGRAM_MAX_BPM + 1);
    // The first point of the track starts no segment: 600 s at 120 bpm, then 300 at 160, 60 at 180.
    expect(zoneSeconds(atMost ?? [], heartRateZoneBounds(190))).toEqual([0, 600, 0, 300, 60]);
    expect(atMost?.[HEART_RATE_HISTOGRAM_MAX_BPM]).toBe(960);
    expect(atMost?.[119]).toBe(0);
    expect(atMost?.[120]).toBe(600);
  });

  it('counts an indoor run without a distance by its timed seconds, a long gap being a pause', () => {
    const track = trackOf(
      [
        { seconds: 301, bpm: 140, speed: 0 },
        { seconds: 100, bpm: 175, speed: 0, gap: 120 },
      ],
      { positioned: false },
    );
    const zones = zoneSeconds(heartRateSecondsAtMost(track) ?? [], heartRateZoneBounds(190));
    expect(zones).toEqual([0, 0, 300, 0, 99]);
  });

  it('has no histogram without a plausible heart rate, and counts readings at the chart’s top at the top', () => {
    expect(heartRateSecondsAtMost(trackOf([{ seconds: 100, bpm: Number.NaN, speed: 3 }]))).toBeNull();
    // 300 bpm is outside the plausible range (core/plausible-ranges.ts): dropped from the points.
    expect(heartRateSecondsAtMost(trackOf([{ seconds: 11, bpm: 300, speed: 3 }]))).toBeNull();
    const noisy = heartRateSecondsAtMost(trackOf([{ seconds: 11, bpm: HEART_RATE_HISTOGRAM_MAX_BPM, speed: 3 }]));
    expect(noisy?.[HEART_RATE_HISTOGRAM_MAX_BPM - 1]).toBe(0);
    expect(noisy?.[HEART_RATE_HISTOGRAM_MAX_BPM]).toBe(10);
  });

  it('turns sums taken at the zone edges into seconds per zone', () => {
    // Below zone 1: 100 s; below zone 2: 400; … ; 1,000 s in all.
    expect(zoneSecondsFromEdges([100, 400, 700, 900, 950], 1000)).toEqual([300, 300, 200, 50, 50]);
  });
});

describe('zones by each method', () => {
  const basis = { maxHeartRate: 190, restingHeartRate: 50, lactateThresholdHeartRate: 170 } as const;
  const starts = (method: 'max' | 'reserve' | 'lthr', lthr: number | null = basis.lactateThresholdHeartRate) =>
    heartRateZoneBounds({ ...basis, method, lactateThresholdHeartRate: lthr }).map((zone) => [
      zone.fromBpm,
      zone.toBpm,
    ]);

  it('by maximum heart rate: 50, 60, 70, 80 and 90 % of 190', () => {
    expect(starts('max')).toEqual([
      [95, 113],
      [114, 132],
      [133, 151],
      [152, 170],
      [171, null],
    ]);
  });

  it('by heart-rate reserve (Karvonen): resting 50 + 50…90 % of the 140 bpm reserve', () => {
    // 50 + 0.5 × 140 = 120, 134, 148, 162, 176.
    expect(starts('reserve')).toEqual([
      [120, 133],
      [134, 147],
      [148, 161],
      [162, 175],
      [176, null],
    ]);
  });

  it('by lactate-threshold heart rate (Friel): below 85, 85, 90, 95 and 100 % of 170', () => {
    // 0.85 × 170 = 144.5 → 145; 153; 161.5 → 162; 170.
    expect(starts('lthr')).toEqual([
      [0, 144],
      [145, 152],
      [153, 161],
      [162, 169],
      [170, null],
    ]);
    expect(HEART_RATE_ZONE_MODELS.lthr).toBe('% of lactate-threshold heart rate (Friel), 5 zones');
  });

  it('falls back to the maximum when zones by threshold have no threshold', () => {
    expect(zoneMethodOf({ ...basis, method: 'lthr', lactateThresholdHeartRate: null })).toBe('max');
    expect(starts('lthr', null)).toEqual(starts('max'));
  });
});
